// A bulk file's quote (docs/decisions/055): asked for, claimed by one server, priced row by
// row, and then waiting for approval, or back where it was with the reason.
import { sql } from 'kysely';
import type { QuoteProblem } from '#/api/batches';
import { REQUEST_TTL_MS } from '../approvals/requests';
import type { Notices } from '../notifications/notices';
import { RELEASED } from '../store/lease';
import { type RowPayee, type BatchBasics } from './store-basics';

export function batchQuotes(
  { db, quoting, claimOne, quotable }: BatchBasics,
  now: () => number,
  /** Who is told a batch waits or finished (docs/decisions/035). */
  notices?: Notices,
) {
  return {
    /**
     * Starts a batch's quote (the quoter prices its rows in the background): only a validated
     * batch, or one waiting for approval that nobody has decided on yet or whose approval has
     * expired. False when it is in no state to be quoted.
     */
    async startQuote(id: string, by: string, rows: number): Promise<boolean> {
      const at = now();
      const started = await db
        .updateTable('batch')
        .set((eb) => ({
          status: 'quoting',
          quote_from: eb.ref('status'),
          quote_by: by,
          quote_done: 0,
          quote_total: rows,
          quote_problem: null,
          ...RELEASED,
          updated_at: at,
        }))
        .where('id', '=', id)
        .where(quotable(id, at))
        .executeTakeFirst();
      return Number(started.numUpdatedRows) === 1;
    },

    /** Claims a batch to quote for `leaseMs` (one nobody holds), as `claim` does to submit. */
    claimQuote: (owner: string, leaseMs: number) =>
      claimOne('quoting', 'updated_at', quoting, owner, leaseMs),

    /** Extends `owner`'s claim on a quote; false when lost (cancelled, or another server has it). */
    renewQuote: (id: string, owner: string, leaseMs: number) =>
      quoting.renew(id, owner, now() + leaseMs),

    /** Rows priced so far, while `owner` holds the quote. */
    async quoteProgress(id: string, owner: string, done: number) {
      await db
        .updateTable('batch')
        .set({ quote_done: done })
        .where(quoting.heldBy(id, owner))
        .execute();
    },

    /** The quote did not go through: the batch goes back to where it was, saying why. */
    async quoteFailed(id: string, owner: string, problem: QuoteProblem) {
      const at = now();
      await db
        .updateTable('batch')
        .set((eb) => ({
          status: eb.fn.coalesce('quote_from', sql.lit('validated')),
          quote_problem: JSON.stringify(problem),
          quote_from: null,
          quote_done: null,
          quote_total: null,
          ...RELEASED,
          updated_at: at,
        }))
        .where(quoting.heldBy(id, owner))
        .execute();
    },

    /**
     * The batch quote: each ready row's deposit and rate, and the approval opened for a week.
     * A batch the quoter `owner` holds; without an owner (a quote written at once), one that
     * `startQuote` would take: validated, or waiting for approval that nobody has decided on
     * yet or whose approval has expired (its decisions are then forgotten: a new approval
     * starts).
     */
    async quote(
      id: string,
      prices: ReadonlyArray<{
        row: number;
        depositAmount: string;
        rate: string;
        payee: RowPayee;
      }>,
      /** How long the quote may be approved (the workspace's quote validity). */
      validityMs: number = REQUEST_TTL_MS,
      /** The quoter holding the batch. */
      owner?: string,
    ): Promise<boolean> {
      const at = now();
      return db.transaction().execute(async (trx) => {
        const open = await trx
          .updateTable('batch')
          .set({
            status: 'awaiting_approval',
            quoted_at: at,
            expires_at: at + validityMs,
            quote_from: null,
            quote_done: null,
            quote_total: null,
            quote_problem: null,
            ...RELEASED,
            updated_at: at,
          })
          .where('id', '=', id)
          .where(owner === undefined ? quotable(id, at) : quoting.heldBy(id, owner))
          .executeTakeFirst();
        if (Number(open.numUpdatedRows) !== 1) return false;
        await trx.deleteFrom('batch_decision').where('batch_id', '=', id).execute();
        for (const price of prices)
          await trx
            .updateTable('batch_row')
            .set({
              deposit_amount: price.depositAmount,
              rate: price.rate,
              payee: JSON.stringify(price.payee),
              updated_at: at,
            })
            .where('batch_id', '=', id)
            .where('row_number', '=', price.row)
            .execute();
        const batch = await trx
          .selectFrom('batch')
          .select(['file_name', 'uploaded_by'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        await notices?.batchWaiting(trx, {
          id,
          fileName: batch.file_name,
          rows: prices.length,
          uploadedBy: batch.uploaded_by,
        });
        return true;
      });
    },
  };
}
