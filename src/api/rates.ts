// One rate for a transaction wherever it shows (docs/decisions/067): the API's own number at the
// precision the API gave it, with its currency pair; the fee the rate includes, as money.
import Decimal from 'decimal.js';
import { decimalsOf } from './money';

/** Significant digits of a rate worked out from two amounts, when the API gave none. */
const DERIVED_RATE_DIGITS = 10;

/** A rate the API gave as a JSON number, as exact decimal text ("0.9124423963", never "9e-7"). */
function rateText(rate: number): string {
  return new Decimal(String(rate)).toFixed();
}

/** A transaction's rate: the API's (`given`), or worked out from its two amounts. */
export interface TransactionRate {
  /** Payout units per deposit unit, fees included, as decimal text. */
  rate: string;
  /** The API gave this number; otherwise it is the payout divided by the deposit. */
  given: boolean;
}

/** What a rate is read from: a transaction, or a price the API answered. */
interface Rated {
  toAmount: string;
  fromAmount: string | null;
  /** The API's rate where it gives one (the sandbox does on transactions; a price always). */
  rate?: number | null | undefined;
}

/** The one rate of a transaction or a price, or null before it is quoted. */
export function rateOf(t: Rated): TransactionRate | null {
  if (typeof t.rate === 'number' && t.rate > 0) return { rate: rateText(t.rate), given: true };
  if (t.fromAmount === null) return null;
  try {
    const from = new Decimal(t.fromAmount);
    if (from.lte(0)) return null;
    return {
      rate: new Decimal(t.toAmount).div(from).toSignificantDigits(DERIVED_RATE_DIGITS).toFixed(),
      given: false,
    };
  } catch {
    return null;
  }
}

/** A quote's figures as every screen and file shows them: its rate, the fee in it, the markup. */
export interface QuoteFigures {
  rate: TransactionRate | null;
  /** The reference rate as exact decimal text, where the API gives one. */
  reference: string | null;
  /** The fee in the deposit currency (`feeOf`). */
  fee: string | null;
  /** How far the rate is below the reference rate, in percent ("1.00"). */
  markup: string | null;
}

/** The figures of a transaction or a price, read together from what the API gave. */
export function quoteFigures(q: {
  toAmount: string;
  fromAmount: string | null;
  fromCurrencySymbol: string;
  rate?: number | null | undefined;
  referenceRate?: number | null | undefined;
}): QuoteFigures {
  const rate = rateOf(q);
  const reference = q.referenceRate == null ? null : rateText(q.referenceRate);
  return {
    rate,
    reference,
    fee: feeOf({ ...q, referenceRate: reference }),
    markup: markupPercent(rate?.rate ?? null, reference),
  };
}

/** How far a rate is below a reference rate, in percent to two places ("1.00"). */
function markupPercent(rate: string | null, reference: string | null): string | null {
  if (rate === null || reference === null) return null;
  try {
    const ref = new Decimal(reference);
    if (ref.lte(0)) return null;
    return ref.minus(rate).div(ref).times(100).toFixed(2);
  } catch {
    return null;
  }
}

/**
 * The fee a quote includes, as money in the deposit currency: the deposit, less what the payout
 * would need at the reference rate (rounded up to the currency's decimals, as a deposit is). Null
 * without a reference rate (the specification's API gives none) or a deposit.
 */
function feeOf(q: {
  toAmount: string;
  fromAmount: string | null;
  fromCurrencySymbol: string;
  referenceRate: string | null;
}): string | null {
  if (q.fromAmount === null || q.referenceRate === null) return null;
  try {
    const reference = new Decimal(q.referenceRate);
    if (reference.lte(0)) return null;
    const decimals = decimalsOf(q.fromCurrencySymbol);
    const atReference = new Decimal(q.toAmount)
      .div(reference)
      .toDecimalPlaces(decimals, Decimal.ROUND_UP);
    const fee = new Decimal(q.fromAmount).minus(atReference);
    return (fee.isNegative() ? new Decimal(0) : fee).toFixed(decimals);
  } catch {
    return null;
  }
}
