// Single sign-on (docs/decisions/051): the workspace's OpenID Connect provider as an admin sets
// it up (the issuer found by discovery, the client, the claim that carries groups, the email
// domains it covers and which groups give which roles), the sign-in policy (SSO required for
// those domains, with named break-glass admins), and the two legs of a sign-in through it:
// the start, which sends the browser to the provider, and the callback it comes back to.
// Declared once (docs/decisions/027).
import { z } from 'zod';
import { Email, Role } from './dashboard';
import { endpoints } from './endpoints';
import { WORKSPACE_ROLES } from './roles';
import { oneOf, requiredText, wholeNumber, toldText } from './schemas/common';
import { ControlChangeHeld } from './controls';

import { ssoStartEndpoints } from './sso-start';
import { invalid, V } from './validation-words';
import { CW } from './contract-words';

const ADMIN = WORKSPACE_ROLES.administer;

/** A domain an email address may end in: lower-case labels, at least one dot. */
export const EmailDomain = requiredText(253)
  .transform((d) => d.toLowerCase().replace(/^@/, ''))
  .pipe(
    z.string().regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, {
      error: invalid(CW.domain),
    }),
  );

/**
 * One group of the provider and the roles it gives. Groups match ignoring case; a provider that
 * names groups by an id (Entra ID's object ids) gets a label for people to read.
 */
export const GroupRoles = z.object({
  group: requiredText(256),
  label: z
    .string({ error: invalid(V.text) })
    .trim()
    .max(100, { error: invalid(V.maxChars, { max: 100 }) })
    .optional(),
  roles: z.array(Role, { error: invalid(V.roles) }).min(1, {
    error: invalid(V.oneRole),
  }),
});
export type GroupRoles = z.infer<typeof GroupRoles>;

/**
 * An identity provider on this machine (a test's): the only one allowed plain http, for its
 * issuer, its sign-in URL and its discovery.
 */
export const onThisMachine = (url: URL) =>
  ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/** A URL as the platform reads it, or undefined (the refinements below run on what failed too). */
const urlOf = (text: string) => {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
};

/** A URL of an identity provider: https, or http on this machine only (a test provider). */
const providerUrl = (what: 'provider' | 'metadata') =>
  requiredText(2048)
    .pipe(
      z.url({
        protocol: /^https?$/,
        error: invalid(what === 'provider' ? CW.providerHttps : CW.metadataHttps),
      }),
    )
    .refine(
      (text) => {
        const url = urlOf(text);
        return url === undefined || url.protocol === 'https:' || onThisMachine(url);
      },
      { error: invalid(CW.httpsOnly) },
    );

/** The issuer of an OpenID provider. */
export const IssuerUrl = providerUrl('provider').refine(
  (text) => {
    const url = urlOf(text);
    return url === undefined || (!url.username && !url.password && !url.hash);
  },
  { error: invalid(CW.noUserinfo) },
);

/** The identity providers whose defaults the settings know (docs/decisions/085). */
export const SSO_PRESETS = ['entra', 'okta', 'google', 'other'] as const;
export const SsoPreset = oneOf(SSO_PRESETS);
export type SsoPreset = z.infer<typeof SsoPreset>;

/**
 * Each provider: its name (and a short one for a switch), whether it names groups by id (Entra ID
 * sends group object ids unless told otherwise: each needs a label to be read), and the
 * attributes of a SAML assertion it sends by default for the address (empty: the NameID), the
 * name and the groups. Every preset's OpenID groups claim is `groups`.
 */
export const PROVIDER_PRESETS: Record<
  SsoPreset,
  {
    label: string;
    short: string;
    groupsById: boolean;
    saml: { email: string; name: string; groups: string };
  }
