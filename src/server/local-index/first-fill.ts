// The first fill of a list: every page of its endpoint, each written with its place in the same
// database transaction, so that a crash or a restart carries on where it stopped.
import type { Environment } from '#/api/dashboard';
import { putList, readPage } from './partner-reader';
import { syncRow } from './progress';
import type { ListName, SyncState } from './sync-state';

/**
 * Pages between two looks at the planner's statistics while a list fills (docs/decisions/056): a
 * look is a check of each table's size, and an analysis only of a table that grew well past its
 * statistics, so the lookups of each page keep their indexes as the table grows.
 */
const ANALYZE_EVERY_PAGES = 20;

export async function fill(s: SyncState, environment: Environment, list: ListName): Promise<void> {
  let row = await syncRow(s, environment, list);
  let pages = 0;
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
    pages += 1;
    // SQLite's planner keeps the statistics of when a table was last analyzed: taken while the
    // transactions were empty (after the events list filled), they made each page's lookup by id
    // read the whole table, so the fill slowed with every page it wrote.
    if (next.filled_at !== null || pages % ANALYZE_EVERY_PAGES === 0) await s.store.analyze();
  }
}
