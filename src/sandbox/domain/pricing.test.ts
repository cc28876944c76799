import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { currencyDecimals } from '#/api/money';
import { CURRENCY_CATALOGUE } from './currencies';
import { DomainError } from './errors';
import { depositFor, priceQuote, quoteRate, rateFor } from './pricing';

function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a refusal');
}

describe('priceQuote: rounding to the deposit currency', () => {
  // Worked by hand: rate = fromUsd / toUsd × (1 − fee), 10 significant digits, rounded down;
  // amount = toAmount / rate, rounded up to the deposit currency's decimals.
  it.each([
    ['0-decimal fiat deposit (JPY)', 'sendf2f', 'JPY', 'USD', '1000', '0.0066464', '150458'],
    [
      '2-decimal fiat deposit (USD) to JPY',
      'sendf2f',
      'USD',
      'JPY',
      '150000',
      '148.0597014',
      '1013.11',
    ],
    ['3-decimal fiat deposit (KWD)', 'sendf2f', 'KWD', 'EUR', '2500.00', '2.971428571', '841.347'],
    ['3-decimal fiat payout (KWD)', 'sendf2f', 'USD', 'KWD', '1.001', '0.3052307692', '3.28'],
    [
      '6-decimal crypto deposit (USDT)',
      'sendc2f',
      'USDT(TRC20)',
      'EUR',
      '100.00',
      '0.9124423963',
      '109.595960',
    ],
    ['8-decimal crypto deposit (BTC)', 'sendc2f', 'BTC', 'USD', '64000', '64350', '0.99456100'],
    ['collections fee', 'receive', 'EUR', 'GBP', '8900', '0.8500590551', '10469.87'],
  ] as const)('%s', (_label, product, from, to, toAmount, rate, amount) => {
    expect(quoteRate(product, from, to, toAmount).rate).toBe(rate);
    const price = priceQuote(product, from, to, toAmount);
    expect(price).toEqual({
      fromCurrencySymbol: from,
      toCurrencySymbol: to,
      rate: Number(rate),
      amount,
      referenceRate: expect.any(Number),
    });
    // The reference rate less the product's fee is the rate, to its ten significant digits.
    const fee = { sendc2f: 0.01, sendf2f: 0.008, receive: 0.005 }[product];
    expect(price.referenceRate! * (1 - fee)).toBeCloseTo(Number(rate), 6);
  });

  it('applies each product’s fee: payout 1.0 %, end to end 0.8 %, collections 0.5 %', () => {
    expect(rateFor('sendc2f', '1', '1').toString()).toBe('0.99');
    expect(rateFor('sendf2f', '1', '1').toString()).toBe('0.992');
    expect(rateFor('receive', '1', '1').toString()).toBe('0.995');
  });

  it('gives the smallest deposit that covers the payout, for every pair and many amounts', () => {
    const amounts = [
      '1',
      '7',
      '12.3',
      '19.99',
      '33.33',
      '100',
      '250.35',
      '999.99',
      '1234.56',
      '54321.09',
      '1000000',
    ];
    for (const from of CURRENCY_CATALOGUE.filter((c) => c.sendFrom)) {
      for (const to of CURRENCY_CATALOGUE.filter((c) => c.sendTo)) {
        const product = from.currencyType === 'CRYPTO' ? 'sendc2f' : 'sendf2f';
        const decimals = currencyDecimals(from.symbol)!;
        for (const raw of amounts) {
          const toAmount = new Decimal(raw)
            .toDecimalPlaces(currencyDecimals(to.symbol)!, Decimal.ROUND_DOWN)
            .toFixed();
          if (new Decimal(toAmount).lt(1)) continue;
          const quote = priceQuote(product, from.symbol, to.symbol, toAmount);
          const amount = new Decimal(quote.amount);
          const unit = new Decimal(1).div(new Decimal(10).pow(decimals));
          expect(quote.amount.split('.')[1]?.length ?? 0).toBe(decimals);
          expect(
            amount.times(quote.rate).gte(toAmount),
            `${from.symbol}→${to.symbol} ${toAmount}`,
          ).toBe(true);
          expect(
            amount.minus(unit).times(quote.rate).lt(toAmount),
            `${from.symbol}→${to.symbol} ${toAmount}`,
          ).toBe(true);
        }
      }
    }
  });

  it('gets right a case that float arithmetic gets wrong', () => {
    // 12.3 AUD at 1.5 AUD per USDT needs exactly 8.2 USDT. As floats, 12.3 / 1.5 is
    // 8.200000000000001, and rounding that up to 6 decimals asks the client for 8.200001.
    const naive = Math.ceil((12.3 / 1.5) * 1e6) / 1e6;
    expect(naive.toFixed(6)).toBe('8.200001');
    const quote = priceQuote('sendc2f', 'USDT(TRC20)', 'AUD', '12.3');
    expect(quote.rate).toBe(1.5);
    expect(quote.amount).toBe('8.200000');
    expect(depositFor('12.3', '1.5', 6)).toBe('8.200000');
  });
});

describe('priceQuote: refusals', () => {
  it.each([
    ['sendc2f', 'USD', 'EUR', 'fromCurrencySymbol'],
    ['sendf2f', 'USDT(TRC20)', 'EUR', 'fromCurrencySymbol'],
    ['receive', 'BTC', 'EUR', 'fromCurrencySymbol'],
    ['sendc2f', 'USDT(TRC20)', 'BTC', 'toCurrencySymbol'],
    ['sendf2f', 'EUR', 'USDT(ERC20)', 'toCurrencySymbol'],
    ['sendf2f', 'INR', 'EUR', 'fromCurrencySymbol'],
    ['sendf2f', 'XYZ', 'EUR', 'fromCurrencySymbol'],
    ['sendf2f', 'EUR', 'usd', 'toCurrencySymbol'],
  ] as const)('%s %s → %s is CURRENCY_NOT_SUPPORTED naming %s', (product, from, to, field) => {
    const error = refusal(() => priceQuote(product, from, to, '100'));
    expect(error.code).toBe('CURRENCY_NOT_SUPPORTED');
    expect(error.errors?.[0]?.field).toBe(field);
  });

  it.each([
    ['JPY', '100.5', 'must be a whole number: JPY has no decimals'],
    ['USD', '10.001', 'can have at most 2 decimals in USD'],
    ['KWD', '10.0001', 'can have at most 3 decimals in KWD'],
  ])('refuses more decimals than %s has', (to, amount, message) => {
    const error = refusal(() => priceQuote('sendf2f', 'EUR', to, amount));
    expect(error.errors).toEqual([{ field: 'toAmount', message }]);
  });

  it.each(['0.99', '0', '1000000.01', '99999999999999999999'])(
    'refuses %s as out of range',
    (amount) => {
      const error = refusal(() => priceQuote('sendf2f', 'EUR', 'USD', amount));
      expect(error.code).toBe('AMOUNT_OUT_OF_RANGE');
      expect(error.errors?.[0]).toEqual({
        field: 'toAmount',
        message: 'must be between 1 and 1000000 USD',
      });
    },
  );

  it('accepts the limits themselves, and a 3-decimal amount in KWD', () => {
    expect(priceQuote('sendf2f', 'EUR', 'USD', '1').amount).toBe('0.93');
    expect(priceQuote('sendf2f', 'EUR', 'USD', '1000000').amount).toBe('929091.72');
    expect(priceQuote('sendf2f', 'EUR', 'KWD', '10.001').toCurrencySymbol).toBe('KWD');
  });
});
