// Policies in the workspace's base currency (docs/decisions/042), as a table with every
// expectation written out and as properties: a base-currency policy applies to each currency at
// the rate recorded for the decision, exactly when the converted value reaches its threshold,
// and to an amount it cannot convert always (the safe side).
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ControlSubject,
  type PolicyRule,
  batchRequirement,
  convert,
  requirementOf,
  samePolicy,
} from './rules';

/** Deposits of 10,000 EUR or more, in any currency, need two approvers. */
const TEN_THOUSAND_EUR: PolicyRule = {
  id: 'base',
  action: 'approveDeposit',
  product: '*',
  currency: '*',
  amountSide: 'payout',
  minAmount: '10000',
  approvers: 2,
  inBase: true,
};

/** Rates into EUR as the API might quote them at a decision. */
const RATES: Record<string, string> = { EUR: '1', INR: '0.0109', USD: '0.92', GBP: '1.17' };

const subject = (currency: string, amount: string | null): ControlSubject => {
  const payout = { currency, amount };
  const converted = convert(payout, 'EUR', RATES[currency] ?? null);
  return {
    action: 'approveDeposit',
    product: 'sendf2f',
    payout,
    deposit: { currency: 'USD', amount: null },
    base: { payout: converted?.value ?? null, deposit: null },
  };
};

describe('a base-currency policy, currency by currency at the recorded rate', () => {
  // [what, payout currency, amount, approvers needed, its value in EUR]
  const table: [string, string, string | null, number, string | null][] = [
    ['10,000 EUR: the threshold itself', 'EUR', '10000', 2, '10000'],
    ['9,999.99 EUR: below', 'EUR', '9999.99', 1, '9999.99'],
    ['948,000 INR is 10,333.20 EUR', 'INR', '948000', 2, '10333.2'],
    ['900,000 INR is 9,810 EUR', 'INR', '900000', 1, '9810'],
    ['10,870 USD is 10,000.40 EUR', 'USD', '10870', 2, '10000.4'],
    ['10,869 USD is 9,999.48 EUR', 'USD', '10869', 1, '9999.48'],
    ['8,547.01 GBP is 10,000.0017 EUR', 'GBP', '8547.01', 2, '10000.0017'],
    ['a currency the API would not price: applies', 'JPY', '100', 2, null],
    ['an amount not known yet: applies', 'INR', null, 2, null],
  ];
  it.each(table)('%s', (_what, currency, amount, required, value) => {
    const s = subject(currency, amount);
    expect(s.base?.payout ?? null).toBe(value);
    expect(requirementOf([TEN_THOUSAND_EUR], s).required).toBe(required);
  });

  it('is not the same policy as one in a single currency with the same threshold', () => {
    expect(samePolicy(TEN_THOUSAND_EUR, { ...TEN_THOUSAND_EUR, inBase: false })).toBe(false);
    expect(samePolicy(TEN_THOUSAND_EUR, { ...TEN_THOUSAND_EUR, minAmount: '10000.00' })).toBe(true);
  });

  it('judges a bulk file by its totals summed in the base currency', () => {
    const policy: PolicyRule = { ...TEN_THOUSAND_EUR, action: 'approveBatch' };
    const file = (rates: Map<string, string> | undefined) =>
      batchRequirement([policy], {
        product: 'sendc2f',
        payoutTotals: [
          { currency: 'EUR', amount: '6000' },
          { currency: 'INR', amount: '400000' },
        ],
        depositTotals: [],
        rows: [],
        baseCurrency: 'EUR',
        rates,
      }).required;
    // 6,000 EUR and 4,360 EUR: 10,360 EUR together, though neither alone reaches it.
    expect(file(new Map([['INR', '0.0109']]))).toBe(2);
    expect(file(new Map([['INR', '0.009']]))).toBe(1);
    // Without a rate for INR: the safe side.
    expect(file(undefined)).toBe(2);
  });
});

describe('the property', () => {
  const amounts = fc
    .tuple(fc.integer({ min: 0, max: 5_000_000 }), fc.integer({ min: 0, max: 99 }))
    .map(([whole, cents]) => `${whole}.${String(cents).padStart(2, '0')}`);
  const rates = fc
    .tuple(fc.integer({ min: 1, max: 3_000_000 }), fc.integer({ min: 1, max: 6 }))
    .map(([digits, scale]) => new Decimal(digits).div(new Decimal(10).pow(scale)).toFixed());

  it('applies exactly when amount × the recorded rate reaches the threshold', () => {
    fc.assert(
      fc.property(amounts, rates, amounts, fc.constantFrom('INR', 'USD', 'GBP'), (a, r, min, c) => {
        const policy = { ...TEN_THOUSAND_EUR, minAmount: min };
        const converted = convert({ currency: c, amount: a }, 'EUR', r)!;
        expect(converted.rate).toBe(r);
        const s: ControlSubject = {
          ...subject(c, a),
          base: { payout: converted.value, deposit: null },
        };
        const reaches = new Decimal(a).times(r).gte(min);
        expect(requirementOf([policy], s).required).toBe(reaches ? 2 : 1);
      }),
    );
  });

  it('never asks fewer approvers for an amount it cannot convert', () => {
    fc.assert(
      fc.property(amounts, amounts, (a, min) => {
        const policy = { ...TEN_THOUSAND_EUR, minAmount: min };
        const unconverted: ControlSubject = {
          ...subject('XAU', a),
          base: { payout: null, deposit: null },
        };
        expect(requirementOf([policy], unconverted).required).toBe(2);
      }),
    );
  });
});
