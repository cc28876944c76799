// The money reports' questions to the local index (docs/decisions/036), SQLite and PostgreSQL
// alike. Buckets are computed where the person is (src/api/periods.ts) and joined as a VALUES
// list, so each bucket is an index range of `completed_at`; sums are of whole units and
// billionths as integers, read back as text and joined with decimal.js: exact, never floats.
import Decimal from 'decimal.js';
import { type RawBuilder, sql } from 'kysely';
import type { Report } from '#/api/reports';
import { bucketsOf, previousPeriod, type Bucket } from '#/api/periods';
import type { Product } from '#/api/schemas/transaction';
import { joinParts } from '../local-index/amount-parts';
import type { DashboardDb } from '../store/db';

export interface ReportFilter {
  environment: string;
  from: number;
  to: number;
  tz: string;
  bucket: Bucket;
  product?: Product | undefined;
  merchant?: number | undefined;
  currency?: string | undefined;
}

type Sum = string | number | null;
interface VolumeRow {
  bucket: number | string;
  product: string;
  to_currency: string;
  from_currency: string;
  n: number | string;
  to_units: Sum;
  to_nanos: Sum;
  from_units: Sum;
  from_nanos: Sum;
  exact: number | string | null;
}

/** Percent change, one decimal, or null when there was nothing before. */
function change(now: string, before: string): string | null {
  const b = new Decimal(before);
  if (b.isZero()) return null;
  return new Decimal(now).minus(b).div(b).times(100).toFixed(1);
}

