// Asking the local index (docs/decisions/018) the list, join and search questions the API
// cannot answer, put together from the modules of each question: lists (./list-queries.ts),
// search (./search-queries.ts), payees and parties (./record-queries.ts) and what the sync
// rechecks (./sync-queries.ts). SQLite and PostgreSQL alike.
import type { DashboardDb } from '../store/db';
import { listQueries } from './list-queries';
import { recordQueries } from './record-queries';
import { indexSearch } from './search-queries';
import { syncQueries } from './sync-queries';

export { namedTransactions, transactionRow } from './query-rows';

export function indexQueries(store: DashboardDb) {
  return {
    ...listQueries(store, indexSearch(store).searched),
    ...recordQueries(store),
    ...syncQueries(store),
  };
}
