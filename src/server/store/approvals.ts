// Dual control for money movement (docs/decisions/016). Policies per action and currency say how
// many distinct approvers an approval needs from an amount; an approval request collects them;
// whoever created the transaction in the dashboard can never approve it. When the last required
// approval is given, the caller re-reads the transaction from the API and calls the API's
// approve, then marks the request approved.
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import { type DashboardDb, lockFor } from './db';
import type { ApprovalPolicyTable, Database } from './schema';

export type ApprovalAction = 'approveQuote' | 'approveDeposit';
export const APPROVAL_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface ApprovalPolicy {
  id: string;
  action: ApprovalAction;
  /** A currency symbol, or `*` for any. */
  currency: string;
  minAmount: string;
  approvers: number;
}

export interface ApprovalSubject {
  environment: string;
  product: string;
  transactionId: number;
  action: ApprovalAction;
  /** The payout: the money that leaves. */
  currency: string;
  amount: string;
}

export interface Decision {
  userId: string;
  userName: string;
  decision: 'approve' | 'reject';
  reason: string | null;
  at: number;
}

export interface ApprovalRequest extends ApprovalSubject {
  id: string;
  required: number;
  status: 'pending' | 'approved' | 'rejected' | 'expired';
  createdAt: number;
  expiresAt: number;
  closedAt: number | null;
  rejectReason: string | null;
  /** The approve call's body, as the first approver sent it. */
  body: string | null;
  decisions: Decision[];
}

/** How many distinct approvers an approval needs: the strictest policy that applies, else 1. */
export function requiredApprovers(policies: ApprovalPolicy[], subject: ApprovalSubject): number {
  let required = 1;
  for (const policy of policies) {
    if (policy.action !== subject.action) continue;
    if (policy.currency !== '*' && policy.currency !== subject.currency) continue;
    if (new Decimal(subject.amount).lt(policy.minAmount)) continue;
    required = Math.max(required, policy.approvers);
  }
  return required;
}

export type DecisionRefusal =
  'CREATOR_CANNOT_APPROVE' | 'ALREADY_DECIDED' | 'APPROVAL_CLOSED' | 'APPROVAL_EXPIRED';

export const REFUSAL_TEXT: Record<DecisionRefusal, string> = {
  CREATOR_CANNOT_APPROVE:
    'You created this transaction, so someone else must approve it (separation of duties).',
  ALREADY_DECIDED: 'You have already given your decision on this approval.',
  APPROVAL_CLOSED: 'This approval is already closed.',
  APPROVAL_EXPIRED: 'This approval request has expired; start a new one.',
};

type TransactionRef = Pick<ApprovalSubject, 'environment' | 'product' | 'transactionId'>;

/** The columns that name one transaction, in the approval and origin tables alike. */
const ofTransaction = (t: TransactionRef) => ({
  environment: t.environment,
  product: t.product,
  transaction_id: t.transactionId,
});

const toPolicy = (row: ApprovalPolicyTable): ApprovalPolicy => ({
  id: row.id,
  action: row.action as ApprovalAction,
  currency: row.currency,
  minAmount: row.min_amount,
  approvers: Number(row.approvers),
});

