// The workspace's single sign-on in its database (migration 026, docs/decisions/051): the
// OpenID provider's settings with the client secret sealed by the vault, the sign-in policy
// (a workspace setting), and the sign-ins under way, each used once.
import type { GroupRoles, OidcSettings, SignInPolicy, SsoTestResult } from '#/api/sso';
import type { Selectable } from 'kysely';
import type { DashboardDb } from './db';
import type { SsoConnectionTable } from './schema';
import type { Vault } from './vault';
import { putWorkspaceSetting } from './workspace-settings';
import { sha256 } from './workspace';
import { ownKeys } from '../sso/own-keys';
import { samlUpkeep } from './sso-saml';
import {
  dropOlder,
  optionsOf,
  SAML_DEFAULTS,
  type SamlConnection,
  type SamlOptions,
  samlOptionsOf,
  SSO_LOGIN_TTL_MS,
} from './sso-rows';

export { SSO_LOGIN_TTL_MS };
export type { SamlConnection, SamlOptions };

const POLICY_KEY = 'signInPolicy';
const TEST_KEY = 'ssoLastTest';
const NO_POLICY: SignInPolicy = {
  ssoRequired: false,
  breakGlass: [],
  sessionHours: 12,
  idleMinutes: 30,
};

/** What the server needs to talk to the provider, the secret in clear: never sent to a browser. */
export interface OidcConnection extends Omit<OidcSettings, 'secretHint' | 'jwksUri'> {
  clientSecret: string;
}

/** An OpenID provider's settings beside its client (docs/decisions/085). */
export type OidcOptions = Pick<OidcConnection, 'preset' | 'tenant' | 'clientAuth'>;
const OIDC_DEFAULTS: OidcOptions = {
  preset: 'other',
  tenant: '',
  clientAuth: 'client_secret_post',
};

/** What a provider's row says of what it covers and of its use, whatever its protocol. */
function coverageOf(row: Selectable<SsoConnectionTable>) {
  return {
    domains: JSON.parse(row.domains) as string[],
    roleMap: JSON.parse(row.role_map) as GroupRoles[],
    updatedAt: Number(row.updated_at),
    updatedBy: row.updated_by,
    lastSignInAt: row.last_sign_in_at === null ? null : Number(row.last_sign_in_at),
    lastSignInEmail: row.last_sign_in_email,
  };
}

export interface SsoLogin {
  protocol: string;
  browserHash: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string | null;
  createdAt: number;
}

export type SsoStore = ReturnType<typeof ssoStore>;

