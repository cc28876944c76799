// Batches in the dashboard's database (docs/decisions/033), as one store put together from the
// stores of each concern: the file and its rows (./file-store.ts), its quote (./quote-store.ts)
// and its submission (./submit-store.ts), on what they share (./store-basics.ts). Its approval
// is decided in ../approvals.
import type { Notices } from '../notifications/notices';
import type { DashboardDb } from '../store/db';
import { batchFiles } from './file-store';
import { batchQuotes } from './quote-store';
import { batchSubmissions } from './submit-store';
import { batchBasics } from './store-basics';

export {
  type RowPayee,
  type StoredBatch,
  type StoredRow,
  batchSubject,
  toRow,
} from './store-basics';

/** `notices`: who is told a batch waits or finished (docs/decisions/035). */
export function batchStore(store: DashboardDb, now = Date.now, notices?: Notices) {
  const basics = batchBasics(store, now);
  return {
    ...batchFiles(basics, now),
    ...batchQuotes(basics, now, notices),
    ...batchSubmissions(basics, now, notices),
  };
}

export type BatchStore = ReturnType<typeof batchStore>;
