// What approving a bulk payout file asks (docs/decisions/034), as a table with every expectation
// written out and as properties over random files and policies: a batch never needs fewer
// approvers than its largest row would alone, and its uploader never approves it.
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRODUCTS, type Product } from '#/api/schemas/transaction';
import {
  type BatchSubject,
  type Money,
  type PolicyRule,
  batchRequirement,
  judge,
  requirementOf,
} from './rules';

const policy = (p: Partial<PolicyRule>): PolicyRule => ({
  id: 'p',
  action: 'approveBatch',
  product: '*',
  currency: 'EUR',
  amountSide: 'payout',
  minAmount: '50000',
  approvers: 2,
  ...p,
});

type Row = { payout: Money; deposit: Money | null };
const row = (payout: string, deposit: string | null = null, currency = 'EUR'): Row => ({
  payout: { currency, amount: payout },
  deposit: { currency: 'USDT(TRC20)', amount: deposit },
});

/** The batch of `rows`, its totals summed here per currency. */
function batchOf(rows: Row[], product: Product = 'sendc2f'): BatchSubject {
  const sum = (side: 'payout' | 'deposit') => {
    const totals = new Map<string, Decimal | null>();
    for (const r of rows) {
      const money = r[side];
      if (!money) continue;
      const before = totals.has(money.currency) ? totals.get(money.currency)! : new Decimal(0);
      totals.set(
        money.currency,
        before === null || money.amount === null ? null : before.plus(money.amount),
      );
    }
    return [...totals].map(([currency, amount]) => ({
      currency,
      amount: amount === null ? null : amount.toFixed(),
    }));
  };
  return { product, payoutTotals: sum('payout'), depositTotals: sum('deposit'), rows };
}

describe('what approving a batch asks', () => {
  const thirty = [row('30000', '32000'), row('30000', '32000')];
  // [what, policies, rows, product, approvers]
  const table: [string, PolicyRule[], Row[], Product, number][] = [
    ['no policy: one approver', [], thirty, 'sendc2f', 1],
    ['the payout total reaches 50,000 EUR', [policy({})], thirty, 'sendc2f', 2],
    ['no row alone reaches it: the total does', [policy({})], thirty, 'sendc2f', 2],
    ['the total stays below', [policy({})], [row('20000'), row('29999.99')], 'sendc2f', 1],
    ['exactly the threshold', [policy({})], [row('25000'), row('25000.00')], 'sendc2f', 2],
    ['another payout currency', [policy({})], [row('60000', null, 'GBP')], 'sendc2f', 1],
    ['currency spelled in lower case', [policy({ currency: 'eur' })], thirty, 'sendc2f', 2],
    ['any currency', [policy({ currency: '*' })], [row('60000', null, 'GBP')], 'sendc2f', 2],
    ['a policy of another product', [policy({ product: 'receive' })], thirty, 'sendc2f', 1],
    ['a policy of this product', [policy({ product: 'receive' })], thirty, 'receive', 2],
    [
      'deposit side, quoted below',
      [policy({ amountSide: 'deposit', currency: 'USDT(TRC20)', minAmount: '70000' })],
      thirty,
      'sendc2f',
      1,
    ],
    [
      'deposit side, quoted above',
      [policy({ amountSide: 'deposit', currency: 'USDT(TRC20)', minAmount: '60000' })],
      thirty,
      'sendc2f',
      2,
    ],
    [
      'deposit side, not quoted yet: the safe side',
      [policy({ amountSide: 'deposit', currency: 'USDT(TRC20)', minAmount: '70000' })],
      [row('30000', null), row('30000', '32000')],
      'sendc2f',
      2,
    ],
    [
      "a quote policy over one row's amount: the largest row",
      [policy({ action: 'approveQuote', minAmount: '10000', approvers: 3 })],
      [row('100'), row('12000'), row('50')],
      'sendc2f',
      3,
    ],
    [
      'a quote policy no row reaches',
      [policy({ action: 'approveQuote', minAmount: '10000', approvers: 3 })],
      [row('9000'), row('9000')],
      'sendc2f',
      1,
    ],
    [
      'deposit approvals are not what a batch approves',
      [policy({ action: 'approveDeposit', minAmount: '0', approvers: 3 })],
      thirty,
      'sendc2f',
      1,
    ],
    [
      'a bank-detail change policy does not apply',
      [policy({ action: 'changeBankDetails', minAmount: '0', approvers: 3 })],
      thirty,
      'sendc2f',
      1,
    ],
    [
      'the strictest of batch and quote policies',
      [
        policy({ approvers: 2 }),
        policy({ action: 'approveQuote', minAmount: '25000', approvers: 3 }),
      ],
      thirty,
      'sendc2f',
      3,
    ],
  ];
  it.each(table)('%s', (_what, policies, rows, product, approvers) => {
    expect(batchRequirement(policies, batchOf(rows, product)).required).toBe(approvers);
  });

  it('names the policy that asks the most', () => {
    const strict = policy({ id: 'strict', approvers: 3, minAmount: '1' });
    expect(batchRequirement([policy({}), strict], batchOf(thirty)).policy?.id).toBe('strict');
  });
});

