// What the report queries share (docs/decisions/038): the filter and the plan, and how a filter
// becomes a condition on the rows or on the hourly rollup.
import Decimal from 'decimal.js';
import { type RawBuilder, sql } from 'kysely';
import { type Bucket } from '#/api/periods';
import type { Product } from '#/api/schemas/transaction';
import { indexQueries } from '../local-index/store-queries';
import { type Segment } from './segments';
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

export type Sum = string | number | null;
export interface VolumeRow {
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
export function change(now: string, before: string): string | null {
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

export const AUTO: ReportPlan = { rollups: true, merchants: 'auto', durations: 'auto' };

/** Merchants visited per step of the bound walk, and how many it visits before it gives up. */
export const BOUND_STEP = 100;
export const BOUND_LIMIT = 2_000;

export function reportBasics(store: DashboardDb) {
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

  return { db, index, indexedBy, filterOn, conditions, rollupConditions, segmentsOf };
}
