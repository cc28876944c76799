// Where each list of the index stands, kept in index_sync: the first fill's place, how many
// records were seen, when the list was filled and last checked, and why sync is paused.
import type { Environment } from '#/api/dashboard';
import { LISTS, type ListName, type SyncState } from './sync-state';

export interface ListStatus {
  list: ListName;
  seen: number;
  filled: boolean;
  filledAt: number | null;
  checkedAt: number | null;
  error: string | null;
}

/** Every list read through once; when the API last answered them all; why sync is paused. */
export function freshnessOf(lists: ListStatus[]) {
  return {
    filled: lists.every((l) => l.filled),
    checkedAt: Math.min(...lists.map((l) => l.checkedAt ?? 0)) || null,
    error: lists.find((l) => l.error)?.error ?? null,
  };
}

/** A list's row, made when it has none. */
export async function syncRow(s: SyncState, environment: Environment, list: ListName) {
  const row = await s.db
    .selectFrom('index_sync')
    .selectAll()
    .where('environment', '=', environment)
    .where('list', '=', list)
    .executeTakeFirst();
  if (row) return row;
  const fresh = {
    environment,
    list,
    next_start: 0,
    seen: 0,
    filled_at: null,
    checked_at: null,
    error: null,
  };
  await s.db
    .insertInto('index_sync')
    .values(fresh)
    .onConflict((oc) => oc.columns(['environment', 'list']).doNothing())
    .execute();
  return fresh;
}

/** Why sync is paused for every list of an environment (null: it is not). */
export async function setError(s: SyncState, environment: Environment, error: string | null) {
  for (const list of LISTS) await syncRow(s, environment, list);
  await s.db
    .updateTable('index_sync')
    .set({ error })
    .where('environment', '=', environment)
    .execute();
}

/** Where each list stands (the event log's place aside). */
export async function listStatuses(s: SyncState, environment: Environment): Promise<ListStatus[]> {
  const rows = await s.db
    .selectFrom('index_sync')
    .selectAll()
    .where('environment', '=', environment)
    .execute();
  return LISTS.map((list) => {
    const row = rows.find((r) => r.list === list);
    return {
      list,
      seen: Number(row?.seen ?? 0),
      filled: row?.filled_at != null,
      filledAt: row?.filled_at == null ? null : Number(row.filled_at),
      checkedAt: row?.checked_at == null ? null : Number(row.checked_at),
      error: row?.error ?? null,
    };
  });
}
