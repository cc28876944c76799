// The reports' running totals and shortcuts (docs/decisions/038) as properties, on SQLite and
// PostgreSQL: after any sequence of index writes (new pages, newer versions changing status,
// amounts and times, an environment cleared and filled again), every rollup equals the same
// totals computed afresh from the rows, and a report read by every plan (rows only, rollups,
// the bound walk over merchants, the walk over durations) is the same report.
import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { transactionRecord } from '#/api/testing';
import { bucketsOf } from '#/api/periods';
import { ONOFF_STATUSES, type Product, RECEIVE_STATUSES } from '#/api/schemas/transaction';
import { localIndex } from '../local-index/store';
import { ROLLUPS, totalsFromRows } from '../store/report-rollups';
import { dashboardDbFor, DIALECTS } from '../store/testing';
import { type ReportPlan, reportQueries } from './queries';
import { splitByHour } from './segments';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Saturday 2026-03-28 00:00 UTC: Europe's clocks change in the window. */
const BASE = Date.UTC(2026, 2, 28);
const ZONES = ['UTC', 'Europe/Berlin', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/St_Johns'];
const PLANS: ReportPlan[] = [
  { rollups: false, merchants: 'group', durations: 'sort' },
  { rollups: true, merchants: 'auto', durations: 'auto' },
  { rollups: true, merchants: 'bound', durations: 'walk', boundStep: 2 },
];

const amount = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 5_000_000 }).map((c) => (c / 100).toFixed(2)) },
  { weight: 1, arbitrary: fc.constant('0.1234567891') },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 900 }).map(String) },
);

const version = fc.record({
  product: fc.constantFrom<Product>('sendc2f', 'sendf2f', 'receive'),
  /** Half of them completed. */
  status: fc.integer({ min: 0, max: 9 }),
  merchant: fc.integer({ min: 1, max: 9 }),
  created: fc.integer({ min: 0, max: 9 * 24 * 60 }).map((m) => BASE + m * MINUTE - 2 * DAY),
  took: fc.integer({ min: 1, max: 3 * 24 * 60 }).map((m) => m * MINUTE),
  to: amount,
  from: fc.option(amount, { nil: null }),
  toCurrency: fc.constantFrom('EUR', 'INR', 'GBP'),
  fromCurrency: fc.constantFrom('USDT', 'USD'),
});

/** A transaction's versions: the first written, then newer ones replacing it. */
const history = fc.array(fc.array(version, { minLength: 1, maxLength: 3 }), {
  minLength: 1,
  maxLength: 60,
  size: 'max',
});

/** Mostly no filter, so that the slices are not empty. */
const sometimes = <T>(value: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: value });

function record(id: number, v: VersionOf, step: number) {
  const statuses = v.product === 'receive' ? RECEIVE_STATUSES : ONOFF_STATUSES;
  const clientStatus =
    v.status >= 5
      ? v.product === 'receive'
        ? 'Receive_COMPLETED'
        : 'OnOff_COMPLETED'
      : statuses[v.status % statuses.length]!;
  return transactionRecord({
    businessRequestId: id,
    creationTime: v.created,
    // Newer versions are later: the index keeps the newest.
    lastUpdateTime: v.created + v.took + step,
    clientStatus,
    toAmount: v.to,
    fromAmount: v.from,
    fromBusinessId: v.merchant,
    toCurrencySymbol: v.toCurrency,
    fromCurrencySymbol: v.fromCurrency,
  });
}
type VersionOf = typeof version extends fc.Arbitrary<infer V> ? V : never;

const question = fc.record({
  zone: fc.constantFrom(...ZONES),
  bucket: fc.constantFrom('day' as const, 'week' as const),
  from: fc.integer({ min: -3 * 24 * 60, max: 4 * 24 * 60 }).map((m) => BASE + m * MINUTE),
  minutes: fc.oneof(
    fc.integer({ min: 1, max: 9 * 24 * 60 }),
    fc.integer({ min: 4 * 24 * 60, max: 12 * 24 * 60 }),
  ),
  product: sometimes(fc.constantFrom<Product>('sendc2f', 'receive')),
  currency: sometimes(fc.constantFrom('EUR', 'INR')),
  merchant: sometimes(fc.integer({ min: 1, max: 9 })),
});

