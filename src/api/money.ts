// Decimal places per currency, shared by the sandbox (rounding, precision checks) and the
// dashboard (formatting, amount inputs). Fiat follows ISO 4217 minor units.
import currencyCodes from 'currency-codes';

const CRYPTO_DECIMALS: Record<string, number> = { USDT: 6, USDC: 6, BTC: 8, ETH: 8 };

/** `USDT(TRC20)` → `USDT`: the asset code without its token standard. */
export function assetCode(symbol: string): string {
  const paren = symbol.indexOf('(');
  return (paren === -1 ? symbol : symbol.slice(0, paren)).trim().toUpperCase();
}

/** The payout amounts a transaction may ask for, in its payout currency (decimal strings). */
export const AMOUNT_LIMITS = { min: '1', max: '1000000' } as const;

/**
 * What is wrong with a payout amount against the limits, or undefined when it is within them:
 * the one wording, for the sandbox's answer and a bulk file's row ("must be between 1 and
 * 1000000 USD"; without a currency, the currency is left out).
 */
export function amountLimitProblem(amount: string, symbol?: string): string | undefined {
  // Compared as digits (no decimal library in the SPA's first load): the limits are whole.
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  const units = match ? BigInt(match[2]!) : 0n;
  const fractional = /[1-9]/.test(match?.[3] ?? '');
  const within =
    match !== null &&
    match[1] === '' &&
    units >= BigInt(AMOUNT_LIMITS.min) &&
    (units < BigInt(AMOUNT_LIMITS.max) || (units === BigInt(AMOUNT_LIMITS.max) && !fractional));
  if (within) return undefined;
  return `must be between ${AMOUNT_LIMITS.min} and ${AMOUNT_LIMITS.max}${symbol ? ` ${symbol}` : ''}`;
}

/** Number of decimals the currency allows, or undefined when the symbol is unknown. */
export function currencyDecimals(symbol: string): number | undefined {
  const code = assetCode(symbol);
  const crypto = CRYPTO_DECIMALS[code];
  if (crypto !== undefined) return crypto;
  return currencyCodes.code(code)?.digits;
}

/** Decimals to use for a symbol: its own, or two for a symbol we do not know. */
export function decimalsOf(symbol: string): number {
  return currencyDecimals(symbol) ?? 2;
}

/** Decimal places written in an amount string ("10.50" → 2, "7" → 0). */
export function decimalPlaces(amount: string): number {
  const point = amount.indexOf('.');
  return point === -1 ? 0 : amount.length - point - 1;
}

/**
 * The one rule on an amount's precision, for the sandbox's checks and the dashboard's forms:
 * what is wrong (words that follow the field's name), or undefined when the currency allows it.
 */
export function decimalsProblem(amount: string, symbol: string): string | undefined {
  const decimals = decimalsOf(symbol);
  if (decimalPlaces(amount) <= decimals) return undefined;
  return decimals === 0
    ? `must be a whole number: ${symbol} has no decimals`
    : `can have at most ${decimals} decimals in ${symbol}`;
}

/** The mark of decimals an amount is typed with: a point (12,500.50) or a comma (12.500,50). */
export type DecimalMark = '.' | ',';

/**
 * An amount as a person typed it in a form or a bulk file, in the plain notation the API takes:
 * the one reader of typed amounts, on both sides. With a decimal point,
 * grouping separators go ("5,000" → "5000", "12 500.50" → "12500.50"); with a decimal comma (a
 * German locale, say), "12.500,50" → "12500.50". What cannot be read as one amount is refused
 * with words that follow the field's name: the other mark used for decimals ("12,50" where a
 * point marks them) is refused rather than guessed at.
 */
export function normalizeAmount(
  typed: string,
  decimal: DecimalMark = '.',
): { amount: string } | { problem: string; reason: 'required' | 'notNumber' | 'otherMark' } {
  const text = typed.trim();
  if (text === '') return { problem: 'is required', reason: 'required' };
  const point = decimal === '.';
  const plain = point
    ? 'must be a number such as 1250.50 (grouping such as 12,500.50 is fine)'
    : 'must be a number such as 1250,50 (grouping such as 12.500,50 is fine)';
  const [whole = '', fraction, extra] = text.split(decimal);
  const notNumber = { problem: plain, reason: 'notNumber' } as const;
  if (extra !== undefined || (fraction !== undefined && !/^\d+$/.test(fraction))) return notNumber;
  // Leading zeros go ("0012" → "12"), the one before the decimals stays ("0.50").
  const joined = (digits: string) => {
    const integer = digits.replace(/^0+(?=\d)/, '');
    return { amount: fraction === undefined ? integer : `${integer}.${fraction}` };
  };
  if (/^\d+$/.test(whole)) return joined(whole);
  // Between groups of thousands: the other mark, spaces of every width, apostrophes.
  const other = point ? ',' : '.';
  const separator = /[,.\u0020\u00a0\u2009\u202f'’]/.exec(whole)?.[0];
  if (separator === undefined || separator === decimal) return notNumber;
  const groups = whole.split(separator);
  const grouped =
    /^\d{1,3}$/.test(groups[0]!) && groups.slice(1).every((group) => /^\d{3}$/.test(group));
  if (!grouped) {
    return separator === other && groups.length === 2 && /^\d+$/.test(groups[1]!) && !fraction
      ? {
          problem: `must use a ${point ? 'point' : 'comma'} for decimals, such as ${point ? '12.50' : '12,50'}`,
          reason: 'otherMark',
        }
      : notNumber;
  }
  return joined(groups.join(''));
}

/** Whether a plain amount is zero ("0", "0.00"). */
export const isZeroAmount = (amount: string) => /^0+(\.0+)?$/.test(amount);
