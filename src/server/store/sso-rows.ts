// What single sign-on's stores share (docs/decisions/051, 085): how long a sign-in may stay at
// the provider, the SAML provider's settings beside its keys with their defaults, and dropping
// rows nobody finished. Apart from ./sso.ts and ./sso-saml.ts, which both read them.
import type { GroupRoles, SsoPreset } from '#/api/sso';
import type { DashboardDb } from './db';

/** How long a sign-in may stay at the provider before its answer is refused. */
export const SSO_LOGIN_TTL_MS = 10 * 60 * 1000;

/** A SAML provider's settings beside its keys (docs/decisions/085). */
export interface SamlOptions {
  preset: SsoPreset;
  /** The attribute of the address; empty: the NameID. */
  emailAttribute: string;
  nameAttribute: string;
  /** Sign-in started at the provider (no request of ours) is taken. */
  allowIdpInitiated: boolean;
  /** Where its metadata is fetched from and kept up to date; null when pasted. */
  metadataUrl: string | null;
  metadataFetchedAt: number | null;
  /** Why the last fetch of the metadata failed; null when it did not. */
  metadataProblem: string | null;
  /** Its metadata's WantAuthnRequestsSigned. */
  signsRequests: boolean;
  /** Its single logout URL (HTTP-Redirect), when its metadata names one. */
  logoutUrl: string | null;
}
export const SAML_DEFAULTS: SamlOptions = {
  preset: 'other',
  emailAttribute: 'email',
  nameAttribute: 'displayName',
  allowIdpInitiated: false,
  metadataUrl: null,
  metadataFetchedAt: null,
  metadataProblem: null,
  signsRequests: false,
  logoutUrl: null,
};

/** A row's options over the defaults (rows from before migration 037 hold `{}`). */
export const optionsOf = <T extends object>(defaults: T, text: string): T => ({
  ...defaults,
  ...(JSON.parse(text || '{}') as Partial<T>),
});

/** The workspace's SAML identity provider, as its metadata said and the admin chose. */
export interface SamlConnection extends SamlOptions {
  entityId: string;
  entryPoint: string;
  /** Its signing certificates, PEM. */
  certificates: string[];
  groupsAttribute: string;
  domains: string[];
  roleMap: GroupRoles[];
  updatedAt: number;
  updatedBy: string | null;
  lastSignInAt: number | null;
  lastSignInEmail: string | null;
}

/** A sign-in table's rows made before `before` (what nobody finished, or is long gone). */
export const dropOlder = (
  store: DashboardDb,
  table: 'sso_login' | 'sso_saml_request' | 'sso_saml_session',
  before: number,
) => store.db.deleteFrom(table).where('created_at', '<', before).execute();

/** The options of a SAML provider's settings, the defaults where none is given. */
export const samlOptionsOf = (settings: Partial<SamlOptions>): SamlOptions =>
  Object.fromEntries(
    Object.entries(SAML_DEFAULTS).map(([key, fallback]) => [
      key,
      settings[key as keyof SamlOptions] ?? fallback,
    ]),
  ) as unknown as SamlOptions;
