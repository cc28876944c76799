// A lease on a row (docs/decisions/034, 035): the one way a worker holds a bulk file or a message
// so that two servers on one database never work on it at once. Taking it is a conditional update
// that succeeds for one server only; it lapses at `lease_until` unless renewed, so a stopped
// server's work is taken over. On SQLite and PostgreSQL alike.
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from './schema';

/** The tables whose rows workers lease: each has `id`, `status`, `lease_owner`, `lease_until`. */
export type LeasedTable = 'batch' | 'outbox';

/** Rows nobody holds at `at`: never leased, released, or lapsed. */
export const leaseFree = (at: number) => (eb: ExpressionBuilder<Database, LeasedTable>) =>
  eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]);

/** What a row's lease is when nobody holds it: set with a status change that ends the work. */
export const RELEASED = { lease_owner: null, lease_until: null } as const;

export function leases(db: Kysely<Database>, table: LeasedTable, status: string) {
  /**
   * Takes those of the rows `ids` nobody holds for `owner` until `at + leaseMs`, in one
   * statement (a worker claiming a batch): how many it took; which, the caller reads by owner.
   */
  async function takeMany(
    ids: readonly string[],
    owner: string,
    at: number,
    leaseMs: number,
  ): Promise<number> {
    if (ids.length === 0) return 0;
    const taken = await db
      .updateTable(table)
      .set({ lease_owner: owner, lease_until: at + leaseMs })
      .where('id', 'in', ids)
      .where('status', '=', status)
      .where(leaseFree(at))
      .executeTakeFirst();
    return Number(taken.numUpdatedRows);
  }

  /** The row `id`, still in the leased status and held by `owner`: where its worker writes. */
  const heldBy = (id: string, owner: string) => (eb: ExpressionBuilder<Database, LeasedTable>) =>
    eb.and([eb('id', '=', id), eb('status', '=', status), eb('lease_owner', '=', owner)]);

  return {
    heldBy,

    /** Takes the row for `owner` until `at + leaseMs`; false when another server holds it. */
    take: async (id: string, owner: string, at: number, leaseMs: number) =>
      (await takeMany([id], owner, at, leaseMs)) === 1,

    takeMany,

    /** Extends `owner`'s lease to `until`; false when it has lost it (another server took over). */
    async renew(id: string, owner: string, until: number): Promise<boolean> {
      const renewed = await db
        .updateTable(table)
        .set({ lease_until: until })
        .where(heldBy(id, owner))
        .executeTakeFirst();
      return Number(renewed.numUpdatedRows) === 1;
    },
  };
}

/**
 * Renews a worker's lease every third of its length while the work goes on: `lost()` says it
 * was lost (another server took the row, or its status moved on, a cancel), `stop()` ends it.
 */
export function keepRenewed(renew: () => Promise<boolean>, leaseMs: number) {
  let lost = false;
  const timer = setInterval(() => {
    void renew().then(
      (held) => (lost ||= !held),
      () => undefined,
    );
  }, leaseMs / 3);
  return { lost: () => lost, stop: () => clearInterval(timer) };
}
