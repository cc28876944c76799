// What is wrong with a typed amount, as words with ids (decision 092): the dashboard's forms and
// the contract's typed amounts carry these as codes (`wordsCode`), written in the reader's
// language where they show. A message reads after the field's name ("Amount" + "is required").
// The sandbox keeps the English of src/api/money.ts. Kept apart from money.ts, which the sign-in
// page loads: these words load with the signed-in dashboard.
import { codedWords, wordsCode } from '#/i18n/words';
import {
  decimalsOf,
  decimalsProblem,
  type DecimalMark,
  isZeroAmount,
  normalizeAmount,
} from './money';
import { V } from './validation-words';

export const AMOUNT = codedWords({
  notNumberPoint: /*i18n*/ {
    id: 'amount.notNumberPoint',
    message: 'must be a number such as 1250.50 (grouping such as 12,500.50 is fine)',
  },
  notNumberComma: /*i18n*/ {
    id: 'amount.notNumberComma',
    message: 'must be a number such as 1250,50 (grouping such as 12.500,50 is fine)',
  },
  needsPoint: /*i18n*/ {
    id: 'amount.needsPoint',
    message: 'must use a point for decimals, such as 12.50',
  },
  needsComma: /*i18n*/ {
    id: 'amount.needsComma',
    message: 'must use a comma for decimals, such as 12,50',
  },
  moreThanZero: /*i18n*/ { id: 'amount.moreThanZero', message: 'must be more than zero' },
  whole: /*i18n*/ {
    id: 'amount.whole',
    message: 'must be a whole number: {currency} has no decimals',
  },
  atMostDecimals: /*i18n*/ {
    id: 'amount.atMostDecimals',
    message: 'can have at most {decimals} decimals in {currency}',
  },
});

/** Why `typed` is not an amount (a reason of `normalizeAmount`), as the code of its words. */
export function unreadableAmount(
  reason: 'required' | 'notNumber' | 'otherMark',
  decimal: DecimalMark,
): string {
  if (reason === 'required') return wordsCode(V.required);
  if (reason === 'otherMark')
    return wordsCode(decimal === ',' ? AMOUNT.needsComma : AMOUNT.needsPoint);
  return wordsCode(decimal === ',' ? AMOUNT.notNumberComma : AMOUNT.notNumberPoint);
}

/** Too many decimals for `currency` (the rule of `decimalsProblem`), as the code of its words. */
export function decimalsCode(amount: string, currency: string): string | undefined {
  if (!decimalsProblem(amount, currency)) return undefined;
  const decimals = decimalsOf(currency);
  return decimals === 0
    ? wordsCode(AMOUNT.whole, { currency })
    : wordsCode(AMOUNT.atMostDecimals, { decimals, currency });
}

/**
 * What is wrong with an amount a person typed (grouping allowed) for a currency, as the code of
 * its words, or undefined when it is fine: readable, more than zero unless zero is allowed, and
 * no more decimals than the currency has (not checked without a currency).
 */
export function typedAmountProblem(
  typed: string,
  symbol: string | undefined,
  { zeroAllowed = false, decimal = '.' }: { zeroAllowed?: boolean; decimal?: DecimalMark } = {},
): string | undefined {
  const read = normalizeAmount(typed, decimal);
  if ('problem' in read) return unreadableAmount(read.reason, decimal);
  if (!zeroAllowed && isZeroAmount(read.amount)) return wordsCode(AMOUNT.moreThanZero);
  return symbol ? decimalsCode(read.amount, symbol) : undefined;
}
