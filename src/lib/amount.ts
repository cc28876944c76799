// Checking an amount typed by a person against its currency, on the string itself.
import { decimalsProblem } from '../api/money';

const AMOUNT = /^\d+(\.\d+)?$/;

/** What is wrong with an amount for a currency, or undefined when it is fine. */
export function amountProblem(amount: string, symbol: string | undefined): string | undefined {
  const text = amount.trim();
  if (text === '') return 'is required';
  if (!AMOUNT.test(text)) return 'must be a number such as 1250.50, without spaces or separators';
  if (/^0+(\.0+)?$/.test(text)) return 'must be more than zero';
  return symbol ? decimalsProblem(text, symbol) : undefined;
}
