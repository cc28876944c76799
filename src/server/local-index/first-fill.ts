// The first fill of a list: every page of its endpoint, each written with its place in the same
// database transaction, so that a crash or a restart carries on where it stopped.
import type { Environment } from '#/api/dashboard';
import { putList, readPage } from './partner-reader';
import { syncRow } from './progress';
import type { ListName, SyncState } from './sync-state';

export async function fill(s: SyncState, environment: Environment, list: ListName): Promise<void> {
  let row = await syncRow(s, environment, list);
  while (row.filled_at === null && !s.stopped) {
    const start = Number(row.next_start);
    const page = await readPage(s, environment, list, start);
    const at = s.now();
    const next = {
      next_start: page.hasMore ? start + page.results.length : 0,
      seen: Number(row.seen) + page.results.length,
      filled_at: page.hasMore ? null : at,
      checked_at: at,
      error: null,
    };
    await s.db.transaction().execute(async (trx) => {
      await putList(s, environment, list, page.results, trx);
      await trx
        .updateTable('index_sync')
        .set(next)
        .where('environment', '=', environment)
        .where('list', '=', list)
        .execute();
    });
    row = { ...row, ...next };
    // A list just filled: give SQLite's planner the statistics of what it now holds.
    if (next.filled_at !== null) await s.store.analyze();
  }
}
