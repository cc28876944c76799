// The workspace's single sign-on in its database (migration 026, docs/decisions/051): the
// OpenID provider's settings with the client secret sealed by the vault, the sign-in policy
// (a workspace setting), and the sign-ins under way, each used once.
import { createHash } from 'node:crypto';
import type { GroupRoles, OidcSettings, SignInPolicy } from '#/api/sso';
import type { DashboardDb } from './db';
import type { Vault } from './vault';
import { putWorkspaceSetting } from './workspace-settings';

/** How long a sign-in may stay at the provider before its answer is refused. */
export const SSO_LOGIN_TTL_MS = 10 * 60 * 1000;
const POLICY_KEY = 'signInPolicy';
const NO_POLICY: SignInPolicy = { ssoRequired: false, breakGlass: [] };

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What the server needs to talk to the provider, the secret in clear: never sent to a browser. */
export interface OidcConnection extends Omit<OidcSettings, 'secretHint'> {
  clientSecret: string;
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
  return {
    async oidc(): Promise<OidcConnection | undefined> {
      const row = await db
        .selectFrom('sso_connection')
        .selectAll()
        .where('protocol', '=', 'oidc')
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        issuer: row.issuer,
        clientId: row.client_id,
        clientSecret: vault.open(row.secret_sealed, bound('oidc')),
        groupsClaim: row.groups_claim,
        domains: JSON.parse(row.domains) as string[],
        roleMap: JSON.parse(row.role_map) as GroupRoles[],
        updatedAt: Number(row.updated_at),
        updatedBy: row.updated_by,
        lastSignInAt: row.last_sign_in_at === null ? null : Number(row.last_sign_in_at),
        lastSignInEmail: row.last_sign_in_email,
      };
    },

    /** Whether a provider is set up (without opening its secret). */
    async hasOidc(): Promise<boolean> {
      const row = await db
        .selectFrom('sso_connection')
        .select('protocol')
        .where('protocol', '=', 'oidc')
        .executeTakeFirst();
      return row !== undefined;
    },

    async setOidc(
      settings: Pick<
        OidcConnection,
        'issuer' | 'clientId' | 'clientSecret' | 'groupsClaim' | 'domains' | 'roleMap'
      >,
      by: string,
    ): Promise<void> {
      const row = {
        protocol: 'oidc',
        issuer: settings.issuer,
        client_id: settings.clientId,
        secret_sealed: vault.seal(settings.clientSecret, bound('oidc')),
        groups_claim: settings.groupsClaim,
        domains: JSON.stringify(settings.domains),
        role_map: JSON.stringify(settings.roleMap),
        updated_at: now(),
        updated_by: by,
      };
      await db
        .insertInto('sso_connection')
        .values(row)
        .onConflict((oc) => oc.column('protocol').doUpdateSet(row))
        .execute();
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
      return row ? (JSON.parse(row.value) as SignInPolicy) : NO_POLICY;
    },

    async setPolicy(policy: SignInPolicy, by: string): Promise<void> {
      await putWorkspaceSetting(db, { key: POLICY_KEY, value: policy, at: now(), by });
    },

    /** A sign-in under way, found later by its `state` (kept as a hash). */
    async startLogin(state: string, login: Omit<SsoLogin, 'createdAt'>): Promise<void> {
      // Old sign-ins nobody finished go as new ones start.
      await db
        .deleteFrom('sso_login')
        .where('created_at', '<', now() - SSO_LOGIN_TTL_MS)
        .execute();
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
