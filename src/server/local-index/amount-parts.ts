// Amounts as two integers for exact sums in SQL (docs/decisions/036): the whole units and the
// fraction in billionths, with the amount's sign on both. SUM over each, read back as text,
// adds up exactly on SQLite and PostgreSQL alike; decimal.js joins the two sums. An amount with
// more than nine decimals is cut there and marked inexact, so a total can say it is rounded.
import Decimal from 'decimal.js';
import { isCompleted } from '#/api/transaction-states';

export const NANOS = 1_000_000_000;

export interface AmountParts {
  units: number;
  nanos: number;
  exact: boolean;
}

/** The parts of a decimal amount such as "-1234.5"; null for null or unreadable text. */
export function amountParts(amount: string | null | undefined): AmountParts | null {
  if (amount == null) return null;
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return null;
  const [, minus, whole, fraction = ''] = match;
  const sign = minus ? -1 : 1;
  const nanos = Number(fraction.slice(0, 9).padEnd(9, '0'));
  const units = Number(whole);
  if (!Number.isSafeInteger(units)) return null;
  return {
    units: units === 0 ? 0 : sign * units,
    nanos: nanos === 0 ? 0 : sign * nanos,
    exact: fraction.length <= 9 || /^0*$/.test(fraction.slice(9)),
  };
}

/** The exact total of summed parts (as SQL answers them: integers as text or numbers). */
export function joinParts(
  units: string | number | bigint | null,
  nanos: string | number | bigint | null,
): string {
  return new Decimal(String(units ?? 0)).plus(new Decimal(String(nanos ?? 0)).div(NANOS)).toFixed();
}

/** What the report columns are made of: a few fields of the transaction. */
export interface ReportFields {
  clientStatus: string;
  lastUpdateTime: number;
  toAmount: string;
  fromAmount: string | null;
}

/** A transaction's report columns in the index (migration 018). */
export function reportColumns(t: ReportFields) {
  const to = amountParts(t.toAmount);
  const from = amountParts(t.fromAmount);
  return {
    // A completed transaction changes no more: its last update is when it completed.
    completed_at: isCompleted(t.clientStatus) ? t.lastUpdateTime : null,
    to_units: to?.units ?? 0,
    to_nanos: to?.nanos ?? 0,
    from_units: from?.units ?? null,
    from_nanos: from?.nanos ?? null,
    amounts_exact: (to?.exact ?? false) && (from?.exact ?? true) ? 1 : 0,
  };
}
