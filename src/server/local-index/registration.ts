// The dashboard registered with each environment: its own webhook endpoint (made again when the
// environment lost it), its secret sealed by the vault; and the partner the index belongs to
// (another API key is another partner: the index is cleared and filled again from theirs).
import { createHash } from 'node:crypto';
import type { Environment } from '#/api/dashboard';
import { operations } from '#/api/operations';
import { call } from './partner-reader';
import { SyncStop, type SyncState } from './sync-state';

export async function ensureWebhook(s: SyncState, environment: Environment) {
  const url = s.options.hookUrl(environment);
  if (!url) return;
  const row = await s.db
    .selectFrom('index_webhook')
    .selectAll()
    .where('environment', '=', environment)
    .executeTakeFirst();
  const hooks = await call(s, environment, operations.listWebhooks);
  if (
    row &&
    row.url === url &&
    hooks.ok &&
    hooks.data.some((h) => h.id === Number(row.webhook_id) && h.url === url)
  ) {
    return;
  }
  const hook = await call(s, environment, operations.createWebhook, { body: { url } });
  if (!hook.ok) {
    s.log('index: the environment refused the dashboard’s webhook endpoint', {
      environment,
      status: hook.status,
    });
    return;
  }
  const values = {
    environment,
    webhook_id: hook.data.id,
    url,
    secret_sealed: s.options.vault.seal(hook.data.secret, `index_webhook:${environment}`),
    created_at: s.now(),
  };
  const { environment: _e, ...changes } = values;
  await s.db
    .insertInto('index_webhook')
    .values(values)
    .onConflict((oc) => oc.column('environment').doUpdateSet(changes))
    .execute();
  s.secrets.set(environment, hook.data.secret);
}

/**
 * The index holds one partner's records: when the environment's credentials now name another
 * partner (another API key), it is cleared and filled again from theirs.
 */
export async function checkOwner(s: SyncState, environment: Environment) {
  const credentials = await s.options.credentials(environment);
  if (!credentials) throw new SyncStop('not configured');
  const hash = createHash('sha256').update(credentials.apiKey).digest('hex');
  const row = await s.db
    .selectFrom('index_owner')
    .select('api_key_hash')
    .where('environment', '=', environment)
    .executeTakeFirst();
  if (row?.api_key_hash === hash) return;
  if (row) {
    await s.index.clear(environment);
    s.noted.clear();
    s.secrets.delete(environment);
  }
  await s.db
    .insertInto('index_owner')
    .values({ environment, api_key_hash: hash })
    .onConflict((oc) => oc.column('environment').doUpdateSet({ api_key_hash: hash }))
    .execute();
}
