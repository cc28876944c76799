// Prices: the allowed currency pairs per product, the reference rates, the product fees, and the
// deposit amount that covers a payout. Every figure is a decimal; no JavaScript number is used
// for money.
import Decimal from 'decimal.js';
import { amountLimitProblem, decimalsOf, decimalsProblem } from '#/api/money';
import type { Price, Product } from '#/api/schemas/transaction';
import { findCurrency } from './currencies';
import { invalidField } from './errors';

/** Plenty of precision: a quotient is exact to far more places than any currency has. */
const Dec = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });
type Dec = InstanceType<typeof Dec>;

export const PRODUCT_FEES: Record<Product, string> = {
  sendc2f: '0.010',
  sendf2f: '0.008',
  receive: '0.005',
};

/** Significant digits of a published rate. */
const RATE_DIGITS = 10;

/** A quote inside the sandbox: the rate stays a decimal string until it goes on the wire. */
export interface Quote {
  fromCurrencySymbol: string;
  toCurrencySymbol: string;
  /** Payout units per deposit unit after fees. */
  rate: string;
}

/** The one place a rate becomes a JSON number, as the specification types it. */
export function wireRate(rate: string): number {
  return Number(rate);
}

function currencyFor(symbol: string, field: string, role: 'deposit' | 'payout', product: Product) {
  const currency = findCurrency(symbol);
  const wantType = product === 'sendc2f' && role === 'deposit' ? 'CRYPTO' : 'FIAT';
  const capable = role === 'deposit' ? currency?.sendFrom : currency?.sendTo;
  if (!currency || !capable || currency.currencyType !== wantType) {
    const kind = `${wantType === 'CRYPTO' ? 'a crypto' : 'a fiat'} ${role} currency`;
    throw invalidField(
      field,
      `must be ${kind} for ${productName(product)}; ${symbol} is not (see GET /v1/currency/)`,
      'CURRENCY_NOT_SUPPORTED',
    );
  }
  return currency;
}

export function productName(product: Product): string {
  return { sendc2f: 'payouts', sendf2f: 'end to end transfers', receive: 'collections' }[product];
}

/** The rate after the product's fee, rounded down so the published rate never flatters. */
export function rateFor(product: Product, fromUsdValue: string, toUsdValue: string): Dec {
  const gross = new Dec(fromUsdValue).div(toUsdValue);
  const net = gross.times(new Dec(1).minus(PRODUCT_FEES[product]));
  return net.toSignificantDigits(RATE_DIGITS, Decimal.ROUND_DOWN);
}

/**
 * The smallest amount with `decimals` places whose value at `rate` covers `toAmount`:
 * amount × rate ≥ toAmount, and one unit less would not be.
 */
export function depositFor(toAmount: string, rate: Dec | string, decimals: number): string {
  const r = new Dec(rate);
  let amount = new Dec(toAmount).div(r).toDecimalPlaces(decimals, Decimal.ROUND_CEIL);
  // The quotient is exact to 60 digits; this guards the rounding step all the same.
  const unit = new Dec(1).div(new Dec(10).pow(decimals));
  while (amount.times(r).lt(toAmount)) amount = amount.plus(unit);
  return amount.toFixed(decimals);
}

/** Checks a payout amount against its currency's decimals and the sandbox's limits. */
export function checkPayoutAmount(toAmount: string, toCurrencySymbol: string): void {
  const precision = decimalsProblem(toAmount, toCurrencySymbol);
  if (precision) throw invalidField('toAmount', precision);
  const limit = amountLimitProblem(toAmount, toCurrencySymbol);
  if (limit) throw invalidField('toAmount', limit, 'AMOUNT_OUT_OF_RANGE');
}

/** The rate for a pair and a payout amount, after checking both: what a transaction keeps. */
export function quoteRate(
  product: Product,
  fromCurrencySymbol: string,
  toCurrencySymbol: string,
  toAmount: string,
): Quote {
  const from = currencyFor(fromCurrencySymbol, 'fromCurrencySymbol', 'deposit', product);
  const to = currencyFor(toCurrencySymbol, 'toCurrencySymbol', 'payout', product);
  checkPayoutAmount(toAmount, to.symbol);
  return {
    fromCurrencySymbol: from.symbol,
    toCurrencySymbol: to.symbol,
    rate: rateFor(product, from.usdValue, to.usdValue).toString(),
  };
}

/** `POST /v1/{product}/price`: the rate, and the deposit that covers the payout at it. */
export function priceQuote(
  product: Product,
  fromCurrencySymbol: string,
  toCurrencySymbol: string,
  toAmount: string,
): Price {
  const quote = quoteRate(product, fromCurrencySymbol, toCurrencySymbol, toAmount);
  const from = findCurrency(quote.fromCurrencySymbol)!;
  const to = findCurrency(quote.toCurrencySymbol)!;
  return {
    ...quote,
    rate: wireRate(quote.rate),
    amount: depositFor(toAmount, quote.rate, decimalsOf(quote.fromCurrencySymbol)),
    referenceRate: wireRate(referenceRateOf(from.symbol, to.symbol)!),
  };
}

const referenceRates = new Map<string, string | null>();

/**
 * The reference rate of a pair before any fee, as a price publishes it; null for an unknown
 * symbol. The table is fixed: each pair is worked out once (every transaction read shows it).
 */
export function referenceRateOf(fromSymbol: string, toSymbol: string): string | null {
  const key = `${fromSymbol}>${toSymbol}`;
  const known = referenceRates.get(key);
  if (known !== undefined) return known;
  const from = findCurrency(fromSymbol);
  const to = findCurrency(toSymbol);
  const rate =
    from && to
      ? new Dec(from.usdValue).div(to.usdValue).toSignificantDigits(RATE_DIGITS).toString()
      : null;
  referenceRates.set(key, rate);
  return rate;
}

/** An amount written with exactly its currency's decimals: "10.5" in USD is "10.50". */
export function toCurrencyDecimals(amount: string, symbol: string): string {
  return new Dec(amount).toFixed(decimalsOf(symbol));
}
