// Approval requests as they are opened, read and closed (docs/decisions/025, 074): the
// `approval_request` and `approval_decision` tables. Deciding one is ./decide.ts's alone.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Notices } from '../notifications/notices';
import type { DashboardDb } from '../store/db';
import type { ApprovalRequestTable, Database } from '../store/schema';
import {
  type ApprovalSubject,
  type PayeeChangeData,
  type StoredRequest,
  type TransactionRef,
  REQUEST_TTL_MS,
  loadRequest,
  loadRequests,
  originIn,
  serializedWithControls,
  toRequest,
} from './requests';
import { wordsCode } from '#/i18n/words';
import { REFUSED } from '../refusal-words';

export function requestStore(
  store: DashboardDb,
  now: () => number = Date.now,
  /** Who is told what waits for them (docs/decisions/035); none in tests of the rules. */
  notices?: Notices,
) {
  /** A new request's row: pending for one approver, open for a week, with `fields` about it. */
  const pendingRow = (
    fields: Omit<
      ApprovalRequestTable,
      | 'id'
      | 'required'
      | 'status'
      | 'created_at'
      | 'expires_at'
      | 'closed_at'
      | 'released_at'
      | 'reject_reason'
    >,
  ): ApprovalRequestTable => {
    const time = now();
    return {
      id: randomUUID(),
      required: 1,
      status: 'pending',
      created_at: time,
      expires_at: time + REQUEST_TTL_MS,
      closed_at: null,
      released_at: null,
      reject_reason: null,
      ...fields,
    };
  };
  const { db } = store;
  const serialized = <T>(work: (trx: Kysely<Database>) => Promise<T>) =>
    serializedWithControls(store, work);

  const pendingRequests = (trx: Kysely<Database>, environment: string) =>
    trx
      .selectFrom('approval_request')
      .selectAll()
      .where('environment', '=', environment)
      .where('status', '=', 'pending')
      .where('expires_at', '>', now());

  /** A transaction's approval requests. */
  const requestsOf = (trx: Kysely<Database>, ref: TransactionRef) =>
    trx
      .selectFrom('approval_request')
      .selectAll()
      .where('environment', '=', ref.environment)
      .where('kind', '=', 'transaction')
      .where('product', '=', ref.product)
      .where('object_id', '=', ref.transactionId);

  return {
    /** The open request for a transaction's approval, or a new one. */
    async openApproval(subject: ApprovalSubject, body: string | null): Promise<StoredRequest> {
      return serialized(async (trx) => {
        // The open request of this approval, or one approved meanwhile (on this server or
        // another): a late decision is about that one, refused as closed, naming who approved;
        // it never opens a second release.
        const known = await requestsOf(trx, subject)
          .where('action', '=', subject.action)
          .where('status', 'in', ['pending', 'approved'])
          .execute();
        const open =
          known.find((r) => r.status === 'pending' && Number(r.expires_at) > now()) ??
          known.find((r) => r.status === 'approved');
        if (open) return (await loadRequests(trx, [open]))[0]!;
        const row = pendingRow({
          environment: subject.environment,
          kind: 'transaction',
          product: subject.product,
          object_id: subject.transactionId,
          action: subject.action,
          currency: subject.payout.currency,
          amount: subject.payout.amount,
          deposit_currency: subject.deposit.currency,
          deposit_amount: subject.deposit.amount,
          body,
          author_id: null,
          author_name: null,
          change: null,
        });
        await trx.insertInto('approval_request').values(row).execute();
        return toRequest(row, []);
      });
    },

    /** Holds a change of a payout account's bank details, unless one is pending already. */
    async openPayeeChange(input: {
      environment: string;
      accountId: number;
      currency: string;
      author: { id: string; name: string };
      body: string;
      change: PayeeChangeData;
    }): Promise<{ change: StoredRequest } | { pending: StoredRequest }> {
      return serialized(async (trx) => {
        const open = await pendingRequests(trx, input.environment)
          .where('kind', '=', 'payee')
          .where('object_id', '=', input.accountId)
          .executeTakeFirst();
        if (open) return { pending: (await loadRequests(trx, [open]))[0]! };
        const row = pendingRow({
          environment: input.environment,
          kind: 'payee',
          product: '',
          object_id: input.accountId,
          action: 'changeBankDetails',
          currency: input.currency,
          amount: '0',
          deposit_currency: null,
          deposit_amount: null,
          body: input.body,
          author_id: input.author.id,
          author_name: input.author.name,
          change: JSON.stringify(input.change),
        });
        await trx.insertInto('approval_request').values(row).execute();
        await notices?.payeeChangeWaiting(trx, {
          accountId: input.accountId,
          authorId: input.author.id,
          authorName: input.author.name,
        });
        return { change: toRequest(row, []) };
      });
    },

    request: (id: string) => loadRequest(db, id),

    /** A transaction's approval requests, newest first: its timeline says who approved what. */
    async approvalsOf(ref: TransactionRef): Promise<StoredRequest[]> {
      const rows = await requestsOf(db, ref).orderBy('created_at', 'desc').execute();
      return loadRequests(db, rows);
    },

    /** A payout account's bank-detail changes, newest first. */
    async payeeChangesOf(environment: string, accountId: number): Promise<StoredRequest[]> {
      const rows = await db
        .selectFrom('approval_request')
        .selectAll()
        .where('environment', '=', environment)
        .where('kind', '=', 'payee')
        .where('object_id', '=', accountId)
        .orderBy('created_at', 'desc')
        .limit(50)
        .execute();
      return loadRequests(db, rows);
    },

    /** Payee changes waiting for approval, oldest first. */
    async pendingPayeeChanges(environment: string): Promise<StoredRequest[]> {
      const rows = await pendingRequests(db, environment)
        .where('kind', '=', 'payee')
        .orderBy('created_at')
        .execute();
      return loadRequests(db, rows);
    },

    /** Open approvals of these transactions, by `product:id:action`. */
    async pendingApprovalsOf(
      environment: string,
      refs: ReadonlyArray<{ product: string; id: number }>,
    ): Promise<Map<string, StoredRequest>> {
      const rows =
        refs.length === 0
          ? []
          : await pendingRequests(db, environment)
              .where('kind', '=', 'transaction')
              .where(
                'object_id',
                'in',
                refs.map((r) => r.id),
              )
              .execute();
      const requests = await loadRequests(db, rows);
      return new Map(requests.map((r) => [`${r.product}:${r.objectId}:${r.action}`, r]));
    },

    /**
     * The API did what the request approved. A quote approved: its deposit now waits, which the
     * approvers (not the creator) are told in the same transaction.
     */
    async markApproved(id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const closed = await trx
          .updateTable('approval_request')
          .set({ status: 'approved', closed_at: now(), reject_reason: null })
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        const request = await loadRequest(trx, id);
        if (!notices || Number(closed.numUpdatedRows) !== 1 || request?.action !== 'approveQuote')
          return;
        const ref = {
          environment: request.environment,
          product: request.product!,
          transactionId: request.objectId,
        };
        await notices.approvalWaiting(
          trx,
          {
            environment: ref.environment,
            product: ref.product,
            id: ref.transactionId,
            amount: request.payout.amount ?? '',
            currency: request.payout.currency,
            creatorId: (await originIn(trx, ref)) ?? null,
          },
          'deposit',
        );
      });
    },

    /**
     * Closes a pending request: withdrawn by its author or stale (only while nobody is
     * releasing it: whether it closed is the answer), or failed at the API (by its release).
     */
    async close(id: string, status: 'withdrawn' | 'stale' | 'failed', reason: string | null) {
      let update = db
        .updateTable('approval_request')
        .set({ status, closed_at: now(), reject_reason: reason })
        .where('id', '=', id)
        .where('status', '=', 'pending');
      if (status !== 'failed') update = update.where('released_at', 'is', null);
      return Number((await update.executeTakeFirst()).numUpdatedRows) === 1;
    },

    /**
     * The approved call did not reach the API (or it refused for now): the release is undone,
     * and the last decision, when it was new (`voidOf`), is void, to be given again. A
     * transaction's request left with no decision is closed: nothing waits in it
     * (docs/decisions/077).
     */
    async releaseFailed(id: string, voidOf: string | null): Promise<void> {
      await serialized(async (trx) => {
        if (voidOf !== null)
          await trx
            .deleteFrom('approval_decision')
            .where((eb) => eb.and({ request_id: id, user_id: voidOf }))
            .execute();
        await trx
          .updateTable('approval_request')
          .set({ released_at: null })
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .execute();
        const left = await trx
          .selectFrom('approval_decision')
          .select('user_id')
          .where('request_id', '=', id)
          .limit(1)
          .executeTakeFirst();
        if (!left)
          await trx
            .updateTable('approval_request')
            .set({
              status: 'failed',
              closed_at: now(),
              reject_reason: wordsCode(REFUSED.approvalNotUsed),
            })
            .where('id', '=', id)
            .where('kind', '=', 'transaction')
            .where('status', '=', 'pending')
            .execute();
      });
    },
  };
}
