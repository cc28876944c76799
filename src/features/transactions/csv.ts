// CSV export of a transaction list: every page of the active filters, fetched in turn, with
// progress and a way to stop. Amounts are written exactly as the API sent them.
import { listTransactions } from '../../api/client';
import type { Product, Transaction } from '../../api/schemas/transaction';
import { api } from '../../lib/api';
import type { TransactionFilters } from './queries';

export const CSV_COLUMNS: Array<keyof Transaction> = [
  'businessRequestId',
  'clientStatus',
  'creationTime',
  'lastUpdateTime',
  'toAmount',
  'toCurrencySymbol',
  'fromAmount',
  'fromCurrencySymbol',
  'depositReceivedAmount',
  'payout',
  'quoteApprovedDate',
  'depositApprovedDate',
  'depositReceivedDate',
  'fromBusinessId',
  'toBusinessId',
  'toBusinessExternalAccountId',
  'purpose',
  'payoutStatus',
  'cancelReason',
];

const TIME_COLUMNS = new Set([
  'creationTime',
  'lastUpdateTime',
  'quoteApprovedDate',
  'depositApprovedDate',
  'depositReceivedDate',
]);

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  // Quote what needs it, and neutralise text a spreadsheet would run as a formula.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(transactions: Transaction[]): string {
  const header = CSV_COLUMNS.flatMap((c) => (TIME_COLUMNS.has(c) ? [c, `${c}Iso`] : [c]));
  const lines = [header.join(',')];
  for (const t of transactions) {
    const row = CSV_COLUMNS.flatMap((c) => {
      const value = t[c];
      if (!TIME_COLUMNS.has(c)) return [cell(value)];
      return [cell(value), typeof value === 'number' ? new Date(value).toISOString() : ''];
    });
    lines.push(row.join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

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
