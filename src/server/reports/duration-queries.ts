// How long a report's completed transactions took (docs/decisions/038): durations at ranks,
// read from the period's rows.
import { sql } from 'kysely';
import type { DashboardDb } from '../store/db';

import { type ReportFilter, type ReportPlan, reportBasics } from './report-basics';
import { volumeQueries } from './volume-queries';

export function durationQueries(store: DashboardDb) {
  const { db, indexedBy, conditions, rollupConditions } = reportBasics(store);
  const { useRollups } = volumeQueries(store);
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

  return { completedEver, periodRows, durationsAt };
}
