// CSV as the dashboard writes it: transaction exports (in the browser from the API, on the
// server from the local index) and the audit trail.
import type { Transaction } from './schemas/transaction';

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

/** One CSV cell: quoted when it needs it; text a spreadsheet would run as a formula defused. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  // Quote what needs it, and neutralise text a spreadsheet would run as a formula.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

type Extra<T> = Array<[header: string, value: (t: T) => unknown]>;

/** The header line of a transactions CSV (with its line end). */
export function csvHeader<T>(extra: Extra<T> = []): string {
  const header = [
    ...CSV_COLUMNS.flatMap((c) => (TIME_COLUMNS.has(c) ? [c, `${c}Iso`] : [c])),
    ...extra.map(([name]) => name),
  ];
  return `${header.join(',')}\r\n`;
}

/** One transaction as a CSV line (with its line end), every amount exactly as the API sent it. */
export function csvLine<T extends Transaction>(t: T, extra: Extra<T> = []): string {
  const row = CSV_COLUMNS.flatMap((c) => {
    const value = t[c];
    if (!TIME_COLUMNS.has(c)) return [csvCell(value)];
    return [csvCell(value), typeof value === 'number' ? new Date(value).toISOString() : ''];
  });
  for (const [, value] of extra) row.push(csvCell(value(t)));
  return `${row.join(',')}\r\n`;
}

/**
 * Transactions as CSV; `extra` adds columns after the API's own (the local index's names, for
 * example).
 */
export function toCsv<T extends Transaction>(transactions: T[], extra: Extra<T> = []): string {
  return csvHeader(extra) + transactions.map((t) => csvLine(t, extra)).join('');
}
