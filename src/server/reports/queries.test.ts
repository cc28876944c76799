// The money reports against a fixture computed by hand (docs/decisions/036), on SQLite and
// PostgreSQL: October 2026 in Berlin, by day, with a completion at 23:30 UTC that falls on the
// next day there, one just past the period's end (already November in Berlin), the period
// before (September) to compare with, and another environment that never counts.
import { describe, expect, it } from 'vitest';
import type { Merchant } from '#/api/schemas/merchant';
import type { Product, Transaction } from '#/api/schemas/transaction';
import { transactionRecord } from '#/api/testing';
import { presetPeriod } from '#/api/periods';
import { localIndex } from '../local-index/store';
import { dashboardDbFor, DIALECTS } from '../store/testing';
import { reportQueries } from './queries';

const Z = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;
const ZONE = 'Europe/Berlin';
const october = presetPeriod('lastMonth', Z('2026-11-03T12:00:00Z'), ZONE);

const tx = (
  id: number,
  over: Partial<Transaction> & { created: string; completedAfterH?: number },
): Transaction => {
  const { created, completedAfterH, ...rest } = over;
  const creationTime = Z(created);
  return transactionRecord({
    businessRequestId: id,
    creationTime,
    lastUpdateTime: creationTime + (completedAfterH ?? 0) * HOUR,
    clientStatus: 'OnOff_COMPLETED',
    fromCurrencySymbol: 'USDT',
    ...rest,
  });
};

const merchant = (id: number, name: string): Merchant => ({
  id,
  creationTime: 1,
  lastUpdateTime: 1,
  name,
  contactOwnerBusinessId: null,
  localRegNumber: null,
  countryIso: 'DE',
  kycStatus: 'VALID',
  contactName: 'Anna',
  contactEmail: 'anna@example.com',
});

const FIXTURE: [Product, Transaction][] = [
  [
    'sendc2f',
    tx(1, {
      created: '2026-10-01T10:00:00Z',
      completedAfterH: 24,
      toAmount: '100.10',
      fromAmount: '110.11',
    }),
  ],
  [
    'sendc2f',
    tx(2, {
      created: '2026-10-05T08:00:00Z',
      completedAfterH: 1,
      toAmount: '0.20',
      fromAmount: '0.22',
      fromBusinessId: 2,
    }),
  ],
  [
    'receive',
    tx(3, {
      created: '2026-10-10T00:00:00Z',
      completedAfterH: 2,
      toAmount: '50.00',
      fromAmount: '55.5',
      fromCurrencySymbol: 'USD',
      clientStatus: 'Receive_COMPLETED',
    }),
  ],
  [
    'sendc2f',
    tx(4, {
      created: '2026-10-20T09:00:00Z',
      completedAfterH: 3,
      toAmount: '1000',
      fromAmount: '12.3456789',
      toCurrencySymbol: 'INR',
    }),
  ],
  // Completed at 23:30 UTC on the 14th: the 15th in Berlin.
  [
    'sendc2f',
    tx(5, {
      created: '2026-10-14T23:00:00Z',
      completedAfterH: 0.5,
      toAmount: '1.00',
      fromAmount: '1.10',
      fromBusinessId: 2,
    }),
  ],
  [
    'sendc2f',
    tx(6, {
      created: '2026-10-03T12:00:00Z',
      clientStatus: 'OnOff_AWAITING_DEPOSIT',
      toAmount: '70',
      fromAmount: '77',
    }),
  ],
  [
    'sendc2f',
    tx(7, {
      created: '2026-10-04T12:00:00Z',
      clientStatus: 'OnOff_CANCELED',
      toAmount: '80',
      fromAmount: '88',
    }),
  ],
  // September: the period before.
  [
    'sendc2f',
    tx(8, {
      created: '2026-09-15T12:00:00Z',
      completedAfterH: 1,
      toAmount: '200.00',
      fromAmount: '220.00',
    }),
  ],
  // Created on October 31 in Berlin, completed on November 1 there (23:30 UTC): not in the volume.
  [
    'sendc2f',
    tx(9, {
      created: '2026-10-31T22:00:00Z',
      completedAfterH: 1.5,
      toAmount: '9999',
      fromAmount: '9999',
    }),
  ],
];

