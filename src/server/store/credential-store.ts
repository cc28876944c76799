// The partner's API credentials per environment (docs/decisions/013): sealed in the database,
// unsealed for a few seconds at a time.
import { type DashboardDb } from './db';
import type { Vault } from './vault';
import { CREDENTIALS_TTL_MS } from './workspace-basics';

export function credentialStore(store: DashboardDb, vault: Vault, now: () => number = Date.now) {
  const { db } = store;
  const opened = new Map<
    string,
    { value: { apiKey: string; apiSecret: string } | undefined; until: number }
  >();
  store.changed.listen(() => opened.clear());
  return {
    async setCredentials(
      environment: string,
      credentials: { apiKey: string; apiSecret: string },
      by: string | null,
    ): Promise<void> {
      const row = {
        environment,
        api_key: credentials.apiKey,
        secret_sealed: vault.seal(credentials.apiSecret, `api_credential:${environment}`),
        updated_at: now(),
        updated_by: by,
      };
      await db
        .insertInto('api_credential')
        .values(row)
        .onConflict((oc) => oc.column('environment').doUpdateSet(row))
        .execute();
      store.changed.notify();
    },

    /** For the proxy only: the secret in clear, never sent to a browser. */
    async credentials(
      environment: string,
    ): Promise<{ apiKey: string; apiSecret: string } | undefined> {
      // Read and unsealed once per CREDENTIALS_TTL_MS, not per proxied call.
      const known = opened.get(environment);
      if (known && known.until > now()) return known.value;
      const row = await db
        .selectFrom('api_credential')
        .selectAll()
        .where('environment', '=', environment)
        .executeTakeFirst();
      const value = row && {
        apiKey: row.api_key,
        apiSecret: vault.open(row.secret_sealed, `api_credential:${environment}`),
      };
      opened.set(environment, { value, until: now() + CREDENTIALS_TTL_MS });
      return value;
    },

    /** What a settings page may show: the key's last four characters, and when and by whom. */
    async credentialHints(): Promise<
      { environment: string; apiKeyLast4: string; updatedAt: number; updatedBy: string | null }[]
    > {
      const rows = await db
        .selectFrom('api_credential')
        .selectAll()
        .orderBy('environment')
        .execute();
      return rows.map((row) => ({
        environment: row.environment,
        apiKeyLast4: row.api_key.slice(-4),
        updatedAt: Number(row.updated_at),
        updatedBy: row.updated_by,
      }));
    },
  };
}
