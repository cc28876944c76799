// Amounts as two integers for exact sums in SQL (docs/decisions/036): the whole units and the
// fraction in billionths, with the amount's sign on both. SUM over each, read back as text,
// adds up exactly on SQLite and PostgreSQL alike; decimal.js joins the two sums. An amount with
// more than nine decimals is cut there and marked inexact, so a total can say it is rounded.
// The parts themselves are migration 018's (store/amount-parts.ts).
import Decimal from 'decimal.js';
import { isCompleted } from '#/api/transaction-states';
import { amountParts } from '../store/amount-parts';

export const NANOS = 1_000_000_000;

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
