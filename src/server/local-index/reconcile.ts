// What a reconciliation pass catches that webhooks missed: new records (paging from the newest
// until nothing changed), changes to older ones (a rolling sweep), and every event since the last
// one seen, each record it names re-read; a reset of the environment's records (its event log
// started again) fills the index again.
import type { Environment } from '#/api/dashboard';
import { operations } from '#/api/operations';
import { call, idOf, PAGE, putList, readPage, reread } from './partner-reader';
import { syncRow } from './progress';
import { type Kind, kindOfEvent, type ListName, type SyncState } from './sync-state';

/** Puts the records of a page that are new or changed since stored; says how many. */
async function putChanged(
  s: SyncState,
  environment: Environment,
  list: ListName,
  records: unknown[],
) {
  const known = await s.index.knownUpdateTimes(
    environment,
    list,
    records.map((r) => idOf(list, r)),
  );
  const changed = records.filter(
    (r) => known.get(idOf(list, r)) !== (r as { lastUpdateTime: number }).lastUpdateTime,
  );
  if (changed.length > 0) await putList(s, environment, list, changed);
  return changed.length;
}

/** Pages from the newest until a page holds nothing new or changed. */
export async function refreshNewest(s: SyncState, environment: Environment, list: ListName) {
  for (let start = 0, pages = 0; pages < 20 && !s.stopped; pages++, start += PAGE) {
    const page = await readPage(s, environment, list, start);
    const changed = await putChanged(s, environment, list, page.results);
    if (changed === 0 || !page.hasMore) break;
  }
}

/** A few pages of the rolling sweep through a whole list: changes to older records. */
export async function sweep(s: SyncState, environment: Environment, list: ListName) {
  const row = await syncRow(s, environment, list);
  let start = Number(row.next_start);
  const sweepPages = s.options.sweepPages ?? 5;
  for (let pages = 0; pages < sweepPages && !s.stopped; pages++) {
    const page = await readPage(s, environment, list, start);
    await putChanged(s, environment, list, page.results);
    start = page.hasMore ? start + page.results.length : 0;
    if (!page.hasMore) break;
  }
  await s.db
    .updateTable('index_sync')
    .set({ next_start: start, checked_at: s.now(), error: null })
    .where('environment', '=', environment)
    .where('list', '=', list)
    .execute();
}

/** The environment's records were deleted (a sandbox reset): the index starts again. */
export async function forgetRecords(s: SyncState, environment: Environment) {
  await s.index.clearRecords(environment);
  s.noted.clear();
  s.delivered.delete(environment);
}

/**
 * Every event since the last one seen, from the environment's event log (newest first), each
 * record it names re-read once: what a webhook would have brought, had it been delivered. The
 * place is kept as the `events` row of index_sync (its next_start holds the newest event id).
 * An environment without an event log (404) is left to the other passes.
 */
export async function catchUpEvents(s: SyncState, environment: Environment) {
  const row = await s.db
    .selectFrom('index_sync')
    .select('next_start')
    .where('environment', '=', environment)
    .where('list', '=', 'events')
    .executeTakeFirst();
  const seen = row ? Number(row.next_start) : undefined;
  // An event known to have existed: the newest an earlier pass read, else the oldest a webhook
  // brought. Events are never deleted one by one, so if the log holds none as old as it, the
  // log was reset.
  const known = seen || (s.delivered.get(environment) ?? 0);
  let knownStillThere = false;
  const named = new Map<string, { kind: Kind; id: number }>();
  let newest = seen ?? 0;
  for (let start = 0, pages = 0; pages < 20 && !s.stopped; pages++, start += PAGE) {
    const page = await call(s, environment, operations.listEvents, {
      query: { start, limit: PAGE },
    });
    if (!page.ok) return;
    let reached = false;
    for (const event of page.data.results) {
      newest = Math.max(newest, event.id);
      if (event.id <= known) knownStillThere = true;
      if (seen === undefined || event.id <= seen) {
        reached = true;
        break;
      }
      const kind = kindOfEvent(event);
      if (kind) named.set(`${kind}/${event.objectId}`, { kind, id: event.objectId });
    }
    if (reached) break;
    if (!page.data.hasMore) {
      // The log no longer holds the events already seen: the environment's records were
      // deleted (a sandbox reset). Records the index holds may be gone: fill it again.
      if (known > 0 && !knownStillThere) {
        await forgetRecords(s, environment);
        named.clear();
        s.log('index: the environment’s event log was reset; filling the index again', {
          environment,
        });
      }
      break;
    }
  }
  for (const { kind, id } of named.values()) await reread(s, environment, kind, id);
  const at = s.now();
  await s.db
    .insertInto('index_sync')
    .values({
      environment,
      list: 'events',
      next_start: newest,
      seen: 0,
      filled_at: at,
      checked_at: at,
      error: null,
    })
    .onConflict((oc) =>
      oc.columns(['environment', 'list']).doUpdateSet({ next_start: newest, checked_at: at }),
    )
    .execute();
}