> = {
  entra: {
    label: 'Microsoft Entra ID',
    short: 'Entra ID',
    groupsById: true,
    saml: {
      email: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
      name: 'http://schemas.microsoft.com/identity/claims/displayname',
      groups: 'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups',
    },
  },
  okta: {
    label: 'Okta',
    short: 'Okta',
    groupsById: false,
    saml: { email: 'email', name: 'displayName', groups: 'groups' },
  },
  google: {
    label: 'Google Workspace',
    short: 'Google',
    groupsById: false,
    saml: { email: '', name: 'name', groups: 'groups' },
  },
  other: {
    label: 'Another provider',
    short: 'Other',
    groupsById: false,
    saml: { email: 'email', name: 'displayName', groups: 'groups' },
  },
};

/** Where a provider's metadata is fetched from. */
export const MetadataUrl = providerUrl('metadata');

/** How the dashboard proves itself to the OpenID provider at its token endpoint. */
export const CLIENT_AUTH = ['client_secret_post', 'private_key_jwt'] as const;

export const OidcSettingsForm = z.object({
  preset: SsoPreset.default('other'),
  /**
   * Entra ID: the directory (tenant) id the ID token's `tid` and issuer must name; Google
   * Workspace: the domain its `hd` claim must carry. Empty for others.
   */
  tenant: z
    .string({ error: invalid(V.text) })
    .trim()
    .max(253, { error: invalid(V.maxChars, { max: 253 }) })
    .default(''),
  clientAuth: oneOf(CLIENT_AUTH).default('client_secret_post'),
  issuer: IssuerUrl,
  clientId: requiredText(256),
  /** Absent keeps the stored secret; the first save must give one. */
  clientSecret: z
    .string({ error: invalid(V.text) })
    .trim()
    .max(512, { error: invalid(V.maxChars, { max: 512 }) })
    .optional(),
  groupsClaim: requiredText(100),
  domains: z
    .array(EmailDomain, { error: invalid(CW.domains) })
    .min(1, { error: invalid(CW.oneDomain) })
    .max(50, { error: invalid(CW.maxDomains, { max: 50 }) }),
  roleMap: z
    .array(GroupRoles, { error: invalid(CW.groups) })
    .min(1, { error: invalid(CW.oneGroup) })
    .max(100, { error: invalid(CW.maxGroups, { max: 100 }) }),
});
export type OidcSettingsForm = z.input<typeof OidcSettingsForm>;

/** What every provider's settings say, whatever its protocol: what it covers, and its use. */
const ProviderCoverage = z.object({
  domains: z.array(z.string()),
  roleMap: z.array(GroupRoles),
  updatedAt: z.int(),
  updatedBy: z.string().nullable(),
  lastSignInAt: z.int().nullable(),
  lastSignInEmail: z.string().nullable(),
});

export const OidcSettings = ProviderCoverage.extend({
  preset: SsoPreset,
  tenant: z.string(),
  clientAuth: z.enum(CLIENT_AUTH),
  /** With private_key_jwt: where the provider reads the dashboard's public key (its JWKS). */
  jwksUri: z.string().nullable(),
  issuer: z.string(),
  clientId: z.string(),
  /** The client secret's last four characters: which one is kept, never the secret. */
  secretHint: z.string(),
  groupsClaim: z.string(),
});
export type OidcSettings = z.infer<typeof OidcSettings>;

export const SignInPolicy = z.object({
  /** Addresses in the provider's domains must sign in through it. */
  ssoRequired: z.boolean({ error: invalid(V.trueOrFalse) }),
  /** Admins who keep their password (and authenticator) when SSO is required. */
  breakGlass: z
    .array(Email, { error: invalid(CW.emails) })
    .max(10, { error: invalid(CW.maxPeople, { max: 10 }) }),
  /** How long a session lasts at most, whatever it does (hours). */
  sessionHours: wholeNumber(1, 24, 'hours').default(12),
  /** How long a session may sit idle before it ends (minutes); the page warns 2 minutes before. */
  idleMinutes: wholeNumber(5, 240, 'minutes').default(30),
});
export type SignInPolicy = z.infer<typeof SignInPolicy>;
export type SignInPolicyForm = z.input<typeof SignInPolicy>;

