// The dashboard registered with each environment: its own webhook endpoint (made again when the
// environment lost it), its secret sealed by the vault; and the partner the index belongs to
// (another API key is another partner: the index is cleared and filled again from theirs).
import { createHash } from 'node:crypto';
import type { Environment } from '#/api/dashboard';
import { operations } from '#/api/operations';
import { call } from './partner-reader';
import { SyncStop, type SyncState } from './sync-state';

/**
 * How long a registered address may go unconfirmed before another server replaces it: a server
 * reached at the registered address confirms it at each pass (every 10 s by default); when none
 * has for this long, no server answers there any more (its address changed, or it is gone).
 */
export const WEBHOOK_STALE_MS = 5 * 60_000;

/**
 * One webhook endpoint per environment, whatever the number of servers (docs/decisions/078):
 * the first server registers its address; the others use that registration (its secret is in
 * the database, sealed); a server reached at the registered address confirms it. Another server
 * replaces it only when the API lost it or nobody confirmed it for `WEBHOOK_STALE_MS`: the row
 * is replaced by a conditional update (one server wins; a loser deletes the endpoint it made),
 * and the old endpoint is deleted at the API.
 */
export async function ensureWebhook(s: SyncState, environment: Environment) {
  const url = s.options.hookUrl(environment);
  if (!url) return;
  const row = await s.db
    .selectFrom('index_webhook')
    .selectAll()
    .where('environment', '=', environment)
    .executeTakeFirst();
  const time = s.now();
  if (row) {
    const mine = row.url === url;
    const confirmed = Number(row.confirmed_at ?? row.created_at);
    if (mine || confirmed + WEBHOOK_STALE_MS > time) {
      const hooks = await call(s, environment, operations.listWebhooks);
      // Not known to be gone (the list could not be read): kept.
      const kept =
        !hooks.ok || hooks.data.some((h) => h.id === Number(row.webhook_id) && h.url === row.url);
      if (kept) {
        if (mine)
          await s.db
            .updateTable('index_webhook')
            .set({ confirmed_at: time })
            .where('environment', '=', environment)
            .where('webhook_id', '=', row.webhook_id)
            .execute();
        s.secrets.set(environment, s.options.vault.open(row.secret_sealed, sealedFor(environment)));
        return;
      }
    }
  }
  const hook = await call(s, environment, operations.createWebhook, { body: { url } });
  if (!hook.ok) {
    s.log('index: the environment refused the dashboard’s webhook endpoint', {
      environment,
      status: hook.status,
    });
    return;
  }
  const changes = {
    webhook_id: hook.data.id,
    url,
    secret_sealed: s.options.vault.seal(hook.data.secret, sealedFor(environment)),
    created_at: time,
    confirmed_at: time,
  };
  const replaced = row
    ? await s.db
        .updateTable('index_webhook')
        .set(changes)
        .where('environment', '=', environment)
        .where('webhook_id', '=', row.webhook_id)
        .executeTakeFirst()
        .then((r) => Number(r.numUpdatedRows) === 1)
    : await s.db
        .insertInto('index_webhook')
        .values({ environment, ...changes })
        .onConflict((oc) => oc.column('environment').doNothing())
        .executeTakeFirst()
        .then((r) => Number(r.numInsertedOrUpdatedRows ?? 0) === 1);
  // Another server registered first: its endpoint serves; this one goes.
  const unused = replaced ? row?.webhook_id : hook.data.id;
  if (replaced) s.secrets.set(environment, hook.data.secret);
  if (unused !== undefined) {
    const deleted = await call(s, environment, operations.deleteWebhook, {
      params: { id: Number(unused) },
    });
    if (!deleted.ok && deleted.status !== 404)
      s.log('index: a replaced webhook endpoint could not be deleted', {
        environment,
        webhookId: Number(unused),
        status: deleted.status,
      });
  }
}

/** What a registration's secret is sealed for (the vault binds it to its use). */
export const sealedFor = (environment: string) => `index_webhook:${environment}`;

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
