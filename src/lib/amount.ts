// Checking an amount typed by a person against its currency. People may group thousands
// ("12,500.50", "12 500.50"); what is sent is the plain amount (normalizeAmount).
import { decimalsProblem, normalizeAmount } from '../api/money';

/** The amount as the API takes it, or the text as typed when it cannot be read as one. */
export function plainAmount(typed: string): string {
  const read = normalizeAmount(typed);
  return 'amount' in read ? read.amount : typed.trim();
}

/** What is wrong with an amount for a currency, or undefined when it is fine. */
export function amountProblem(amount: string, symbol: string | undefined): string | undefined {
  const read = normalizeAmount(amount);
  if ('problem' in read) return read.problem;
  if (/^0+(\.0+)?$/.test(read.amount)) return 'must be more than zero';
  return symbol ? decimalsProblem(read.amount, symbol) : undefined;
}