export function approvalStore(store: DashboardDb, now: () => number = Date.now) {
  const { db } = store;

  async function load(trx: Kysely<Database>, id: string): Promise<ApprovalRequest | undefined> {
    const row = await trx
      .selectFrom('approval_request')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const decisions = await trx
      .selectFrom('approval_decision')
      .selectAll()
      .where('request_id', '=', id)
      .orderBy('at')
      .execute();
    return {
      id: row.id,
      environment: row.environment,
      product: row.product,
      transactionId: Number(row.transaction_id),
      action: row.action as ApprovalAction,
      currency: row.currency,
      amount: row.amount,
      required: Number(row.required),
      status: row.status as ApprovalRequest['status'],
      createdAt: Number(row.created_at),
      expiresAt: Number(row.expires_at),
      closedAt: row.closed_at === null ? null : Number(row.closed_at),
      rejectReason: row.reject_reason,
      body: row.body,
      decisions: decisions.map((d) => ({
        userId: d.user_id,
        userName: d.user_name,
        decision: d.decision as Decision['decision'],
        reason: d.reason,
        at: Number(d.at),
      })),
    };
  }

  const approvals = (request: ApprovalRequest) =>
    request.decisions.filter((d) => d.decision === 'approve').length;

  return {
    async policies(): Promise<ApprovalPolicy[]> {
      return (await db.selectFrom('approval_policy').selectAll().execute()).map(toPolicy);
    },

    async addPolicy(
      policy: Omit<ApprovalPolicy, 'id'>,
      by: string | null,
    ): Promise<ApprovalPolicy> {
      const row = {
        id: randomUUID(),
        action: policy.action,
        currency: policy.currency,
        min_amount: policy.minAmount,
        approvers: policy.approvers,
        created_at: now(),
        created_by: by,
      };
      await db.insertInto('approval_policy').values(row).execute();
      return toPolicy(row);
    },

    async removePolicy(id: string): Promise<void> {
      await db.deleteFrom('approval_policy').where('id', '=', id).execute();
    },

    async recordOrigin(subject: TransactionRef, userId: string) {
      await db
        .insertInto('transaction_origin')
        .values({
          environment: subject.environment,
          product: subject.product,
          transaction_id: subject.transactionId,
          created_by: userId,
          created_at: now(),
        })
        .onConflict((oc) => oc.columns(['environment', 'product', 'transaction_id']).doNothing())
        .execute();
    },

    async creatorOf(subject: TransactionRef) {
      const row = await db
        .selectFrom('transaction_origin')
        .select('created_by')
        .where((eb) => eb.and(ofTransaction(subject)))
        .executeTakeFirst();
      return row?.created_by;
    },

    /** The open request for this approval, or a new one needing what the policies say. */
    async openRequest(
      subject: ApprovalSubject,
      body: string | null = null,
    ): Promise<ApprovalRequest> {
      const policies = await this.policies();
      return db.transaction().execute(async (trx) => {
        await lockFor(trx as Kysely<Database>, store.dialect, 'approval_request');
        const open = await trx
          .selectFrom('approval_request')
          .select('id')
          .where((eb) => eb.and(ofTransaction(subject)))
          .where('action', '=', subject.action)
          .where('status', '=', 'pending')
          .where('expires_at', '>', now())
          .executeTakeFirst();
        if (open) return (await load(trx as Kysely<Database>, open.id))!;
        const id = randomUUID();
        const time = now();
        await trx
          .insertInto('approval_request')
          .values({
            id,
            environment: subject.environment,
            product: subject.product,
            transaction_id: subject.transactionId,
            action: subject.action,
            currency: subject.currency,
            amount: subject.amount,
            required: requiredApprovers(policies, subject),
            status: 'pending',
            created_at: time,
            expires_at: time + APPROVAL_TTL_MS,
            closed_at: null,
            reject_reason: null,
            body,
          })
          .execute();
        return (await load(trx as Kysely<Database>, id))!;
      });
    },

    async request(id: string): Promise<ApprovalRequest | undefined> {
      return load(db, id);
    },

    /** Requests of one transaction, newest first: the timeline shows who approved what. */
    async requestsFor(subject: TransactionRef) {
      const ids = await db
        .selectFrom('approval_request')
        .select('id')
        .where((eb) => eb.and(ofTransaction(subject)))
        .orderBy('created_at', 'desc')
        .execute();
      return Promise.all(ids.map(({ id }) => load(db, id).then((r) => r!)));
    },

    /** Pending requests, oldest first: the approvers' inbox. */
    async pending(environment: string): Promise<ApprovalRequest[]> {
      const ids = await db
        .selectFrom('approval_request')
        .select('id')
        .where('environment', '=', environment)
        .where('status', '=', 'pending')
        .where('expires_at', '>', now())
        .orderBy('created_at')
        .execute();
      return Promise.all(ids.map(({ id }) => load(db, id).then((r) => r!)));
    },

    /**
     * Records one person's decision. Returns the request after it, with `complete` true when
     * this approval was the last one needed (the caller then calls the API), or the refusal.
     */
    async decide(
      id: string,
      user: { id: string; name: string },
      decision: 'approve' | 'reject',
      reason: string | null = null,
    ): Promise<{ request: ApprovalRequest; complete: boolean } | { refused: DecisionRefusal }> {
      return db.transaction().execute(async (trx) => {
        const t = trx as Kysely<Database>;
        await lockFor(t, store.dialect, 'approval_request');
        const request = await load(t, id);
        if (!request || request.status !== 'pending') return { refused: 'APPROVAL_CLOSED' };
        if (request.expiresAt <= now()) {
          await t
            .updateTable('approval_request')
            .set({ status: 'expired', closed_at: now() })
            .where('id', '=', id)
            .execute();
          return { refused: 'APPROVAL_EXPIRED' };
        }
        const creator = await t
          .selectFrom('transaction_origin')
          .select('created_by')
          .where((eb) => eb.and(ofTransaction(request)))
          .executeTakeFirst();
        if (decision === 'approve' && creator?.created_by === user.id)
          return { refused: 'CREATOR_CANNOT_APPROVE' };
        if (request.decisions.some((d) => d.userId === user.id))
          return { refused: 'ALREADY_DECIDED' };
        const time = now();
        await t
          .insertInto('approval_decision')
          .values({
            request_id: id,
            user_id: user.id,
            user_name: user.name,
            decision,
            reason,
            at: time,
          })
          .execute();
        if (decision === 'reject') {
          await t
            .updateTable('approval_request')
            .set({ status: 'rejected', closed_at: time, reject_reason: reason })
            .where('id', '=', id)
            .execute();
        }
        const after = (await load(t, id))!;
        return {
          request: after,
          // Exactly the approval that reaches the number completes: decisions are serialized by
          // the lock, so of two simultaneous last approvals only one calls the API.
          complete: decision === 'approve' && approvals(after) === after.required,
        };
      });
    },

    /** After the API accepted the approval. */
    async markApproved(id: string): Promise<void> {
      await db
        .updateTable('approval_request')
        .set({ status: 'approved', closed_at: now() })
        .where('id', '=', id)
        .execute();
    },

    /** The API refused the approval (the transaction moved meanwhile): the last decision is void. */
    async withdrawDecision(id: string, userId: string): Promise<void> {
      await db
        .deleteFrom('approval_decision')
        .where('request_id', '=', id)
        .where('user_id', '=', userId)
        .execute();
    },
  };
}

export type ApprovalStore = ReturnType<typeof approvalStore>;
