// The limit on failed sign-ins, counted in the dashboard's database so that every server sharing
// it (PostgreSQL behind a load balancer) sees the same count: at most `max` failures per key (a
// client address, an account) in any window of `windowMs`, then a wait. A success clears nothing:
// a valid sign-in, the demo's included, must not buy an attacker more guesses.
//
// An attempt is counted before its secret is checked (`attempt` reserves it, in one locked
// transaction), so that guesses sent together cannot all be checked while the count still reads
// low; a success then takes back its own reservation only (docs/decisions/026).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type DashboardDb, lockFor } from './db';
import type { Database } from './schema';

export interface FailureLimit {
  /** Seconds to wait before `key` may try again, or 0. */
  retryAfter(key: string): Promise<number>;
  /**
   * Counts one attempt for each key now, unless one of them is at the limit: then the seconds
   * to wait, and nothing is counted. The attempt stays a failure unless `succeeded` is told.
   */
  attempt(...keys: string[]): Promise<{ wait: number } | { ticket: string }>;
  /** The attempt was right (or not a guess at all): it does not count. */
  succeeded(ticket: string): Promise<void>;
}

const LOCK = 'sign_in_failures';

export function signInFailures(
  store: DashboardDb,
  {
    max = 10,
    windowMs = 60_000,
    now = Date.now,
  }: { max?: number; windowMs?: number; now?: () => number } = {},
): FailureLimit {
  const { db } = store;

  async function waitFor(trx: Kysely<Database>, key: string): Promise<number> {
    const since = now() - windowMs;
    // The failure whose expiry brings the count under the limit: the (count - max + 1)th oldest.
    const rows = await trx
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
  }

  const record = (trx: Kysely<Database>, keys: string[], ticket: string) => {
    const at = now();
    return trx
      .insertInto('sign_in_failure')
      .values(keys.map((key) => ({ key, at, ticket })))
      .execute();
  };

  const forgetOld = (trx: Kysely<Database>) =>
    trx
      .deleteFrom('sign_in_failure')
      .where('at', '<=', now() - windowMs)
      .execute();

  return {
    retryAfter: (key) => waitFor(db, key),

    attempt(...keys) {
      return db.transaction().execute(async (trx) => {
        await lockFor(trx, store.dialect, LOCK);
        await forgetOld(trx);
        let wait = 0;
        for (const key of keys) wait = Math.max(wait, await waitFor(trx, key));
        if (wait > 0) return { wait };
        const ticket = randomUUID();
        await record(trx, keys, ticket);
        return { ticket };
      });
    },

    async succeeded(ticket) {
      await db.deleteFrom('sign_in_failure').where('ticket', '=', ticket).execute();
    },
  };
}