export function ssoStore(store: DashboardDb, vault: Vault, now: () => number) {
  const { db } = store;
  const bound = (protocol: string) => `sso_connection:${protocol}`;

  /** Saves a provider's row (inserted, or replaced), with what every provider covers. */
  async function put(
    row: Pick<
      Selectable<SsoConnectionTable>,
      'protocol' | 'issuer' | 'client_id' | 'secret_sealed' | 'groups_claim' | 'options'
    > &
      Partial<Pick<Selectable<SsoConnectionTable>, 'entry_point' | 'certificates'>>,
    coverage: { domains: readonly string[]; roleMap: readonly GroupRoles[] },
    by: string,
  ) {
    const values = {
      ...row,
      domains: JSON.stringify(coverage.domains),
      role_map: JSON.stringify(coverage.roleMap),
      updated_at: now(),
      updated_by: by,
    };
    await db
      .insertInto('sso_connection')
      .values(values)
      .onConflict((oc) => oc.column('protocol').doUpdateSet(values))
      .execute();
  }

  /** A protocol's provider row, if one is set up. */
  const rowOf = (protocol: 'oidc' | 'saml') =>
    db.selectFrom('sso_connection').selectAll().where('protocol', '=', protocol).executeTakeFirst();

  /** The SAML provider, as its metadata said and the admin chose. */
  async function saml(): Promise<SamlConnection | undefined> {
    const row = await rowOf('saml');
    if (!row) return undefined;
    return {
      entityId: row.issuer,
      entryPoint: row.entry_point ?? '',
      certificates: JSON.parse(row.certificates ?? '[]') as string[],
      groupsAttribute: row.groups_claim,
      ...optionsOf(SAML_DEFAULTS, row.options),
      ...coverageOf(row),
    };
  }

  return {
    /** The dashboard's own keys for single sign-on, sealed in the database. */
    keys: ownKeys(store, vault, now),
    ...samlUpkeep(store, now, () => saml()),

    async oidc(): Promise<OidcConnection | undefined> {
      const row = await rowOf('oidc');
      if (!row) return undefined;
      return {
        issuer: row.issuer,
        clientId: row.client_id,
        clientSecret: vault.open(row.secret_sealed, bound('oidc')),
        groupsClaim: row.groups_claim,
        ...optionsOf(OIDC_DEFAULTS, row.options),
        ...coverageOf(row),
      };
    },

    /** Whether a provider is set up, of either protocol (without opening a secret). */
    async hasProvider(): Promise<boolean> {
      const row = await db.selectFrom('sso_connection').select('protocol').executeTakeFirst();
      return row !== undefined;
    },

    saml,

    async setSaml(
      settings: Pick<
        SamlConnection,
        'entityId' | 'entryPoint' | 'certificates' | 'groupsAttribute' | 'domains' | 'roleMap'
      > &
        Partial<SamlOptions>,
      by: string,
    ): Promise<void> {
      await put(
        {
          protocol: 'saml',
          issuer: settings.entityId,
          client_id: '',
          secret_sealed: '',
          entry_point: settings.entryPoint,
          certificates: JSON.stringify(settings.certificates),
          groups_claim: settings.groupsAttribute,
          options: JSON.stringify(samlOptionsOf(settings)),
        },
        settings,
        by,
      );
    },

    async removeSaml(): Promise<void> {
      await db.deleteFrom('sso_connection').where('protocol', '=', 'saml').execute();
    },

    async setOidc(
      settings: Pick<
        OidcConnection,
        'issuer' | 'clientId' | 'clientSecret' | 'groupsClaim' | 'domains' | 'roleMap'
      > &
        Partial<OidcOptions>,
      by: string,
    ): Promise<void> {
      await put(
        {
          protocol: 'oidc',
          issuer: settings.issuer,
          client_id: settings.clientId,
          secret_sealed: vault.seal(settings.clientSecret, bound('oidc')),
          groups_claim: settings.groupsClaim,
          options: JSON.stringify({
            preset: settings.preset ?? OIDC_DEFAULTS.preset,
            tenant: settings.tenant ?? OIDC_DEFAULTS.tenant,
            clientAuth: settings.clientAuth ?? OIDC_DEFAULTS.clientAuth,
          }),
        },
        settings,
        by,
      );
    },

    /** The client secret sealed for a change waiting for a second admin (never kept in clear). */
    sealPending(secret: string): string {
      return vault.seal(secret, 'sso_connection:pending');
    },
    openPending(sealed: string): string {
      return vault.open(sealed, 'sso_connection:pending');
    },

    async removeOidc(): Promise<void> {
      await db.deleteFrom('sso_connection').where('protocol', '=', 'oidc').execute();
    },

    async noteSignIn(protocol: string, email: string): Promise<void> {
      await db
        .updateTable('sso_connection')
        .set({ last_sign_in_at: now(), last_sign_in_email: email })
        .where('protocol', '=', protocol)
        .execute();
    },

    async policy(): Promise<SignInPolicy> {
      const row = await db
        .selectFrom('workspace_setting')
        .select('value')
        .where('key', '=', POLICY_KEY)
        .executeTakeFirst();
      return row
        ? { ...NO_POLICY, ...(JSON.parse(row.value) as Partial<SignInPolicy>) }
        : NO_POLICY;
    },

    /** Keeps an admin's test sign-in for Settings to show (the last one only). */
    async saveTest(result: SsoTestResult): Promise<void> {
      await putWorkspaceSetting(db, { key: TEST_KEY, value: result, at: now(), by: result.by });
    },

    async lastTest(): Promise<SsoTestResult | null> {
      const row = await db
        .selectFrom('workspace_setting')
        .select('value')
        .where('key', '=', TEST_KEY)
        .executeTakeFirst();
      return row ? (JSON.parse(row.value) as SsoTestResult) : null;
    },

    async setPolicy(policy: SignInPolicy, by: string): Promise<void> {
      await putWorkspaceSetting(db, { key: POLICY_KEY, value: policy, at: now(), by });
    },

    /** A sign-in under way, found later by its `state` (kept as a hash). */
    async startLogin(state: string, login: Omit<SsoLogin, 'createdAt'>): Promise<void> {
      // Old sign-ins nobody finished go as new ones start.
      await dropOlder(store, 'sso_login', now() - SSO_LOGIN_TTL_MS);
      await db
        .insertInto('sso_login')
        .values({
          state_hash: sha256(state),
          protocol: login.protocol,
          browser_hash: login.browserHash,
          nonce: login.nonce,
          code_verifier: login.codeVerifier,
          return_to: login.returnTo,
          created_at: now(),
        })
        .execute();
    },

    /**
     * The sign-in this `state` started, taken (deleted) so that it is used once; undefined when
     * unknown, already used or older than ten minutes.
     */
    async takeLogin(state: string): Promise<SsoLogin | undefined> {
      const row = await db
        .deleteFrom('sso_login')
        .where('state_hash', '=', sha256(state))
        .returningAll()
        .executeTakeFirst();
      if (!row || Number(row.created_at) < now() - SSO_LOGIN_TTL_MS) return undefined;
      return {
        protocol: row.protocol,
        browserHash: row.browser_hash,
        nonce: row.nonce,
        codeVerifier: row.code_verifier,
        returnTo: row.return_to,
        createdAt: Number(row.created_at),
      };
    },
  };
}

/** A session's limits under a sign-in policy. */
export const sessionLimitsOf = (policy: SignInPolicy) => ({
  absoluteMs: policy.sessionHours * 60 * 60 * 1000,
  idleMs: policy.idleMinutes * 60 * 1000,
});
