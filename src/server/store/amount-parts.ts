// How the local index stores an amount for exact sums in SQL (migration 018,
// docs/decisions/036): the whole units and the fraction in billionths, with the amount's sign on
// both; an amount with more than nine decimals is cut there and marked inexact.
//
// Part of migration 018: its backfill and every later write store amounts this way, so a
// different way is a new migration (with its own copy here), never an edit of this one.

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
  const [, minus, whole = '', fraction = ''] = match;
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