export function reportQueries(store: DashboardDb) {
  const { db } = store;

  /** The filter's conditions on `t`, after the environment's. */
  function conditions(f: ReportFilter): RawBuilder<unknown> {
    const parts: RawBuilder<unknown>[] = [sql`t.environment = ${f.environment}`];
    if (f.product) parts.push(sql`t.product = ${f.product}`);
    if (f.merchant) parts.push(sql`t.from_business_id = ${f.merchant}`);
    if (f.currency) parts.push(sql`t.to_currency = ${f.currency}`);
    return sql.join(parts, sql` AND `);
  }

  /** Completed transactions per bucket, product and currency pair, with their exact sums. */
  async function volumeRows(f: ReportFilter, buckets: { start: number; end: number }[]) {
    if (buckets.length === 0) return [];
    const values = sql.join(
      buckets.map(
        (b, i) => sql`(CAST(${i} AS BIGINT), CAST(${b.start} AS BIGINT), CAST(${b.end} AS BIGINT))`,
      ),
    );
    const { rows } = await sql<VolumeRow>`
      WITH b(i, s, e) AS (VALUES ${values})
      SELECT b.i AS bucket, t.product, t.to_currency, t.from_currency, COUNT(*) AS n,
        CAST(SUM(t.to_units) AS TEXT) AS to_units, CAST(SUM(t.to_nanos) AS TEXT) AS to_nanos,
        CAST(SUM(t.from_units) AS TEXT) AS from_units,
        CAST(SUM(t.from_nanos) AS TEXT) AS from_nanos, MIN(t.amounts_exact) AS exact
      FROM b JOIN index_transaction t
        ON t.completed_at >= b.s AND t.completed_at < b.e AND ${conditions(f)}
      GROUP BY b.i, t.product, t.to_currency, t.from_currency`.execute(db);
    return rows;
  }

  /**
   * Of the period's completed transactions, the time to complete at `rank` (0-based, sorted).
   * A sort bounded by LIMIT and OFFSET: measured faster than one window over every row for the
   * two ranks asked (docs/decisions/036).
   */
  async function durationAt(f: ReportFilter, rank: number): Promise<number | null> {
    const { rows } = await sql<{ d: number | string }>`
      SELECT t.completed_at - t.creation_time AS d FROM index_transaction t
      WHERE ${conditions(f)} AND t.completed_at >= ${f.from} AND t.completed_at < ${f.to}
      ORDER BY d LIMIT 1 OFFSET ${rank}`.execute(db);
    return rows[0] ? Number(rows[0].d) : null;
  }

  /**
   * The five largest merchants of each payout currency: the period's sums per merchant grouped
   * once (materialized), then the five of each currency taken from them. (A window ranking every
   * group was twice as slow at 60,000 merchants a month.)
   */
  async function largestMerchants(f: ReportFilter, currencies: string[]) {
    if (currencies.length === 0) return [];
    const tops = currencies.map(
      (c) => sql`SELECT * FROM (SELECT * FROM g WHERE g.currency = ${c}
        ORDER BY g.v DESC, g.merchant_id LIMIT 5) top`,
    );
    const { rows } = await sql<{
      merchant_id: number | string;
      name: string | null;
      currency: string;
      n: number | string;
      units: Sum;
      nanos: Sum;
    }>`
      WITH g AS MATERIALIZED (
        SELECT t.from_business_id AS merchant_id, t.to_currency AS currency, COUNT(*) AS n,
          SUM(t.to_units) AS units, SUM(t.to_nanos) AS nanos,
          SUM(t.to_units) + SUM(t.to_nanos) / 1000000000.0 AS v
        FROM index_transaction t
        WHERE ${conditions(f)} AND t.completed_at >= ${f.from} AND t.completed_at < ${f.to}
        GROUP BY t.from_business_id, t.to_currency
      )
      SELECT best.merchant_id, m.name, best.currency, best.n,
        CAST(best.units AS TEXT) AS units, CAST(best.nanos AS TEXT) AS nanos
      FROM (${sql.join(tops, sql` UNION ALL `)}) best
      LEFT JOIN index_merchant m ON m.environment = ${f.environment} AND m.id = best.merchant_id
      ORDER BY best.currency, best.v DESC, best.merchant_id`.execute(db);
    return rows.map((m) => ({
      merchantId: Number(m.merchant_id),
      name: m.name,
      currency: m.currency,
      count: Number(m.n),
      total: joinParts(m.units, m.nanos),
    }));
  }

  return {
    async report(f: ReportFilter): Promise<Omit<Report, 'freshness'>> {
      const buckets = bucketsOf(f.from, f.to, f.bucket, f.tz);
      const previous = previousPeriod(f.from, f.to, f.tz);
      const [rows, before, statuses] = await Promise.all([
        volumeRows(f, buckets),
        volumeRows(f, [{ start: previous.from, end: previous.to }]),
        sql<{ status: string; n: number | string }>`
          SELECT t.client_status AS status, COUNT(*) AS n FROM index_transaction t
          WHERE ${conditions(f)} AND t.creation_time >= ${f.from} AND t.creation_time < ${f.to}
          GROUP BY t.client_status ORDER BY COUNT(*) DESC, t.client_status`.execute(db),
      ]);
      const merchants = await largestMerchants(f, [...new Set(rows.map((r) => r.to_currency))]);

      // Sums per key as exact decimals: payout and deposit currencies, products, pairs.
      const add = (map: Map<string, Decimal>, key: string, value: string) =>
        map.set(key, (map.get(key) ?? new Decimal(0)).plus(value));
      const bump = (map: Map<string, number>, key: string, n: number) =>
        map.set(key, (map.get(key) ?? 0) + n);
      const tally = (list: VolumeRow[]) => {
        const t = {
          toTotal: new Map<string, Decimal>(),
          fromTotal: new Map<string, Decimal>(),
          toCount: new Map<string, number>(),
          fromCount: new Map<string, number>(),
          pairTo: new Map<string, Decimal>(),
          pairFrom: new Map<string, Decimal>(),
          pairCount: new Map<string, number>(),
          productTotal: new Map<string, Decimal>(),
          productCount: new Map<string, number>(),
          exact: true,
        };
        for (const r of list) {
          const n = Number(r.n);
          const to = joinParts(r.to_units, r.to_nanos);
          const from = joinParts(r.from_units, r.from_nanos);
          const b = Number(r.bucket);
          add(t.toTotal, `${b} ${r.to_currency}`, to);
          bump(t.toCount, `${b} ${r.to_currency}`, n);
          add(t.fromTotal, `${b} ${r.from_currency}`, from);
          bump(t.fromCount, `${b} ${r.from_currency}`, n);
          const pair = `${r.from_currency} ${r.to_currency}`;
          add(t.pairTo, `${b} ${pair}`, to);
          add(t.pairFrom, `${b} ${pair}`, from);
          bump(t.pairCount, `${b} ${pair}`, n);
          add(t.productTotal, `${r.product} ${r.to_currency}`, to);
          bump(t.productCount, `${r.product} ${r.to_currency}`, n);
          if (Number(r.exact) === 0) t.exact = false;
        }
        return t;
      };
      const now = tally(rows);
      const then = tally(before);
      const sumOver = (map: Map<string, Decimal>, key: string, count: number) => {
        let total = new Decimal(0);
        for (let b = 0; b < count; b++) total = total.plus(map.get(`${b} ${key}`) ?? 0);
        return total;
      };
      const countOver = (map: Map<string, number>, key: string, count: number) => {
        let total = 0;
        for (let b = 0; b < count; b++) total += map.get(`${b} ${key}`) ?? 0;
        return total;
      };
      const currencies = (map: Map<string, number>, other: Map<string, number>) =>
        [
          ...new Set([...map.keys(), ...other.keys()].map((k) => k.slice(k.indexOf(' ') + 1))),
        ].sort();
      const side = (which: 'to' | 'from') => {
        const totals = which === 'to' ? now.toTotal : now.fromTotal;
        const counts = which === 'to' ? now.toCount : now.fromCount;
        const pastTotals = which === 'to' ? then.toTotal : then.fromTotal;
        const pastCounts = which === 'to' ? then.toCount : then.fromCount;
        return currencies(counts, pastCounts)
          .map((currency) => {
            const total = sumOver(totals, currency, buckets.length).toFixed();
            const previousTotal = sumOver(pastTotals, currency, 1).toFixed();
            return {
              currency,
              count: countOver(counts, currency, buckets.length),
              total,
              previousCount: countOver(pastCounts, currency, 1),
              previousTotal,
              change: change(total, previousTotal),
              series: buckets.map((_, b) => ({
                count: counts.get(`${b} ${currency}`) ?? 0,
                total: (totals.get(`${b} ${currency}`) ?? new Decimal(0)).toFixed(),
              })),
            };
          })
          .filter((v) => v.count > 0 || v.previousCount > 0);
      };
      const rate = (to: Decimal | undefined, from: Decimal | undefined) =>
        to && from && !from.isZero() ? to.div(from).toSignificantDigits(10).toFixed() : null;
      const pairs = [
        ...new Set([...now.pairCount.keys()].map((k) => k.slice(k.indexOf(' ') + 1))),
      ].sort();

      const completed = rows.reduce((n, r) => n + Number(r.n), 0);
      const [medianMs, p90Ms] =
        completed === 0
          ? [null, null]
          : await Promise.all([
              durationAt(f, Math.floor((completed - 1) / 2)),
              durationAt(f, Math.max(0, Math.ceil(completed * 0.9) - 1)),
            ]);

      return {
        period: {
          from: f.from,
          to: f.to,
          tz: f.tz,
          bucket: f.bucket,
          previousFrom: previous.from,
          previousTo: previous.to,
        },
        buckets,
        payout: side('to'),
        deposit: side('from'),
        byProduct: [...now.productCount.entries()]
          .map(([key, count]) => {
            const [product, currency] = key.split(' ') as [Product, string];
            return {
              product,
              currency,
              count,
              total: now.productTotal.get(key)!.toFixed(),
            };
          })
          .sort(
            (a, b) => a.product.localeCompare(b.product) || a.currency.localeCompare(b.currency),
          ),
        statuses: statuses.rows.map((s) => ({ status: s.status, count: Number(s.n) })),
        completion: { count: completed, medianMs, p90Ms },
        rates: pairs.map((pair) => {
          const [from, to] = pair.split(' ') as [string, string];
          let sumTo = new Decimal(0);
          let sumFrom = new Decimal(0);
          const series = buckets.map((_, b) => {
            const t = now.pairTo.get(`${b} ${pair}`);
            const s = now.pairFrom.get(`${b} ${pair}`);
            if (t) sumTo = sumTo.plus(t);
            if (s) sumFrom = sumFrom.plus(s);
            return rate(t, s);
          });
          return {
            from,
            to,
            count: countOver(now.pairCount, pair, buckets.length),
            rate: rate(sumTo, sumFrom),
            series,
          };
        }),
        merchants,
        exact: now.exact && then.exact,
      };
    },
  };
}
