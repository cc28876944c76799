// Checking an amount typed by a person against its currency. People may group thousands
// ("12,500.50", "12 500.50"); what is sent is the plain amount (normalizeAmount).
import { normalizeAmount, typedAmountProblem } from '#/api/money';

/** The amount as the API takes it, or the text as typed when it cannot be read as one. */
export function plainAmount(typed: string): string {
  const read = normalizeAmount(typed);
  return 'amount' in read ? read.amount : typed.trim();
}

/** What is wrong with an amount for a currency, or undefined when it is fine. */
export const amountProblem = (amount: string, symbol: string | undefined) =>
  typedAmountProblem(amount, symbol);
