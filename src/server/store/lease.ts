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

export function leases(db: Kysely<Database>, table: LeasedTable, status: string) {
  return {
    /** Takes the row for `owner` until `at + leaseMs`; false when another server holds it. */
    async take(id: string, owner: string, at: number, leaseMs: number): Promise<boolean> {
      const taken = await db
        .updateTable(table)
        .set({ lease_owner: owner, lease_until: at + leaseMs })
        .where('id', '=', id)
        .where('status', '=', status)
        .where(leaseFree(at))
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1;
    },

    /**
     * Takes those of the rows `ids` nobody holds for `owner` until `at + leaseMs`, in one
     * statement (a worker claiming a batch); which were taken, the caller reads by owner.
     */
    async takeMany(ids: readonly string[], owner: string, at: number, leaseMs: number) {
      if (ids.length === 0) return;
      await db
        .updateTable(table)
        .set({ lease_owner: owner, lease_until: at + leaseMs })
        .where('id', 'in', ids)
        .where('status', '=', status)
        .where(leaseFree(at))
        .execute();
    },

    /** Extends `owner`'s lease to `until`; false when it has lost it (another server took over). */
    async renew(id: string, owner: string, until: number): Promise<boolean> {
      const renewed = await db
        .updateTable(table)
        .set({ lease_until: until })
        .where('id', '=', id)
        .where('status', '=', status)
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      return Number(renewed.numUpdatedRows) === 1;
    },
  };
}
