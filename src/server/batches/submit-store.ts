// Submitting an approved bulk file (docs/decisions/033): claimed by one server, each row's
// transaction recorded as the API answers, followed to its end by the local index, finished.
import { type Kysely } from 'kysely';
import { isCompleted } from '#/api/transaction-states';
import type { Notices } from '../notifications/notices';
import { RELEASED } from '../store/lease';
import type { Database } from '../store/schema';
import { type BatchBasics } from './store-basics';

export function batchSubmissions(
  { db, lease, claimOne, setRow }: BatchBasics,
  now: () => number,
  notices?: Notices,
) {
  return {
    /**
     * Claims a batch to submit for `leaseMs`: one being submitted whose last claim has lapsed
     * (its server stopped). A conditional update, so two servers never hold one batch.
     */
    claim: (owner: string, leaseMs: number) =>
      claimOne('submitting', 'approved_at', lease, owner, leaseMs),

    /** Extends `owner`'s claim; false when it has lost it (another server took over). */
    renew: (id: string, owner: string, leaseMs: number) => lease.renew(id, owner, now() + leaseMs),

    /** Lets go of a claim without finishing (the API is away): a pass takes it from `retryAt`. */
    async release(id: string, owner: string, retryAt: number) {
      await db
        .updateTable('batch')
        .set({ lease_until: retryAt, lease_owner: null })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .execute();
    },

    /** A row's transaction, as soon as the API has answered its creation. */
    recordCreated: (id: string, row: number, transactionId: number, clientStatus: string) =>
      setRow(id, row, {
        state: 'created',
        transaction_id: transactionId,
        client_status: clientStatus,
      }),

    /** A row is done: its transaction's quote is approved. */
    recordQuoteApproved: (id: string, row: number, clientStatus: string) =>
      setRow(id, row, { quote_approved_at: now(), client_status: clientStatus }),

    /** The API refused a row: it is failed, with the API's words. */
    recordFailed: (id: string, row: number, failure: string) =>
      setRow(id, row, { state: 'failed', failure }),

    /** Statuses of the rows' transactions as seen since. */
    /**
     * Transactions of bulk files that have just ended, told by the local index in its writing
     * transaction (issue 58: nothing changes state inside a GET): their rows keep the final
     * status, and a submitted file whose every transaction has completed is completed.
     */
    async followEnded(
      trx: Kysely<Database>,
      environment: string,
      product: string,
      ended: ReadonlyArray<{ businessRequestId: number; clientStatus: string }>,
    ) {
      const status = new Map(ended.map((t) => [t.businessRequestId, t.clientStatus]));
      const rows = await trx
        .selectFrom('batch_row as r')
        .innerJoin('batch as b', 'b.id', 'r.batch_id')
        .select(['r.batch_id', 'r.transaction_id'])
        .where('b.environment', '=', environment)
        .where('b.product', '=', product)
        .where('r.transaction_id', 'in', [...status.keys()])
        .execute();
      if (rows.length === 0) return;
      for (const r of rows)
        await trx
          .updateTable('batch_row')
          .set({ client_status: status.get(Number(r.transaction_id))! })
          .where('batch_id', '=', r.batch_id)
          .where('transaction_id', '=', r.transaction_id)
          .execute();
      for (const id of new Set(rows.map((r) => r.batch_id))) {
        const created = await trx
          .selectFrom('batch_row')
          .select(['state', 'client_status'])
          .where('batch_id', '=', id)
          .where('transaction_id', 'is not', null)
          .execute();
        if (
          created.length > 0 &&
          created.every((r) => r.state === 'created' && isCompleted(r.client_status ?? ''))
        )
          await trx
            .updateTable('batch')
            .set({ status: 'completed', updated_at: now() })
            .where('id', '=', id)
            .where('status', '=', 'submitted')
            .execute();
      }
    },

    /** Every row submitted: submitted, or partly failed when the API refused some. */
    async finish(id: string, owner: string) {
      await db.transaction().execute(async (trx) => {
        const states = await trx
          .selectFrom('batch_row')
          .select('state')
          .where('batch_id', '=', id)
          .execute();
        const failed = states.filter((r) => r.state === 'failed').length;
        const at = now();
        const finished = await trx
          .updateTable('batch')
          .set({
            status: failed > 0 ? 'partly_failed' : 'submitted',
            finished_at: at,
            updated_at: at,
            ...RELEASED,
          })
          .where(lease.heldBy(id, owner))
          .executeTakeFirst();
        if (Number(finished.numUpdatedRows) !== 1 || !notices) return;
        const batch = await trx
          .selectFrom('batch')
          .select(['file_name', 'uploaded_by'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        await notices.batchFinished(trx, {
          id,
          fileName: batch.file_name,
          uploadedBy: batch.uploaded_by,
          created: states.filter((r) => r.state === 'created').length,
          failed,
        });
      });
    },
  };
}