/** An attribute's name as a provider sends it; empty for "not sent" where that is allowed. */
const attributeName = z
  .string({ error: invalid(V.text) })
  .trim()
  .max(200, { error: invalid(V.maxChars, { max: 200 }) });

/**
 * A SAML identity provider: its metadata (pasted, or fetched from its URL and kept up to date),
 * the attributes that carry the address, the name and the groups (filled by a preset, editable),
 * whether sign-in started at the provider is taken, and what it covers (docs/decisions/085).
 */
export const SamlSettingsForm = z
  .object({
    preset: SsoPreset.default('other'),
    metadataXml: z
      .string({ error: invalid(CW.metadataXml) })
      .trim()
      .max(200 * 1024, { error: invalid(V.maxChars, { max: 200 * 1024 }) })
      .optional(),
    metadataUrl: MetadataUrl.optional(),
    /** Empty: the address is the NameID (absent: another provider's default, `email`). */
    emailAttribute: attributeName.default(PROVIDER_PRESETS.other.saml.email),
    nameAttribute: attributeName.default(PROVIDER_PRESETS.other.saml.name),
    groupsAttribute: requiredText(200),
    allowIdpInitiated: z.boolean({ error: invalid(V.trueOrFalse) }).default(false),
    domains: OidcSettingsForm.shape.domains,
    roleMap: OidcSettingsForm.shape.roleMap,
  })
  .superRefine((form, context) => {
    // Neither keeps the metadata saved (the server refuses that the first time).
    if (form.metadataXml && form.metadataUrl)
      context.addIssue({
        code: 'custom',
        path: ['metadataUrl'],
        message: invalid(CW.metadataOneWay),
      });
  });
export type SamlSettingsForm = z.input<typeof SamlSettingsForm>;

export const SamlSettings = ProviderCoverage.extend({
  preset: SsoPreset,
  entityId: z.string(),
  entryPoint: z.string(),
  /** Where the metadata is fetched from and kept up to date; null when it was pasted. */
  metadataUrl: z.string().nullable(),
  /** When the metadata was last fetched from its URL, and what went wrong the last time, if it did. */
  metadataFetchedAt: z.int().nullable(),
  metadataProblem: toldText().nullable(),
  /** Each signing certificate: whom it names and until when it is good. */
  certificates: z.array(z.object({ subject: z.string(), validTo: z.string() })),
  emailAttribute: z.string(),
  nameAttribute: z.string(),
  groupsAttribute: z.string(),
  allowIdpInitiated: z.boolean(),
  /** The provider asks for signed AuthnRequests (its metadata's WantAuthnRequestsSigned). */
  signsRequests: z.boolean(),
  /** The provider's single logout URL, when its metadata names one. */
  logoutUrl: z.string().nullable(),
});
export type SamlSettings = z.infer<typeof SamlSettings>;

