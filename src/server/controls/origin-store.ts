// Who created each transaction through the dashboard, and what each one was sent to (docs/
// decisions/025, 040): the `transaction_origin` and `transaction_recipient` tables.
import type { BankDetails } from '#/api/controls';
import type { Notices } from '../notifications/notices';
import type { DashboardDb } from '../store/db';
import type { TransactionRecipientTable } from '../store/schema';
import { type TransactionRef, ofTransaction, originIn } from '../approvals/requests';

/** The ids of several transactions, for one `in` query; rows come back keyed `product:id`. */
const idsOf = (refs: ReadonlyArray<{ id: number }>) => refs.map((r) => r.id);
const keyOfRow = (row: { product: string; transaction_id: number | string | bigint }) =>
  `${row.product}:${Number(row.transaction_id)}`;

/** What a transaction was recorded as paying. */
const toRecipient = (row: TransactionRecipientTable) => ({
  accountId: Number(row.account_id),
  currency: row.currency,
  details: JSON.parse(row.details) as BankDetails,
  bankName: row.bank_name,
  recordedAt: Number(row.recorded_at),
});

export function originStore(
  store: DashboardDb,
  now: () => number = Date.now,
  /** Who is told a quote waits (docs/decisions/035); none in tests of the rules. */
  notices?: Notices,
) {
  const { db } = store;
  return {
    /**
     * Who created a transaction through the dashboard; with `waiting` (its payout), the approvers
     * are told in the same transaction that its quote waits for them.
     */
    async recordOrigin(
      ref: TransactionRef,
      userId: string,
      waiting?: { amount: string; currency: string },
    ) {
      await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('transaction_origin')
          .values({ ...ofTransaction(ref), created_by: userId, created_at: now() })
          .onConflict((oc) => oc.columns(['environment', 'product', 'transaction_id']).doNothing())
          .executeTakeFirst();
        if (waiting && notices && Number(inserted.numInsertedOrUpdatedRows) === 1)
          await notices.approvalWaiting(
            trx,
            {
              environment: ref.environment,
              product: ref.product,
              id: ref.transactionId,
              creatorId: userId,
              ...waiting,
            },
            'quote',
          );
      });
    },

    originOf: (ref: TransactionRef) => originIn(db, ref),

    /** Who created each of these transactions through the dashboard. */
    async originsOf(environment: string, refs: ReadonlyArray<{ product: string; id: number }>) {
      const origins = new Map<string, string>();
      if (refs.length === 0) return origins;
      const rows = await db
        .selectFrom('transaction_origin')
        .select(['product', 'transaction_id', 'created_by'])
        .where('environment', '=', environment)
        .where('transaction_id', 'in', idsOf(refs))
        .execute();
      for (const row of rows) origins.set(keyOfRow(row), row.created_by);
      return origins;
    },

    /** Keeps what a payment was sent to, as the account was when it was created. */
    async recordRecipient(
      ref: TransactionRef,
      recipient: {
        accountId: number;
        currency: string;
        details: BankDetails;
        bankName: string | null;
      },
      userId: string,
    ) {
      await db
        .insertInto('transaction_recipient')
        .values({
          ...ofTransaction(ref),
          account_id: recipient.accountId,
          currency: recipient.currency,
          details: JSON.stringify(recipient.details),
          bank_name: recipient.bankName,
          recorded_at: now(),
          recorded_by: userId,
        })
        .onConflict((oc) => oc.columns(['environment', 'product', 'transaction_id']).doNothing())
        .execute();
    },

    /** What each of these transactions was recorded as paying, by `product:id`. */
    async recipientsOf(environment: string, refs: ReadonlyArray<{ product: string; id: number }>) {
      const found = new Map<string, ReturnType<typeof toRecipient>>();
      if (refs.length === 0) return found;
      const rows = await db
        .selectFrom('transaction_recipient')
        .selectAll()
        .where('environment', '=', environment)
        .where('transaction_id', 'in', idsOf(refs))
        .execute();
      for (const row of rows) found.set(keyOfRow(row), toRecipient(row));
      return found;
    },

    async recipientOf(ref: TransactionRef) {
      const row = await db
        .selectFrom('transaction_recipient')
        .selectAll()
        .where((eb) => eb.and(ofTransaction(ref)))
        .executeTakeFirst();
      return row ? toRecipient(row) : undefined;
    },
  };
}
