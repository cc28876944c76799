// The limit on failed sign-ins, counted in the dashboard's database so that every server sharing
// it (PostgreSQL behind a load balancer) sees the same count: at most `max` failures per key (a
// client address, an account) in any window of `windowMs`, then a wait. A success clears nothing:
// a valid sign-in, the demo's included, must not buy an attacker more guesses.
import type { DashboardDb } from './db';

export interface FailureLimit {
  /** Seconds to wait before `key` may try again, or 0. */
  retryAfter(key: string): Promise<number>;
  failed(...keys: string[]): Promise<void>;
}

export function signInFailures(
  store: DashboardDb,
  {
    max = 10,
    windowMs = 60_000,
    now = Date.now,
  }: { max?: number; windowMs?: number; now?: () => number } = {},
): FailureLimit {
  const { db } = store;
  return {
    async retryAfter(key) {
      const since = now() - windowMs;
      // The failure whose expiry brings the count under the limit: the (count - max + 1)th oldest.
      const rows = await db
        .selectFrom('sign_in_failure')
        .select('at')
        .where('key', '=', key)
        .where('at', '>', since)
        .orderBy('at', 'desc')
        .limit(max)
        .execute();
      if (rows.length < max) return 0;
      const freesAt = Number(rows[max - 1]!.at) + windowMs;
      return Math.max(1, Math.ceil((freesAt - now()) / 1000));
    },
    async failed(...keys) {
      const at = now();
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('sign_in_failure')
          .where('at', '<=', at - windowMs)
          .execute();
        await trx
          .insertInto('sign_in_failure')
          .values(keys.map((key) => ({ key, at })))
          .execute();
      });
    },
  };
}
