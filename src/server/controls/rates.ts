// The API's currency list and prices as the money controls use them: rates into the workspace's
// base currency for base-currency policies (docs/decisions/042), and what a quote approval
// approves (docs/decisions/041).
import Decimal from 'decimal.js';
import type { QuoteInfo } from '#/api/controls';
import { operations, transactionOperations } from '#/api/operations';
import type { Currency } from '#/api/schemas/reference';
import { type Price, type Product, Transaction } from '#/api/schemas/transaction';
import { type PartnerApi } from '../partner-api';
import {
  type ControlSubject,
  type Conversion,
  type Money,
  type PolicyRule,
  convert,
  needsConversion,
  quoteWindow,
} from './rules';
import { quoteFigures } from '#/api/rates';
import type { ControlsStore } from './store';

type PriceAnswer = ReturnType<typeof Price.parse>;
const CURRENCY_LIST_TTL_MS = 10 * 60 * 1000;

/** The API's currencies and prices as the controls read them, cached briefly per environment. */
export function controlRates({
  store,
  now,
}: {
  store: Pick<ControlsStore, 'settings'>;
  now: () => number;
}) {
  const currencyLists = new Map<string, { at: number; list: Currency[] }>();

  async function currencies(environment: string, api: PartnerApi): Promise<Currency[] | undefined> {
    const known = currencyLists.get(environment);
    if (known && now() - known.at < CURRENCY_LIST_TTL_MS) return known.list;
    const read = await api.call(operations.listCurrencies);
    if (!read.ok) return known?.list;
    currencyLists.set(environment, { at: now(), list: read.data });
    return read.data;
  }

  const RATE_TTL_MS = 60_000;
  const priceCache = new Map<string, { at: number; price: PriceAnswer | null }>();

  /**
   * The API's price for a pair and a payout amount now; a minute's cache per environment unless
   * `fresh` (a decision asks afresh).
   */
  async function priceNow(
    api: PartnerApi,
    environment: string,
    product: Product,
    t: Pick<Transaction, 'fromCurrencySymbol' | 'toCurrencySymbol' | 'toAmount'>,
    fresh = false,
  ): Promise<PriceAnswer | null> {
    const key = `${environment}:${product}:${t.fromCurrencySymbol}:${t.toCurrencySymbol}:${t.toAmount}`;
    const known = priceCache.get(key);
    if (!fresh && known && now() - known.at < RATE_TTL_MS) return known.price;
    const answer = await api
      .call(transactionOperations[product].price, {
        body: {
          fromCurrencySymbol: t.fromCurrencySymbol,
          toCurrencySymbol: t.toCurrencySymbol,
          toAmount: t.toAmount,
        },
      })
      .catch(() => undefined);
    const price: PriceAnswer | null = answer?.ok ? answer.data : null;
    priceCache.set(key, { at: now(), price });
    if (priceCache.size > 1000) priceCache.delete(priceCache.keys().next().value!);
    return price;
  }

  /**
   * Units of `base` per unit of each currency, as the API's price operation quotes them now
   * (end to end for fiat, payout for crypto); a currency the API will not price has none. For a
   * decision the rates are asked afresh (`fresh`); for what pages show, at most a minute old.
   */
  async function baseRates(
    environment: string,
    api: PartnerApi,
    symbols: readonly string[],
    base: string,
    fresh: boolean,
  ): Promise<Map<string, string>> {
    const rates = new Map<string, string>();
    const list = (await currencies(environment, api)) ?? [];
    for (const symbol of new Set(symbols.map((c) => c.trim().toUpperCase()))) {
      if (symbol === base.toUpperCase()) {
        rates.set(symbol, '1');
        continue;
      }
      const currency = list.find((c) => c.symbol.toUpperCase() === symbol);
      const rate = await rateToBase(api, environment, currency, symbol, base, fresh);
      if (rate !== null) rates.set(symbol, rate);
    }
    return rates;
  }

  /**
   * Units of `base` per unit of a currency, from the API's price operation: a currency that can
   * be deposited is priced into the base currency (payout for crypto, end to end for fiat); one
   * that can only be paid out is priced from the base currency and the rate turned round. The
   * API's fee is in either (docs/decisions/042). Null when the API will not price it.
   */
  async function rateToBase(
    api: PartnerApi,
    environment: string,
    currency: Currency | undefined,
    symbol: string,
    base: string,
    fresh: boolean,
  ): Promise<string | null> {
    const toAmount = '1000';
    if (!currency || currency.sendFrom) {
      const price = await priceNow(
        api,
        environment,
        currency?.currencyType === 'CRYPTO' ? 'sendc2f' : 'sendf2f',
        { fromCurrencySymbol: currency?.symbol ?? symbol, toCurrencySymbol: base, toAmount },
        fresh,
      );
      return price && price.rate > 0 ? String(price.rate) : null;
    }
    const price = await priceNow(
      api,
      environment,
      'sendf2f',
      { fromCurrencySymbol: base, toCurrencySymbol: currency.symbol, toAmount },
      fresh,
    );
    if (!price || price.rate <= 0) return null;
    return new Decimal(1).div(String(price.rate)).toSignificantDigits(10).toFixed();
  }

  /**
   * A subject with its amounts in the base currency, when a policy asks for it: the value of
   * each side and the conversions that gave it (kept with a decision).
   */
  async function inBase(
    environment: string,
    api: PartnerApi,
    policies: readonly PolicyRule[],
    subject: ControlSubject,
    fresh: boolean,
    /** The workspace's base currency when the caller has read the settings already. */
    knownBase?: string,
  ): Promise<{ subject: ControlSubject; conversions: Conversion[] }> {
    if (!needsConversion(policies)) return { subject, conversions: [] };
    const baseCurrency = knownBase ?? (await store.settings()).baseCurrency;
    const sides = [subject.payout, subject.deposit].filter((m): m is Money => m !== null);
    const rates = await baseRates(
      environment,
      api,
      sides.map((m) => m.currency),
      baseCurrency,
      fresh,
    );
    const at = (money: Money | null) =>
      money ? convert(money, baseCurrency, rates.get(money.currency.toUpperCase()) ?? null) : null;
    const payout = at(subject.payout);
    const deposit = at(subject.deposit);
    return {
      subject: {
        ...subject,
        base: { payout: payout?.value ?? null, deposit: deposit?.value ?? null },
      },
      conversions: [payout, deposit].filter((c): c is Conversion => c !== null),
    };
  }

  /**
   * What a quote approval approves (docs/decisions/041): the API's deposit and rate once it has
   * given them, with when they may be approved until; before, today's price. The reference rate
   * and markup where the API's price gives one. `price: 'unquoted'`: the API is asked only for
   * a transaction it has not quoted (the inbox's rows).
   */
  async function quoteOf(
    environment: string,
    product: Product,
    t: Transaction,
    validityMs: number,
    api: PartnerApi | undefined,
    price: 'always' | 'unquoted',
  ): Promise<QuoteInfo> {
    const window = quoteWindow(t, validityMs);
    const given = t.fromAmount !== null;
    // The transaction's own rates where the API sends them; today's price asked only for what
    // they leave unknown.
    const needsPrice = !given || (t.referenceRate == null && price === 'always');
    const asked = api && needsPrice ? await priceNow(api, environment, product, t) : null;
    const depositAmount = t.fromAmount ?? asked?.amount ?? null;
    const figures = quoteFigures({
      toAmount: t.toAmount,
      fromAmount: depositAmount,
      fromCurrencySymbol: t.fromCurrencySymbol,
      rate: given ? t.rate : asked?.rate,
      referenceRate: t.referenceRate ?? asked?.referenceRate ?? null,
    });
    return {
      source: given ? 'api' : 'priceNow',
      depositAmount,
      rate: figures.rate?.rate ?? null,
      rateGiven: figures.rate?.given ?? false,
      fee: figures.fee,
      quotedAt: window?.quotedAt ?? null,
      expiresAt: window?.expiresAt ?? null,
      expired: window !== null && window.expiresAt <= now(),
      referenceRate: figures.reference,
      markupPercent: figures.markup,
    };
  }

  return { currencies, priceNow, baseRates, inBase, quoteOf };
}
