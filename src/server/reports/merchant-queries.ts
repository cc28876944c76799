// A report's largest merchants by volume (docs/decisions/038): grouped where that is cheap, else
// walked merchant by merchant within a bound.
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { joinParts } from '../local-index/amount-parts';
import type { DashboardDb } from '../store/db';

import {
  type ReportFilter,
  type Sum,
  type ReportPlan,
  BOUND_STEP,
  BOUND_LIMIT,
  reportBasics,
} from './report-basics';
import { volumeQueries } from './volume-queries';
import { durationQueries } from './duration-queries';

export function merchantQueries(store: DashboardDb) {
  const { db, index, indexedBy } = reportBasics(store);
  const { useRollups } = volumeQueries(store);
  const { periodRows } = durationQueries(store);
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

  return { valueOf, byVolume, groupMerchants, boundMerchants, largestMerchants };
}
