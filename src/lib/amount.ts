// Checking an amount typed by a person against its currency, with the decimal mark of their
// locale (docs/decisions/037): "12,500.50" in English, "12.500,50" in German. What is sent is the
// plain amount (normalizeAmount).
import { decimalMarkOf } from '#/api/formats';
import { type DecimalMark, normalizeAmount } from '#/api/money';
import { typedAmountProblem } from '#/api/amount-words';
import { currentFormats } from './format';

/** The mark of decimals in the person's locale (a point where it is neither point nor comma). */
export const decimalMark = (): DecimalMark => decimalMarkOf(currentFormats().locale);

/** The amount as the API takes it, or the text as typed when it cannot be read as one. */
export function plainAmount(typed: string): string {
  const read = normalizeAmount(typed, decimalMark());
  return 'amount' in read ? read.amount : typed.trim();
}

/**
 * What is wrong with an amount for a currency (the code of its words, shown through `trText`),
 * or undefined when it is fine.
 */
export const amountProblem = (
  amount: string,
  symbol: string | undefined,
  options: { zeroAllowed?: boolean } = {},
) => typedAmountProblem(amount, symbol, { ...options, decimal: decimalMark() });
