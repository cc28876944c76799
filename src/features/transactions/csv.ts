// CSV export of a transaction list: every page of the active filters, fetched in turn, with
// progress and a way to stop. Amounts are written exactly as the API sent them.
import { listTransactions } from '../../api/client';
import type { Product, Transaction } from '../../api/schemas/transaction';
export { toCsv } from '../../api/csv';
import { api } from '../../lib/api';
import type { TransactionFilters } from './queries';

export const EXPORT_PAGE_SIZE = 100;

/** Fetches every page of the list; `onProgress` hears after each page. */
export async function fetchAllPages(
  product: Product,
  filters: Omit<TransactionFilters, 'start' | 'limit'>,
  onProgress: (rows: number, pages: number) => void,
  signal: AbortSignal,
): Promise<Transaction[]> {
  const rows: Transaction[] = [];
  for (let start = 0, pages = 0; ; start += EXPORT_PAGE_SIZE) {
    signal.throwIfAborted();
    const page = await listTransactions(
      api,
      product,
      { ...filters, start, limit: EXPORT_PAGE_SIZE },
      { signal },
    );
    rows.push(...page.results);
    pages += 1;
    onProgress(rows.length, pages);
    if (!page.hasMore) return rows;
  }
}
