// What completed in a report's period (docs/decisions/038): volume per bucket from the hourly
// rollup and the rows at its edges, and the statuses of the period's transactions.
import { sql } from 'kysely';
import { type Segment, splitByHour } from './segments';
import type { DashboardDb } from '../store/db';

import { type ReportFilter, type VolumeRow, type ReportPlan, reportBasics } from './report-basics';

export function volumeQueries(store: DashboardDb) {
  const { db, conditions, rollupConditions, segmentsOf } = reportBasics(store);
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

  return { rowVolume, hourlyVolume, useRollups, volume, statuses };
}