describe('reading buckets by the hour', () => {
  it('covers each bucket exactly once, whole hours from the rollups', () => {
    fc.assert(
      fc.property(question, (q) => {
        const to = q.from + q.minutes * MINUTE;
        const buckets = bucketsOf(q.from, to, q.bucket, q.zone);
        const { hours, edges } = splitByHour(buckets);
        for (const h of hours) expect([h.start % 3_600_000, h.end % 3_600_000]).toEqual([0, 0]);
        buckets.forEach((b, i) => {
          const parts = [...hours, ...edges]
            .filter((s) => s.bucket === i)
            .sort((x, y) => x.start - y.start);
          expect(parts[0]?.start).toBe(b.start);
          expect(parts.at(-1)?.end).toBe(b.end);
          for (let k = 1; k < parts.length; k++) expect(parts[k]!.start).toBe(parts[k - 1]!.end);
        });
      }),
    );
  });
});

describe.each(DIALECTS)('report rollups on %s', (dialect) => {
  const store = dashboardDbFor(dialect);
  let run = 0;

  /** Every rollup as stored, and as computed afresh from the rows (zeros left out). */
  async function rollupsAgainstRows(environment: string) {
    for (const r of ROLLUPS) {
      const key = r.key.map(([c]) => c);
      const sums = r.sums.map(([c]) => c);
      const order = key.map((_, i) => String(i + 1)).join(', ');
      const columns = [...key, ...sums.map((c) => `CAST(${c} AS TEXT) AS ${c}`)].join(', ');
      const stored = await sql
        .raw<Record<string, unknown>>(
          `SELECT ${columns} FROM ${r.table} WHERE environment = '${environment}' AND n <> 0 ORDER BY ${order}`,
        )
        .execute(store().db);
      const fresh = await sql
        .raw<Record<string, unknown>>(
          `SELECT ${columns} FROM (${totalsFromRows(r, `t.environment = '${environment}'`)}) f ORDER BY ${order}`,
        )
        .execute(store().db);
      const plain = (rows: Record<string, unknown>[]) =>
        rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, String(v)])));
      expect(plain(stored.rows), r.table).toEqual(plain(fresh.rows));
    }
  }

  it('keeps every rollup equal to the rows, and every plan to the same report', async () => {
    await fc.assert(
      fc.asyncProperty(
        history,
        fc.boolean(),
        fc.array(question, { minLength: 1, maxLength: 3 }),
        async (transactions, clearOnce, questions) => {
          const environment = `p${run++}`;
          const index = localIndex(store());
          const write = async (step: number) => {
            for (const product of ['sendc2f', 'sendf2f', 'receive'] as const) {
              const page = transactions.flatMap((versions, i) => {
                const v = versions[Math.min(step, versions.length - 1)]!;
                return v.product === product ? [record(i + 1, v, step)] : [];
              });
              if (page.length > 0) await index.putTransactions(environment, product, page);
            }
          };
          await write(0);
          if (clearOnce) {
            await index.clearRecords(environment);
            await write(0);
          }
          await write(1);
          await write(2);
          await rollupsAgainstRows(environment);

          const reports = reportQueries(store());
          for (const q of questions) {
            const filter = {
              environment,
              from: q.from,
              to: q.from + q.minutes * MINUTE,
              tz: q.zone,
              bucket: q.bucket,
              product: q.product,
              currency: q.currency,
              merchant: q.merchant,
            };
            const [first, ...others] = await Promise.all(
              PLANS.map((plan) => reports.report(filter, plan)),
            );
            for (const other of others) expect(other).toEqual(first);
          }
        },
      ),
      { numRuns: dialect === 'sqlite' ? 60 : 20 },
    );
    // Clearing leaves nothing behind.
    await localIndex(store()).clearRecords('p0');
    for (const r of ROLLUPS) {
      const { rows } = await sql
        .raw<{ n: number | string }>(
          `SELECT COUNT(*) AS n FROM ${r.table} WHERE environment = 'p0'`,
        )
        .execute(store().db);
      expect(Number(rows[0]!.n)).toBe(0);
    }
  }, 120_000);
});
