// Checking an amount typed by a person against its currency, on the string itself.
import { currencyDecimals, decimalPlaces } from '../api/money';

const AMOUNT = /^\d+(\.\d+)?$/;

/** What is wrong with an amount for a currency, or undefined when it is fine. */
export function amountProblem(amount: string, symbol: string | undefined): string | undefined {
  const text = amount.trim();
  if (text === '') return 'is required';
  if (!AMOUNT.test(text)) return 'must be a number such as 1250.50, without spaces or separators';
  if (/^0+(\.0+)?$/.test(text)) return 'must be more than zero';
  if (symbol) {
    const decimals = currencyDecimals(symbol) ?? 2;
    if (decimalPlaces(text) > decimals) {
      return decimals === 0
        ? `must be a whole number: ${symbol} has no decimals`
        : `can have at most ${decimals} decimals in ${symbol}`;
    }
  }
  return undefined;
}