/** What an admin's test sign-in found: what the provider sent, and what it would give. */
export const SsoTestResult = z.object({
  protocol: z.enum(['oidc', 'saml']),
  provider: z.string(),
  at: z.int(),
  by: z.string(),
  /** Whether that person would be signed in; if not, why, in words. */
  wouldSignIn: z.boolean(),
  refusal: toldText().nullable(),
  subject: z.string().nullable(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  /** The groups as sent, each with its label where the map gives one. */
  groups: z.array(z.string()),
  roles: z.array(Role),
  /** Every attribute (or claim) the provider sent, as text. */
  claims: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
});
export type SsoTestResult = z.infer<typeof SsoTestResult>;

export const SsoSettings = z.object({
  oidc: OidcSettings.nullable(),
  saml: SamlSettings.nullable(),
  policy: SignInPolicy,
  /** Where the OpenID provider sends people back: to register with the provider. */
  redirectUri: z.string(),
  /** What a SAML provider is given: this dashboard's entity id, its ACS and metadata URLs. */
  serviceProvider: z.object({
    entityId: z.string(),
    acsUrl: z.string(),
    metadataUrl: z.string(),
    /** Where the provider sends logout messages (single logout). */
    logoutUrl: z.string(),
    /** The certificates our metadata publishes: whom each names, until when it is good. */
    signingCertificate: z.object({ subject: z.string(), validTo: z.string() }),
    encryptionCertificate: z.object({ subject: z.string(), validTo: z.string() }),
  }),
  /** The dashboard's public key for private_key_jwt, as the OpenID provider reads it. */
  jwksUri: z.string(),
  /** The last test sign-in, if an admin made one. */
  lastTest: SsoTestResult.nullable(),
});
export type SsoSettings = z.infer<typeof SsoSettings>;

export const ssoEndpoints = endpoints({
  getSso: {
    method: 'GET',
    path: '/admin/sso',
    summary: 'The single sign-on provider, the sign-in policy and the redirect URI to register',
    response: SsoSettings,
    roles: ADMIN,
    audit: 'read single sign-on',
  },
  setOidc: {
    method: 'PUT',
    path: '/admin/sso/oidc',
    summary:
      "Set up the OpenID Connect provider: its issuer (checked by discovery), the client, the groups claim, the domains it covers and each group's roles",
    body: OidcSettingsForm,
    response: SsoSettings,
    roles: ADMIN,
    audit: 'set single sign-on',
    // Groups give roles: with two or more admins a second one approves it first (042).
    held: ControlChangeHeld,
    errors: { 502: 'The provider could not be reached, or its discovery document is not valid' },
  },
  setSaml: {
    method: 'PUT',
    path: '/admin/sso/saml',
    summary:
      "Set up the SAML identity provider from its metadata (entity id, sign-in URL, signing certificates), the attribute that carries groups, the domains it covers and each group's roles",
    body: SamlSettingsForm,
    response: SsoSettings,
    roles: ADMIN,
    audit: 'set SAML sign-on',
    held: ControlChangeHeld,
    errors: { 409: 'Another provider covers one of the domains' },
  },
  removeSaml: {
    method: 'DELETE',
    path: '/admin/sso/saml',
    summary: 'Remove the SAML identity provider',
    response: SsoSettings,
    roles: ADMIN,
    audit: 'remove SAML sign-on',
  },
  removeOidc: {
    method: 'DELETE',
    path: '/admin/sso/oidc',
    summary: 'Remove the OpenID Connect provider: everyone signs in with a password again',
    response: SsoSettings,
    roles: ADMIN,
    audit: 'remove single sign-on',
  },
  setSignInPolicy: {
    method: 'PUT',
    path: '/admin/sso/policy',
    summary: 'Require single sign-on for the covered domains, with break-glass admins',
    body: SignInPolicy,
    response: SsoSettings,
    roles: ADMIN,
    audit: 'set sign-in policy',
    errors: {
      409: 'SSO cannot be required without a provider, or without an admin to break glass',
    },
  },
  startSsoTest: {
    method: 'POST',
    path: '/admin/sso/test',
    summary:
      'Start a test sign-in through a provider: the admin signs in there, and the claims it sends and the roles they would give are kept for Settings; nobody is signed in',
    body: z.object({ protocol: oneOf(['oidc', 'saml']) }),
    response: z.object({ url: z.string() }),
    roles: ADMIN,
    audit: 'start a test sign-in',
    errors: {
      409: 'No provider of that protocol is set up',
      502: 'The provider could not be reached',
    },
  },
  ...ssoStartEndpoints,
  ssoCallback: {
    method: 'GET',
    path: '/sso/oidc/callback',
    summary:
      "Where the OpenID provider sends the browser back: the answer is checked, the person's roles follow their groups, and a session starts",
    access: 'public',
    query: z.record(z.string(), z.string().max(4096)),
    response: z.unknown(),
    redirect: 'To the sign-in page, with the reason the sign-in was refused',
    errors: {
      200: 'Signed in: a page that takes the browser on into the dashboard (a navigation of this site, so that the session cookie, SameSite=Strict, goes with it)',
    },
  },
});