describe.each(DIALECTS)('money reports on %s', (dialect) => {
  const store = dashboardDbFor(dialect, async (db) => {
    const index = localIndex(db);
    await index.putMerchants('sandbox', [
      merchant(1, 'Lumen Textiles'),
      merchant(2, 'Harbor & Pine'),
    ]);
    for (const [product, t] of FIXTURE) await index.putTransactions('sandbox', product, [t]);
    // Another environment's transaction in the same days never counts.
    await index.putTransactions('live', 'sendc2f', [FIXTURE[0]![1]]);
  });
  const report = () =>
    reportQueries(store()).report({
      environment: 'sandbox',
      ...october,
      tz: ZONE,
      bucket: 'day',
    });

  it('sums each payout and deposit currency exactly, against the month before', async () => {
    const r = await report();
    expect(r.buckets).toHaveLength(31);
    expect(r.period.previousFrom).toBe(Z('2026-08-31T22:00:00Z'));
    const [eur, inr] = r.payout;
    expect(eur).toMatchObject({
      currency: 'EUR',
      count: 4,
      total: '151.3',
      previousCount: 1,
      previousTotal: '200',
      change: '-24.4',
    });
    expect(inr).toMatchObject({ currency: 'INR', count: 1, total: '1000', change: null });
    expect(r.deposit.map((d) => [d.currency, d.count, d.total, d.previousTotal])).toEqual([
      ['USD', 1, '55.5', '0'],
      ['USDT', 4, '123.7756789', '220'],
    ]);
    expect(r.exact).toBe(true);
  });

  it('puts each completion in its day in Berlin', async () => {
    const eur = (await report()).payout[0]!;
    const days = eur.series.map((s) => s.total);
    expect(days[1]).toBe('100.1'); // completed Oct 2
    expect(days[4]).toBe('0.2');
    expect(days[9]).toBe('50');
    expect(days[13]).toBe('0'); // 23:30 UTC on the 14th is not the 14th in Berlin…
    expect(days[14]).toBe('1'); // …but the 15th
    expect(eur.series.reduce((n, s) => n + s.count, 0)).toBe(4);
  });

  it('counts statuses, times completion, weighs rates and ranks merchants', async () => {
    const r = await report();
    expect(r.statuses).toEqual([
      { status: 'OnOff_COMPLETED', count: 5 },
      { status: 'OnOff_AWAITING_DEPOSIT', count: 1 },
      { status: 'OnOff_CANCELED', count: 1 },
      { status: 'Receive_COMPLETED', count: 1 },
    ]);
    // 0.5 h, 1 h, 2 h, 3 h, 24 h.
    expect(r.completion).toEqual({ count: 5, medianMs: 2 * HOUR, p90Ms: 24 * HOUR });
    expect(r.rates.map((p) => [p.from, p.to, p.count, p.rate])).toEqual([
      ['USD', 'EUR', 1, '0.9009009009'],
      ['USDT', 'EUR', 3, '0.9090909091'],
      ['USDT', 'INR', 1, '81.00000074'],
    ]);
    expect(r.byProduct).toEqual([
      { product: 'receive', currency: 'EUR', count: 1, total: '50' },
      { product: 'sendc2f', currency: 'EUR', count: 3, total: '101.3' },
      { product: 'sendc2f', currency: 'INR', count: 1, total: '1000' },
    ]);
    expect(r.merchants).toEqual([
      { merchantId: 1, name: 'Lumen Textiles', currency: 'EUR', count: 2, total: '150.1' },
      { merchantId: 2, name: 'Harbor & Pine', currency: 'EUR', count: 2, total: '1.2' },
      { merchantId: 1, name: 'Lumen Textiles', currency: 'INR', count: 1, total: '1000' },
    ]);
  });

  it('narrows to a product, a merchant or a payout currency', async () => {
    const only = (over: object) =>
      reportQueries(store()).report({
        environment: 'sandbox',
        ...october,
        tz: ZONE,
        bucket: 'week',
        ...over,
      });
    expect((await only({ product: 'receive' })).payout.map((p) => p.total)).toEqual(['50']);
    expect((await only({ merchant: 2 })).payout.map((p) => [p.currency, p.total])).toEqual([
      ['EUR', '1.2'],
    ]);
    const inr = await only({ currency: 'INR' });
    expect(inr.payout.map((p) => p.currency)).toEqual(['INR']);
    expect(inr.completion.count).toBe(1);
  });
});

describe.each(DIALECTS)('list totals on %s', (dialect) => {
  const store = dashboardDbFor(dialect, async (db) => {
    const index = localIndex(db);
    for (const [product, t] of FIXTURE) await index.putTransactions('sandbox', product, [t]);
  });

  it('counts what a filter selects and sums its payout amounts per currency, exactly', async () => {
    const index = localIndex(store());
    const created = { fromDate: october.from, toDate: october.to - 1 };
    expect(await index.transactionTotals('sandbox', created)).toEqual({
      count: 8,
      sums: [
        { currency: 'EUR', count: 7, total: '10300.3' },
        { currency: 'INR', count: 1, total: '1000' },
      ],
      exact: true,
    });
    expect(
      await index.transactionTotals('sandbox', { ...created, clientStatus: ['OnOff_CANCELED'] }),
    ).toEqual({ count: 1, sums: [{ currency: 'EUR', count: 1, total: '80' }], exact: true });
    expect(await index.transactionTotals('sandbox', { q: 'no such words anywhere' })).toEqual({
      count: 0,
      sums: [],
      exact: true,
    });
  });
});
