// Whether the partner's own webhook endpoints keep failing (docs/decisions/035). At most once a
// minute per environment, the newest events and their deliveries are read; for each endpoint
// (the dashboard's own left out), its newest delivery that has settled (delivered, given up, or
// tried three times) says whether it fails. A failing endpoint is told of once, then at most once
// a day while it keeps failing; one that delivers again is forgotten, so a new failure tells
// again. The alert row and its notice are written in one transaction: servers sharing the
// database tell each once.
import type { Environment } from '#/api/dashboard';
import { operations } from '#/api/operations';
import { call } from './partner-reader';
import type { FailingWebhook, SyncState } from './sync-state';

const AGAIN_AFTER_MS = 24 * 60 * 60 * 1000;
/** Tries after which a delivery still retrying counts as failing. */
export const FAILING_AFTER_ATTEMPTS = 3;
const EVENTS_READ = 50;

export type { FailingWebhook, OnWebhookFailing } from './sync-state';

export async function watchWebhooks(s: SyncState, environment: Environment) {
  const onFailing = s.options.onWebhookFailing;
  if (!onFailing) return;
  const now = s.now();
  if (
    now - (s.webhooksChecked.get(environment) ?? -Infinity) <
    (s.options.webhookCheckMs ?? 60_000)
  )
    return;
  s.webhooksChecked.set(environment, now);

  const own = await s.db
    .selectFrom('index_webhook')
    .select('webhook_id')
    .where('environment', '=', environment)
    .executeTakeFirst();
  const page = await call(s, environment, operations.listEvents, {
    query: { start: 0, limit: EVENTS_READ },
  });
  if (!page.ok) return;

  const settled = new Map<number, (FailingWebhook & { delivered: boolean }) | null>();
  for (const event of page.data.results) {
    for (const d of event.deliveries) {
      if (own && d.webhookId === Number(own.webhook_id)) continue;
      if (settled.has(d.webhookId)) continue;
      if (d.state === 'pending' && d.attempts < FAILING_AFTER_ATTEMPTS) continue;
      const last = event.attempts
        .filter((a) => a.webhookId === d.webhookId)
        .sort((a, b) => b.attempt - a.attempt)[0];
      settled.set(d.webhookId, {
        id: d.webhookId,
        url: d.url,
        attempts: d.attempts,
        delivered: d.state === 'delivered',
        lastError: last
          ? (last.error ?? (last.statusCode === null ? 'no answer' : `answered ${last.statusCode}`))
          : 'not delivered',
      });
    }
  }

  for (const hook of settled.values()) {
    if (!hook) continue;
    if (hook.delivered) {
      await s.db
        .deleteFrom('webhook_alert')
        .where('environment', '=', environment)
        .where('webhook_id', '=', hook.id)
        .execute();
      continue;
    }
    await s.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('webhook_alert')
        .values({
          environment,
          webhook_id: hook.id,
          url: hook.url,
          failing_since: now,
          alerted_at: now,
        })
        .onConflict((oc) => oc.columns(['environment', 'webhook_id']).doNothing())
        .returning('webhook_id')
        .executeTakeFirst();
      if (!inserted) {
        const again = await trx
          .updateTable('webhook_alert')
          .set({ alerted_at: now })
          .where('environment', '=', environment)
          .where('webhook_id', '=', hook.id)
          .where('alerted_at', '<=', now - AGAIN_AFTER_MS)
          .returning('failing_since')
          .executeTakeFirst();
        if (!again) return;
      }
      await onFailing(trx, environment, hook, !inserted);
    });
  }
}
