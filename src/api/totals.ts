// Amounts summed per currency, exactly (decimal strings, never floats): what a bulk file's
// deposits or a group of payments come to. Its own module, so that pages which sum nothing do
// not load decimal.js.
import Decimal from 'decimal.js';

export interface CurrencyTotal {
  currency: string;
  /** The sum, a plain decimal string. */
  amount: string;
  /** How many amounts went into it (an amount not known yet counts, adding nothing). */
  rows: number;
}

/** The sum per currency, sorted by currency. */
export function sumByCurrency(
  amounts: Iterable<{ currency: string; amount: string | null }>,
): CurrencyTotal[] {
  const sums = new Map<string, { amount: Decimal; rows: number }>();
  for (const money of amounts) {
    const sum = sums.get(money.currency) ?? { amount: new Decimal(0), rows: 0 };
    sums.set(money.currency, {
      amount: money.amount === null ? sum.amount : sum.amount.plus(money.amount),
      rows: sum.rows + 1,
    });
  }
  return [...sums]
    .map(([currency, s]) => ({ currency, amount: s.amount.toFixed(), rows: s.rows }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}
