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
import { requiredText, wholeNumber } from './schemas/common';
import { ControlChangeHeld } from './controls';

import { ssoStartEndpoints } from './sso-start';

const ADMIN = WORKSPACE_ROLES.administer;

/** A domain an email address may end in: lower-case labels, at least one dot. */
export const EmailDomain = requiredText(253)
  .transform((d) => d.toLowerCase().replace(/^@/, ''))
  .pipe(
    z.string().regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, {
      error: 'must be a domain such as partner.example',
    }),
  );

/** One group of the provider and the roles it gives. */
export const GroupRoles = z.object({
  group: requiredText(256),
  roles: z.array(Role, { error: 'must be a list of roles' }).min(1, {
    error: 'must name at least one role',
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

/** The issuer of an OpenID provider: https, or http on this machine only (a test provider). */
export const IssuerUrl = requiredText(2048)
  .pipe(z.url({ protocol: /^https?$/, error: 'must be the https URL of the provider' }))
  .refine(
    (text) => {
      const url = urlOf(text);
      return url === undefined || url.protocol === 'https:' || onThisMachine(url);
    },
    { error: 'must use https (http only for a provider on this machine)' },
  )
  .refine(
    (text) => {
      const url = urlOf(text);
      return url === undefined || (!url.username && !url.password && !url.hash);
    },
    { error: 'must not carry a user, password or fragment' },
  );

export const OidcSettingsForm = z.object({
  issuer: IssuerUrl,
  clientId: requiredText(256),
  /** Absent keeps the stored secret; the first save must give one. */
  clientSecret: z
    .string({ error: 'must be text' })
    .trim()
    .max(512, { error: 'must be at most 512 characters' })
    .optional(),
  groupsClaim: requiredText(100),
  domains: z
    .array(EmailDomain, { error: 'must be a list of domains' })
    .min(1, { error: 'must name at least one domain' })
    .max(50, { error: 'must be at most 50 domains' }),
  roleMap: z
    .array(GroupRoles, { error: 'must be a list of groups and their roles' })
    .min(1, { error: 'must map at least one group to roles' })
    .max(100, { error: 'must be at most 100 groups' }),
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
  issuer: z.string(),
  clientId: z.string(),
  /** The client secret's last four characters: which one is kept, never the secret. */
  secretHint: z.string(),
  groupsClaim: z.string(),
});
export type OidcSettings = z.infer<typeof OidcSettings>;

export const SignInPolicy = z.object({
  /** Addresses in the provider's domains must sign in through it. */
  ssoRequired: z.boolean({ error: 'must be true or false' }),
  /** Admins who keep their password (and authenticator) when SSO is required. */
  breakGlass: z
    .array(Email, { error: 'must be a list of email addresses' })
    .max(10, { error: 'must be at most 10 people' }),
  /** How long a session lasts at most, whatever it does (hours). */
  sessionHours: wholeNumber(1, 24, 'hours').default(12),
  /** How long a session may sit idle before it ends (minutes); the page warns 2 minutes before. */
  idleMinutes: wholeNumber(5, 240, 'minutes').default(30),
});
export type SignInPolicy = z.infer<typeof SignInPolicy>;
export type SignInPolicyForm = z.input<typeof SignInPolicy>;

/** A SAML identity provider: its metadata as the admin pastes it, and what it covers. */
export const SamlSettingsForm = z.object({
  metadataXml: requiredText(200 * 1024, { type: 'must be the XML text of the metadata' }),
  groupsAttribute: requiredText(200),
  domains: OidcSettingsForm.shape.domains,
  roleMap: OidcSettingsForm.shape.roleMap,
});
export type SamlSettingsForm = z.input<typeof SamlSettingsForm>;

export const SamlSettings = ProviderCoverage.extend({
  entityId: z.string(),
  entryPoint: z.string(),
  /** Each signing certificate: whom it names and until when it is good. */
  certificates: z.array(z.object({ subject: z.string(), validTo: z.string() })),
  groupsAttribute: z.string(),
});
export type SamlSettings = z.infer<typeof SamlSettings>;

export const SsoSettings = z.object({
  oidc: OidcSettings.nullable(),
  saml: SamlSettings.nullable(),
  policy: SignInPolicy,
  /** Where the OpenID provider sends people back: to register with the provider. */
  redirectUri: z.string(),
  /** What a SAML provider is given: this dashboard's entity id, its ACS and metadata URLs. */
  serviceProvider: z.object({ entityId: z.string(), acsUrl: z.string(), metadataUrl: z.string() }),
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
    invalid: 'The single sign-on settings are not valid.',
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
    invalid: 'The SAML settings are not valid.',
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
    invalid: 'The sign-in policy is not valid.',
    response: SsoSettings,
    roles: ADMIN,
    audit: 'set sign-in policy',
    errors: {
      409: 'SSO cannot be required without a provider, or without an admin to break glass',
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
