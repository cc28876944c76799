// One budget for the servers' own calls of each partner API, however many servers share the
// database (docs/decisions/081): a token bucket kept in a row per environment. Each background
// call (the local index's passes and re-reads, bulk quoting and submission) takes a token in one
// short transaction under that environment's lock; a 429 pauses every server's background calls
// until its Retry-After has passed. People's own requests through the proxy never wait here.
// Tokens are counted in thousandths, so the arithmetic stays in integers.
import { sql } from 'kysely';
import { type DashboardDb, lockFor } from './store/db';

const MILLI = 1000;

export interface BudgetOptions {
  /** Background calls a second, for all servers together, per environment. */
  perSecond: number;
  /** How many may be made at once after a quiet while (the bucket's size). */
  burst?: number;
  now?: () => number;
}

export interface ApiBudget {
  /** Takes one call's token: 0 when granted, else how long to wait before asking again. */
  take(environment: string): Promise<number>;
  /** Every server's background calls of `environment` wait until `until` (a 429 heard). */
  pause(environment: string, until: number): Promise<void>;
}

export function apiBudget(store: DashboardDb, options: BudgetOptions): ApiBudget {
  const now = options.now ?? Date.now;
  const rate = Math.max(1, Math.round(options.perSecond));
  const size = Math.max(1, Math.round(options.burst ?? rate)) * MILLI;
  /** The environment's row, made full the first time it is asked for. */
  const ensure = async (environment: string) => {
    await store.db
      .insertInto('api_budget')
      .values({ environment, tokens_milli: size, refilled_at: now(), paused_until: 0 })
      .onConflict((oc) => oc.column('environment').doNothing())
      .execute();
  };
  const locked = <T>(environment: string, work: (trx: typeof store.db) => Promise<T>) =>
    store.db.transaction().execute(async (trx) => {
      await lockFor(trx, store.dialect, `api_budget:${environment}`);
      return work(trx);
    });
  const known = new Set<string>();

  return {
    async take(environment) {
      if (!known.has(environment)) {
        await ensure(environment);
        known.add(environment);
      }
      return locked(environment, async (trx) => {
        const row = await trx
          .selectFrom('api_budget')
          .selectAll()
          .where('environment', '=', environment)
          .executeTakeFirstOrThrow();
        const time = now();
        const paused = Number(row.paused_until) - time;
        if (paused > 0) return paused;
        // Refilled at `rate` a second (rate thousandths a millisecond), up to the bucket's size.
        const elapsed = Math.max(0, time - Number(row.refilled_at));
        const tokens = Math.min(size, Number(row.tokens_milli) + elapsed * rate);
        const granted = tokens >= MILLI;
        await trx
          .updateTable('api_budget')
          .set({ tokens_milli: granted ? tokens - MILLI : tokens, refilled_at: time })
          .where('environment', '=', environment)
          .execute();
        return granted ? 0 : Math.ceil((MILLI - tokens) / rate);
      });
    },

    async pause(environment, until) {
      await ensure(environment);
      await store.db
        .updateTable('api_budget')
        .set({
          paused_until: sql<number>`CASE WHEN paused_until > ${until} THEN paused_until ELSE ${until} END`,
        })
        .where('environment', '=', environment)
        .execute();
    },
  };
}