describe('deciding on a batch', () => {
  const pending = {
    kind: 'batch' as const,
    status: 'pending',
    expiresAt: 2_000,
    originatorId: 'uploader',
    decisions: [],
  };
  it('never lets the uploader approve, approver or not', () => {
    const outcome = judge(
      pending,
      { id: 'uploader', roles: ['finance', 'approver'] },
      'approve',
      1,
      1_000,
    );
    expect(outcome).toEqual({ kind: 'refused', refusal: 'UPLOADER_CANNOT_APPROVE' });
  });
  it('lets the uploader reject (withdraw) it only as an approver', () => {
    expect(judge(pending, { id: 'uploader', roles: ['approver'] }, 'reject', 1, 1_000).kind).toBe(
      'rejected',
    );
    expect(judge(pending, { id: 'uploader', roles: ['finance'] }, 'reject', 1, 1_000)).toEqual({
      kind: 'refused',
      refusal: 'FORBIDDEN_ROLE',
    });
  });
  it('needs distinct approvers', () => {
    const once = { ...pending, decisions: [{ userId: 'a1', decision: 'approve' as const }] };
    expect(judge(once, { id: 'a1', roles: ['approver'] }, 'approve', 2, 1_000)).toEqual({
      kind: 'refused',
      refusal: 'ALREADY_DECIDED',
    });
    expect(judge(once, { id: 'a2', roles: ['approver'] }, 'approve', 2, 1_000)).toEqual({
      kind: 'complete',
      approvals: 2,
      fresh: true,
    });
  });
});

describe('batch approval as a property', () => {
  const currency = fc.constantFrom('EUR', 'eur', 'GBP', '*');
  const amount = fc.constantFrom('0', '100', '4999.99', '5000', '12500.50', '20000', '60000');
  const anyPolicy: fc.Arbitrary<PolicyRule> = fc.record({
    id: fc.constant('p'),
    action: fc.constantFrom('approveBatch', 'approveQuote', 'approveDeposit') as fc.Arbitrary<
      PolicyRule['action']
    >,
    product: fc.constantFrom('*', '*', ...PRODUCTS) as fc.Arbitrary<PolicyRule['product']>,
    currency,
    amountSide: fc.constantFrom('payout', 'deposit') as fc.Arbitrary<PolicyRule['amountSide']>,
    minAmount: amount,
    approvers: fc.integer({ min: 1, max: 3 }),
  });
  const anyRow: fc.Arbitrary<Row> = fc.record({
    payout: fc.record({ currency: fc.constantFrom('EUR', 'GBP'), amount }),
    deposit: fc.record({
      currency: fc.constantFrom('USDT(TRC20)', 'EUR'),
      amount: fc.option(amount, { nil: null }),
    }),
  });
  /** A file: the policies in force, its rows, and its product. */
  const file = fc.tuple(
    fc.array(anyPolicy, { maxLength: 5 }),
    fc.array(anyRow, { minLength: 1, maxLength: 8 }),
    fc.constantFrom(...PRODUCTS),
  );

  it('asks at least what any of its rows would ask for its quote alone', () => {
    fc.assert(
      fc.property(file, ([policies, rows, p]) => {
        const batch = batchRequirement(policies, batchOf(rows, p)).required;
        for (const r of rows) {
          const alone = requirementOf(policies, { action: 'approveQuote', product: p, ...r });
          expect(batch).toBeGreaterThanOrEqual(alone.required);
        }
      }),
    );
  });

  it('never asks fewer approvers for more rows: splitting a file is no way around a policy', () => {
    fc.assert(
      fc.property(file, fc.array(anyRow, { maxLength: 4 }), ([policies, rows, p], more) => {
        const part = batchRequirement(policies, batchOf(rows, p)).required;
        const whole = batchRequirement(policies, batchOf([...rows, ...more], p)).required;
        expect(whole).toBeGreaterThanOrEqual(part);
      }),
    );
  });

  it('asks what a policy over the totals says, worked out here from the rows', () => {
    fc.assert(
      fc.property(file, ([policies, rows, p]) => {
        let expected = 1;
        for (const pol of policies) {
          if (pol.product !== '*' && pol.product !== p) continue;
          const matches = (m: Money | null) =>
            m !== null &&
            (pol.currency === '*' || pol.currency.toUpperCase() === m.currency.toUpperCase());
          const reached = (ms: (Money | null)[]) => {
            const mine = ms.filter(matches) as Money[];
            if (mine.length === 0) return false;
            // Per currency, as the money is counted: EUR and GBP never add up.
            const byCurrency = new Map<string, Money[]>();
            for (const m of mine)
              byCurrency.set(m.currency, [...(byCurrency.get(m.currency) ?? []), m]);
            return [...byCurrency.values()].some(
              (group) =>
                group.some((m) => m.amount === null) ||
                group.reduce((s, m) => s.plus(m.amount!), new Decimal(0)).gte(pol.minAmount),
            );
          };
          const side = (r: Row) => (pol.amountSide === 'deposit' ? r.deposit : r.payout);
          const applies =
            pol.action === 'approveBatch'
              ? reached(rows.map(side))
              : pol.action === 'approveQuote'
                ? rows.some((r) => reached([side(r)]))
                : false;
          if (applies) expected = Math.max(expected, pol.approvers);
        }
        expect(batchRequirement(policies, batchOf(rows, p)).required).toBe(expected);
      }),
    );
  });
});
