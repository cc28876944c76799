// The local index of the partner's records (docs/decisions/018), made of its writes
// (store-writes.ts) and its questions (store-queries.ts), on SQLite and PostgreSQL alike; what it
// holds and is asked is in store-types.ts.
import type { DashboardDb } from '../store/db';
import { indexQueries } from './store-queries';
import { indexWrites, type RecordsWritten, type TransactionsEnded } from './store-writes';

export type * from './store-types';

export function localIndex(
  store: DashboardDb,
  now: () => number = Date.now,
  /** Told, in the writing transaction, of transactions the index sees reach their end. */
  onEnded?: TransactionsEnded,
  /** Told of every record written, for the live updates of open pages. */
  onWritten?: RecordsWritten,
) {
  return { ...indexWrites(store, now, onEnded, onWritten), ...indexQueries(store) };
}

export type LocalIndex = ReturnType<typeof localIndex>;
