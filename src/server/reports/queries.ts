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
import { indexQueries } from '../local-index/store-queries';
import { type Segment, splitByHour } from './segments';
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

/**
 * How a report reads the index (docs/decisions/038). `auto` chooses by the period's share of the
 * rows; the others exist so that tests can hold every way to the same answers.
 */
export interface ReportPlan {
  /** Whole hours from the hourly rollups; false: every row is read. */
  rollups: boolean;
  /** Group the period's rows per merchant, or visit merchants by their bound, largest first. */
  merchants: 'group' | 'bound' | 'auto';
  /** Sort the period's durations, or walk the index of durations from the nearer end. */
  durations: 'sort' | 'walk' | 'auto';
  /** Merchants visited per step of the bound walk (tests take few, to take many steps). */
  boundStep?: number;
}

const AUTO: ReportPlan = { rollups: true, merchants: 'auto', durations: 'auto' };

/** Merchants visited per step of the bound walk, and how many it visits before it gives up. */
const BOUND_STEP = 100;
const BOUND_LIMIT = 2_000;

export function reportQueries(store: DashboardDb) {
  const { db } = store;
  const index = indexQueries(store);
  /**
   * On SQLite, the index a question is to walk (its planner cannot weigh a period's share); none
   * for one merchant's rows, which its planner finds by the merchant.
   */
  const indexedBy = (name: string, f?: ReportFilter) =>
    store.dialect === 'sqlite' && !f?.merchant ? sql.raw(`INDEXED BY ${name}`) : sql``;

  /**
   * The filter's conditions on the rows `t`, or on a rollup `r` (which has no merchant: a
   * merchant's report never reads one).
   */
  function filterOn(table: 't' | 'r', f: ReportFilter): RawBuilder<unknown> {
    const column = (name: string) => sql.ref(`${table}.${name}`);
    const parts: RawBuilder<unknown>[] = [sql`${column('environment')} = ${f.environment}`];
    if (f.product) parts.push(sql`${column('product')} = ${f.product}`);
    if (f.merchant && table === 't') parts.push(sql`t.from_business_id = ${f.merchant}`);
    if (f.currency) parts.push(sql`${column('to_currency')} = ${f.currency}`);
    return sql.join(parts, sql` AND `);
  }
  const conditions = (f: ReportFilter) => filterOn('t', f);
  const rollupConditions = (f: ReportFilter) => filterOn('r', f);

  /** Segments as a VALUES list `b(i, s, e)`. */
  const segmentsOf = (segments: Segment[]) =>
    sql`b(i, s, e) AS (VALUES ${sql.join(
      segments.map(
        (g) =>
          sql`(CAST(${g.bucket} AS BIGINT), CAST(${g.start} AS BIGINT), CAST(${g.end} AS BIGINT))`,
      ),
    )})`;

  /** Completed transactions per segment's bucket, product and currency pair, read row by row. */
  async function rowVolume(f: ReportFilter, segments: Segment[]) {
    if (segments.length === 0) return [];
    const { rows } = await sql<VolumeRow>`
      WITH ${segmentsOf(segments)}
      SELECT b.i AS bucket, t.product, t.to_currency, t.from_currency, COUNT(*) AS n,
        CAST(SUM(t.to_units) AS TEXT) AS to_units, CAST(SUM(t.to_nanos) AS TEXT) AS to_nanos,
        CAST(SUM(t.from_units) AS TEXT) AS from_units,
        CAST(SUM(t.from_nanos) AS TEXT) AS from_nanos, MIN(t.amounts_exact) AS exact
      FROM b JOIN index_transaction t
        ON t.completed_at >= b.s AND t.completed_at < b.e AND ${conditions(f)}
      GROUP BY b.i, t.product, t.to_currency, t.from_currency`.execute(db);
    return rows;
  }

  /** The same from the hourly rollup, for segments of whole hours (no merchant filter). */
  async function hourlyVolume(f: ReportFilter, segments: Segment[]) {
    if (segments.length === 0) return [];
    const { rows } = await sql<VolumeRow>`
      WITH ${segmentsOf(segments)}
      SELECT b.i AS bucket, r.product, r.to_currency, r.from_currency, SUM(r.n) AS n,
        CAST(SUM(r.to_units) AS TEXT) AS to_units, CAST(SUM(r.to_nanos) AS TEXT) AS to_nanos,
        CAST(SUM(r.from_units) AS TEXT) AS from_units,
        CAST(SUM(r.from_nanos) AS TEXT) AS from_nanos,
        CASE WHEN SUM(r.inexact) > 0 THEN 0 ELSE 1 END AS exact
      FROM b JOIN index_report_volume r
        ON r.hour >= b.s AND r.hour < b.e AND ${rollupConditions(f)}
      GROUP BY b.i, r.product, r.to_currency, r.from_currency
      HAVING SUM(r.n) > 0`.execute(db);
    return rows;
  }

  const useRollups = (f: ReportFilter, plan: ReportPlan) => plan.rollups && !f.merchant;

  /** What completed in each bucket: whole hours from the rollup, their edges from the rows. */
  async function volume(
    f: ReportFilter,
    buckets: Array<{ start: number; end: number }>,
    plan: ReportPlan,
  ) {
    const segments = buckets.map((b, bucket) => ({ bucket, ...b }));
    if (!useRollups(f, plan)) return rowVolume(f, segments);
    const { hours, edges } = splitByHour(buckets);
    return [...(await hourlyVolume(f, hours)), ...(await rowVolume(f, edges))];
  }

  /** How many of the period's new transactions have each status, most first. */
  async function statuses(f: ReportFilter, plan: ReportPlan) {
    const period = { bucket: 0, start: f.from, end: f.to };
    const { hours, edges } = useRollups(f, plan)
      ? splitByHour([period])
      : { hours: [], edges: [period] };
    const counts = new Map<string, number>();
    const add = (rows: Array<{ status: string; n: number | string }>) => {
      for (const r of rows) counts.set(r.status, (counts.get(r.status) ?? 0) + Number(r.n));
    };
    if (hours.length > 0)
      add(
        (
          await sql<{ status: string; n: number | string }>`
            WITH ${segmentsOf(hours)}
            SELECT r.client_status AS status, SUM(r.n) AS n
            FROM b JOIN index_report_status r
              ON r.hour >= b.s AND r.hour < b.e AND ${rollupConditions(f)}
            GROUP BY r.client_status`.execute(db)
        ).rows,
      );
    if (edges.length > 0)
      add(
        (
          await sql<{ status: string; n: number | string }>`
            WITH ${segmentsOf(edges)}
            SELECT t.client_status AS status, COUNT(*) AS n
            FROM b JOIN index_transaction t
              ON t.creation_time >= b.s AND t.creation_time < b.e AND ${conditions(f)}
            GROUP BY t.client_status`.execute(db)
        ).rows,
      );
    return [...counts]
      .filter(([, count]) => count > 0)
      .map(([status, count]) => ({ status, count }))
      .sort(
        (a, b) => b.count - a.count || (a.status < b.status ? -1 : a.status > b.status ? 1 : 0),
      );
  }

  /**
   * How many completed ever, under the filter's product and currency (from the rollup): asked
   * once per report, when a choice needs it.
   */
  function completedEver(f: ReportFilter): () => Promise<number> {
    let asked: Promise<number> | undefined;
    return () =>
      (asked ??= sql<{ n: number | string | null }>`
        SELECT SUM(r.n) AS n FROM index_report_volume r WHERE ${rollupConditions(f)}`
        .execute(db)
        .then(({ rows }) => Number(rows[0]?.n ?? 0)));
  }

  const periodRows = (f: ReportFilter) =>
    sql`${conditions(f)} AND t.completed_at IS NOT NULL AND t.completed_at >= ${f.from}
      AND t.completed_at < ${f.to}`;

  /**
   * The times to complete at `ranks` (0-based, sorted) of the period's `count` completions, each
   * read from the nearer end. Sorting the period's rows costs in proportion to them; walking the
   * index ordered by duration passes `offset / share` rows. A rank is walked when that is fewer
   * than twice the period's rows (docs/decisions/038), else the period is sorted.
   */
  async function durationsAt(
    f: ReportFilter,
    count: number,
    ranks: number[],
    plan: ReportPlan,
    completedEver: () => Promise<number>,
  ) {
    const ever =
      plan.durations === 'auto' && useRollups(f, plan) ? await completedEver() : undefined;
    return Promise.all(
      ranks.map(async (rank) => {
        const fromTop = count - 1 - rank < rank;
        const offset = fromTop ? count - 1 - rank : rank;
        const walk =
          useRollups(f, plan) &&
          (plan.durations === 'walk' ||
            (ever !== undefined && ever > 0 && (offset * ever) / count < 2 * count));
        const { rows } = await sql<{ d: number | string }>`
          SELECT t.completed_at - t.creation_time AS d
          FROM index_transaction t
            ${indexedBy(walk ? 'index_transaction_duration' : 'index_transaction_report', f)}
          WHERE ${periodRows(f)}
          ORDER BY t.completed_at - t.creation_time ${sql.raw(fromTop ? 'DESC' : 'ASC')}
          LIMIT 1 OFFSET ${offset}`.execute(db);
        return rows[0] ? Number(rows[0].d) : null;
      }),
    );
  }

  interface Largest {
    merchantId: number;
    currency: string;
    count: number;
    units: Sum;
    nanos: Sum;
  }
  const valueOf = (m: Largest) => new Decimal(joinParts(m.units, m.nanos));
  /** Largest volume first, then the lower merchant id. */
  const byVolume = (a: Largest & { v: Decimal }, b: Largest & { v: Decimal }) =>
    b.v.comparedTo(a.v) || a.merchantId - b.merchantId;

  /**
   * The five largest merchants of each payout currency by grouping the period's rows per
   * merchant once (materialized), then taking the five of each currency from them. (A window
   * ranking every group was twice as slow at 60,000 merchants a month.)
   */
  async function groupMerchants(f: ReportFilter, currencies: string[]): Promise<Largest[]> {
    const tops = currencies.map(
      (c) => sql`SELECT * FROM (SELECT * FROM g WHERE g.currency = ${c}
        ORDER BY g.v DESC, g.merchant_id LIMIT 5) top`,
    );
    const { rows } = await sql<{
      merchant_id: number | string;
      currency: string;
      n: number | string;
      units: Sum;
      nanos: Sum;
    }>`
      WITH g AS MATERIALIZED (
        SELECT t.from_business_id AS merchant_id, t.to_currency AS currency, COUNT(*) AS n,
          SUM(t.to_units) AS units, SUM(t.to_nanos) AS nanos,
          SUM(t.to_units) + SUM(t.to_nanos) / 1000000000.0 AS v
        FROM index_transaction t ${indexedBy('index_transaction_report', f)}
        WHERE ${periodRows(f)}
        GROUP BY t.from_business_id, t.to_currency
      )
      SELECT best.merchant_id, best.currency, best.n,
        CAST(best.units AS TEXT) AS units, CAST(best.nanos AS TEXT) AS nanos
      FROM (${sql.join(tops, sql` UNION ALL `)}) best`.execute(db);
    return rows.map((m) => ({
      merchantId: Number(m.merchant_id),
      currency: m.currency,
      count: Number(m.n),
      units: m.units,
      nanos: m.nanos,
    }));
  }

  /**
   * The five largest merchants of one payout currency by visiting merchants in the order of
   * their bound (the positive payouts they ever completed), a hundred at a time, summing each
   * one's period from its own rows: once five are found and the next bound is below the fifth,
   * no merchant left can enter. Undefined when it has not settled within 2,000 merchants.
   */
  async function boundMerchants(
    f: ReportFilter,
    currency: string,
    step = BOUND_STEP,
  ): Promise<Largest[] | undefined> {
    const found: Array<Largest & { v: Decimal }> = [];
    for (let offset = 0; offset < BOUND_LIMIT; offset += step) {
      const { rows: candidates } = await sql<{
        merchant_id: number | string;
        units: Sum;
        nanos: Sum;
      }>`
        SELECT r.merchant_id, CAST(r.units AS TEXT) AS units, CAST(r.nanos AS TEXT) AS nanos
        FROM index_report_merchant r
        WHERE r.environment = ${f.environment} AND r.to_currency = ${currency} AND r.n > 0
        ORDER BY (r.units + r.nanos / 1000000000.0) DESC, r.merchant_id
        LIMIT ${step} OFFSET ${offset}`.execute(db);
      if (candidates.length === 0) return found.slice(0, 5);
      const { rows } = await sql<{
        merchant_id: number | string;
        n: number | string;
        units: Sum;
        nanos: Sum;
      }>`
        SELECT t.from_business_id AS merchant_id, COUNT(*) AS n,
          CAST(SUM(t.to_units) AS TEXT) AS units, CAST(SUM(t.to_nanos) AS TEXT) AS nanos
        FROM index_transaction t ${indexedBy('index_transaction_merchant_volume')}
        WHERE ${periodRows({ ...f, currency })}
          AND t.from_business_id IN (${sql.join(candidates.map((c) => Number(c.merchant_id)))})
        GROUP BY t.from_business_id`.execute(db);
      for (const m of rows) {
        const merchant = {
          merchantId: Number(m.merchant_id),
          currency,
          count: Number(m.n),
          units: m.units,
          nanos: m.nanos,
        };
        found.push({ ...merchant, v: valueOf(merchant) });
      }
      found.sort(byVolume);
      found.splice(5);
      const last = candidates.at(-1)!;
      const bound = new Decimal(joinParts(last.units, last.nanos));
      // The bound's order is by a double: a margin far above its rounding.
      if (found.length === 5 && bound.times(1 + 1e-9).lt(found[4]!.v)) return found;
      if (candidates.length < step) return found;
    }
    return undefined;
  }

  /** The five largest merchants of each payout currency, named. */
  async function largestMerchants(
    f: ReportFilter,
    currencies: string[],
    completed: number,
    plan: ReportPlan,
    completedEver: () => Promise<number>,
  ) {
    if (currencies.length === 0) return [];
    let list: Largest[] | undefined;
    let bound = plan.merchants === 'bound' && useRollups(f, plan);
    // By bound when the period holds at least a quarter of everything that completed.
    if (plan.merchants === 'auto' && useRollups(f, plan))
      bound = completed * 4 >= (await completedEver());
    if (bound) {
      const each = await Promise.all(currencies.map((c) => boundMerchants(f, c, plan.boundStep)));
      if (each.every((l) => l !== undefined)) list = each.flat();
    }
    list ??= await groupMerchants(f, currencies);
    const names = await index.merchantNames(
      f.environment,
      list.map((m) => m.merchantId),
    );
    return list
      .map((m) => ({ ...m, v: valueOf(m) }))
      .sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : byVolume(a, b)))
      .map((m) => ({
        merchantId: m.merchantId,
        name: names.get(m.merchantId) ?? null,
        currency: m.currency,
        count: m.count,
        total: joinParts(m.units, m.nanos),
      }));
  }

  return {
    async report(f: ReportFilter, plan: ReportPlan = AUTO): Promise<Omit<Report, 'freshness'>> {
      const buckets = bucketsOf(f.from, f.to, f.bucket, f.tz);
      const previous = previousPeriod(f.from, f.to, f.tz);
      const [rows, before, counted] = await Promise.all([
        volume(f, buckets, plan),
        volume(f, [{ start: previous.from, end: previous.to }], plan),
        statuses(f, plan),
      ]);
      const completed = rows.reduce((n, r) => n + Number(r.n), 0);
      const ever = completedEver(f);
      const merchants = await largestMerchants(
        f,
        [...new Set(rows.map((r) => r.to_currency))].sort(),
        completed,
        plan,
        ever,
      );

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

      const [medianMs = null, p90Ms = null] =
        completed === 0
          ? [null, null]
          : await durationsAt(
              f,
              completed,
              [Math.floor((completed - 1) / 2), Math.max(0, Math.ceil(completed * 0.9) - 1)],
              plan,
              ever,
            );

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
        statuses: counted,
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
