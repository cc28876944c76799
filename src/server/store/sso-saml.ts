// The SAML provider's upkeep in the database (docs/decisions/053, 085): its metadata refreshed
// from its URL by a conditional update, the expiry warning sent once, the requests this server
// sent, the assertions used, and the sessions a SAML sign-in opened, for single logout. Every
// decision is a conditional update or a primary key, so servers sharing the database agree.
import type { Kysely } from 'kysely';
import type { DashboardDb } from './db';
import type { Database } from './schema';
import { dropOlder, SSO_LOGIN_TTL_MS, type SamlConnection, samlOptionsOf } from './sso-rows';
import { sha256 } from './workspace';

export function samlUpkeep(
  store: DashboardDb,
  now: () => number,
  saml: () => Promise<SamlConnection | undefined>,
) {
  const { db } = store;
  return {
    /**
     * The metadata fetched again from its URL (docs/decisions/085): the sign-in URL, the
     * certificates and what the provider asks for, taken only while the provider is still the
     * one fetched from (same entity and URL), by a conditional update, so that a refresh never
     * overwrites an admin's newer settings. False when the provider changed meanwhile.
     */
    async refreshSaml(
      fetched: { metadataUrl: string; entityId: string },
      metadata: Pick<SamlConnection, 'entryPoint' | 'certificates' | 'signsRequests' | 'logoutUrl'>,
    ): Promise<boolean> {
      const current = await saml();
      if (
        !current ||
        current.metadataUrl !== fetched.metadataUrl ||
        current.entityId !== fetched.entityId
      )
        return false;
      const before = await db
        .selectFrom('sso_connection')
        .select(['options', 'updated_at'])
        .where('protocol', '=', 'saml')
        .executeTakeFirstOrThrow();
      const result = await db
        .updateTable('sso_connection')
        .set({
          entry_point: metadata.entryPoint,
          certificates: JSON.stringify(metadata.certificates),
          options: JSON.stringify({
            ...samlOptionsOf(current),
            signsRequests: metadata.signsRequests,
            logoutUrl: metadata.logoutUrl,
            metadataFetchedAt: now(),
            metadataProblem: null,
          }),
        })
        .where('protocol', '=', 'saml')
        .where('options', '=', before.options)
        .where('updated_at', '=', before.updated_at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Claims the next fetch of the provider's metadata from its URL when it was last fetched
     * before `staleBefore`: a conditional update of when it was, so that one server fetches. The
     * provider as it was when claimed; undefined when not due, not fetched from a URL, or claimed
     * by another server.
     */
    async claimSamlRefresh(staleBefore: number): Promise<SamlConnection | undefined> {
      const row = await db
        .selectFrom('sso_connection')
        .select(['options'])
        .where('protocol', '=', 'saml')
        .executeTakeFirst();
      const current = row && (await saml());
      if (!row || !current?.metadataUrl || (current.metadataFetchedAt ?? 0) >= staleBefore)
        return undefined;
      const claimed = await db
        .updateTable('sso_connection')
        .set({
          options: JSON.stringify({ ...samlOptionsOf(current), metadataFetchedAt: now() }),
        })
        .where('protocol', '=', 'saml')
        .where('options', '=', row.options)
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1 ? current : undefined;
    },

    /**
     * Whether the admins are still to be told of this certificate's expiry: true once, for the
     * first caller, in `trx` (with the notice it sends).
     */
    async markWarned(trx: Kysely<Database>, fingerprint: string): Promise<boolean> {
      const key = 'ssoCertificateWarned';
      const value = JSON.stringify(fingerprint);
      await trx
        .insertInto('workspace_setting')
        .values({ key, value: JSON.stringify(''), updated_at: now(), updated_by: null })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const marked = await trx
        .updateTable('workspace_setting')
        .set({ value, updated_at: now() })
        .where('key', '=', key)
        .where('value', '!=', value)
        .executeTakeFirst();
      return Number(marked.numUpdatedRows) === 1;
    },

    /** Why fetching the metadata failed, for the admins to see (the certificates are kept). */
    async noteSamlMetadataProblem(metadataUrl: string, problem: string): Promise<void> {
      const current = await saml();
      if (!current || current.metadataUrl !== metadataUrl) return;
      await db
        .updateTable('sso_connection')
        .set({ options: JSON.stringify({ ...samlOptionsOf(current), metadataProblem: problem }) })
        .where('protocol', '=', 'saml')
        .execute();
    },

    /** node-saml's store of the requests this server sent (shared by servers, in the database). */
    samlRequests: {
      async saveAsync(key: string, value: string) {
        await dropOlder(store, 'sso_saml_request', now() - SSO_LOGIN_TTL_MS);
        await db
          .insertInto('sso_saml_request')
          .values({ id: key, created_at: now() })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        return { value, createdAt: now() };
      },
      async getAsync(key: string) {
        const row = await db
          .selectFrom('sso_saml_request')
          .select('created_at')
          .where('id', '=', key)
          .executeTakeFirst();
        // node-saml reads the answer as when the request was made.
        return row && Number(row.created_at) >= now() - SSO_LOGIN_TTL_MS
          ? new Date(Number(row.created_at)).toISOString()
          : null;
      },
      async removeAsync(key: string | null) {
        if (key === null) return null;
        await db.deleteFrom('sso_saml_request').where('id', '=', key).execute();
        return key;
      },
    },

    /**
     * Marks an assertion used until it expires: false when it was already (a replay). Claimed
     * by its primary key, so two servers receiving it at once let one through.
     */
    async useAssertion(id: string, expiresAt: number): Promise<boolean> {
      await db.deleteFrom('sso_used_assertion').where('expires_at', '<', now()).execute();
      const inserted = await db
        .insertInto('sso_used_assertion')
        .values({ id_hash: sha256(id), expires_at: expiresAt })
        .onConflict((oc) => oc.column('id_hash').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Notes that a SAML sign-in opened this session (by its id hash), for single logout. */
    async noteSamlSession(
      sessionHash: string,
      saml: { provider: string; nameId: string; nameIdFormat: string; sessionIndex: string | null },
    ): Promise<void> {
      // Rows of sessions long gone go as new ones come.
      await dropOlder(store, 'sso_saml_session', now() - 25 * 60 * 60 * 1000);
      await db
        .insertInto('sso_saml_session')
        .values({
          session_hash: sessionHash,
          provider: saml.provider,
          name_id: saml.nameId,
          name_id_format: saml.nameIdFormat,
          session_index: saml.sessionIndex,
          created_at: now(),
        })
        .onConflict((oc) => oc.column('session_hash').doNothing())
        .execute();
    },

    /** The SAML sign-in that opened this session, if one did (taken: it is ending). */
    async takeSamlSession(sessionHash: string) {
      const row = await db
        .deleteFrom('sso_saml_session')
        .where('session_hash', '=', sessionHash)
        .returningAll()
        .executeTakeFirst();
      return (
        row && {
          provider: row.provider,
          nameId: row.name_id,
          nameIdFormat: row.name_id_format,
          sessionIndex: row.session_index,
        }
      );
    },

    /**
     * Ends the sessions the provider opened for this person (its session index, when it names
     * one): the number ended. Used when the provider logs the person out (single logout).
     */
    async endSamlSessions(provider: string, nameId: string, sessionIndex: string | null) {
      return db.transaction().execute(async (trx) => {
        let query = trx
          .deleteFrom('sso_saml_session')
          .where('provider', '=', provider)
          .where('name_id', '=', nameId);
        if (sessionIndex) query = query.where('session_index', '=', sessionIndex);
        const rows = await query.returning('session_hash').execute();
        if (rows.length === 0) return 0;
        const ended = await trx
          .deleteFrom('app_session')
          .where(
            'id_hash',
            'in',
            rows.map((r) => r.session_hash),
          )
          .executeTakeFirst();
        return Number(ended.numDeletedRows);
      });
    },
  };
}
