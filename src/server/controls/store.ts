// The money controls' tables (docs/decisions/025), on SQLite and PostgreSQL alike: approval
// policies, requests for approvals (a transaction's quote or deposit, a payee's new bank details)
// with their decisions, who created each transaction through the dashboard, and what each one
// was sent to. Decisions and policy changes take one lock, so that a policy change and a last
// approval never cross; decisions are ../approvals' and the rules themselves are in ./rules.ts.
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import type { ExpressionBuilder, Kysely } from 'kysely';
import {
  APPROVAL_SETTING_DEFAULTS,
  ApprovalSettings,
  type BankDetails,
  type Policy,
} from '#/api/controls';
import type { Product } from '#/api/schemas/transaction';
import type { Notices } from '../notifications/notices';
import type { DashboardDb } from '../store/db';
import type {
  ApprovalPolicyTable,
  ApprovalRequestTable,
  Database,
  IndexTransactionTable,
  TransactionRecipientTable,
} from '../store/schema';
import { type Money, type PolicyRule, samePolicy } from './rules';
import { putWorkspaceSetting } from '../store/workspace-settings';
import {
  type ApprovalSubject,
  type PayeeChangeData,
  type StoredRequest,
  type TransactionRef,
  REQUEST_TTL_MS,
  loadRequest,
  loadRequests,
  ofTransaction,
  originIn,
  policiesIn,
  serializedWithControls,
  toPolicy,
  toRequest,
} from '../approvals/requests';

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

/**
 * Whether a waiting quote is past its validity: a quote the API gave (not a collection's, which
 * is priced when approved) whose time has run out. The same window as `quoteWindow`.
 */
function quoteExpiredAt(
  product: string,
  awaiting: string,
  lastUpdateTime: number,
  validityMs: number,
  time: number,
): boolean {
  return awaiting === 'quote' && product !== 'receive' && lastUpdateTime + validityMs <= time;
}

export function controlsStore(
  store: DashboardDb,
  now: () => number = Date.now,
  /** Who is told what waits for them (docs/decisions/035); none in tests of the rules. */
  notices?: Notices,
) {
  /** A new request's row: pending for one approver, open for a week, with `fields` about it. */
  const pendingRow = (
    fields: Omit<
      ApprovalRequestTable,
      'id' | 'required' | 'status' | 'created_at' | 'expires_at' | 'closed_at' | 'reject_reason'
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

  /**
   * Transactions of the local index waiting for an approval; those `userId` could decide. The
   * deposits of a bulk file's transactions are not among them: they wait under their file
   * (`batchDeposits`), approved in one confirmed step (docs/decisions/041).
   */
  /** The workspace's approval settings, the defaults where none was saved. */
  async function settings(): Promise<ApprovalSettings> {
    const rows = await db.selectFrom('workspace_setting').selectAll().execute();
    const saved = Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
    const parsed = ApprovalSettings.safeParse({ ...APPROVAL_SETTING_DEFAULTS, ...saved });
    return parsed.success ? parsed.data : { ...APPROVAL_SETTING_DEFAULTS };
  }

  /** Not a quote past its validity (`quoteExpiredAt`, in SQL). */
  const notExpired =
    (validityMs: number) =>
    ({ eb, or }: ExpressionBuilder<{ t: IndexTransactionTable }, 't'>) =>
      or([
        eb('t.awaiting', '!=', 'quote'),
        eb('t.product', '=', 'receive'),
        eb('t.last_update_time', '>', now() - validityMs),
      ]);

  /**
   * The transactions waiting for an approval; for a person (`userId`), only those they can act
   * on: not their own, not one whose open approval they gave, and not a quote past its validity
   * (`validityMs`), which nobody can approve (decision 071).
   */
  function waiting(environment: string, userId: string | undefined, validityMs?: number) {
    let select = db
      .selectFrom('index_transaction as t')
      .where('t.environment', '=', environment)
      .where('t.awaiting', 'in', ['quote', 'deposit'])
      .where(({ or, eb, not, exists, selectFrom }) =>
        or([
          eb('t.awaiting', '=', 'quote'),
          not(
            exists(
              selectFrom('batch_row as br')
                .innerJoin('batch as b', 'b.id', 'br.batch_id')
                .select('br.batch_id')
                .whereRef('br.transaction_id', '=', 't.id')
                .whereRef('b.environment', '=', 't.environment')
                .whereRef('b.product', '=', 't.product'),
            ),
          ),
        ]),
      );
    if (userId === undefined) return select;
    if (validityMs !== undefined) select = select.where(notExpired(validityMs));
    select = select.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('transaction_origin as o')
            .select('o.created_by')
            .whereRef('o.environment', '=', 't.environment')
            .whereRef('o.product', '=', 't.product')
            .whereRef('o.transaction_id', '=', 't.id')
            .where('o.created_by', '=', userId),
        ),
      ),
    );
    return select.where(({ not, exists, selectFrom, eb }) =>
      not(
        exists(
          selectFrom('approval_request as r')
            .innerJoin('approval_decision as d', 'd.request_id', 'r.id')
            .select('r.id')
            .whereRef('r.environment', '=', 't.environment')
            .where('r.kind', '=', 'transaction')
            .whereRef('r.product', '=', 't.product')
            .whereRef('r.object_id', '=', 't.id')
            .where('r.status', '=', 'pending')
            .where('r.expires_at', '>', now())
            .where(
              'r.action',
              '=',
              eb.case('t.awaiting').when('quote').then('approveQuote').else('approveDeposit').end(),
            )
            .where('d.user_id', '=', userId),
        ),
      ),
    );
  }

  /** Transactions of bulk files waiting for their deposit's approval, with their file. */
  const batchDepositsWaiting = (environment: string) =>
    db
      .selectFrom('index_transaction as t')
      .innerJoin('batch_row as br', 'br.transaction_id', 't.id')
      .innerJoin('batch as b', (join) =>
        join
          .onRef('b.id', '=', 'br.batch_id')
          .onRef('b.environment', '=', 't.environment')
          .onRef('b.product', '=', 't.product'),
      )
      .where('t.environment', '=', environment)
      .where('t.awaiting', '=', 'deposit');

  return {
    policies: () => policiesIn(db),

    /** The workspace's approval settings, the defaults where none was saved. */
    settings,

    /** Saves approval settings, in one transaction with the controls' lock. */
    async saveSettings(settings: ApprovalSettings, by: string | null): Promise<void> {
      await serialized(async (trx) => {
        for (const [key, value] of Object.entries(settings))
          await putWorkspaceSetting(trx, { key, value, at: now(), by });
      });
    },

    /** Adds a policy, unless one says the same already (that one is answered). */
    async addPolicy(
      policy: Omit<PolicyRule, 'id'>,
      by: string | null,
    ): Promise<{ policy: Policy } | { duplicate: Policy }> {
      return serialized(async (trx) => {
        const duplicate = (await policiesIn(trx)).find((p) => samePolicy(p, policy));
        if (duplicate) return { duplicate };
        const row: ApprovalPolicyTable = {
          id: randomUUID(),
          action: policy.action,
          product: policy.product,
          currency: policy.currency,
          amount_side: policy.amountSide,
          min_amount: new Decimal(policy.minAmount).toFixed(),
          approvers: policy.approvers,
          created_at: now(),
          created_by: by,
          in_base: policy.inBase ? 1 : 0,
        };
        await trx.insertInto('approval_policy').values(row).execute();
        return { policy: toPolicy(row) };
      });
    },

    async removePolicy(id: string): Promise<Policy | undefined> {
      return serialized(async (trx) => {
        const row = await trx
          .selectFrom('approval_policy')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirst();
        if (!row) return undefined;
        await trx.deleteFrom('approval_policy').where('id', '=', id).execute();
        return toPolicy(row);
      });
    },

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
            { product: ref.product, id: ref.transactionId, creatorId: userId, ...waiting },
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

    /** The open request for a transaction's approval, or a new one. */
    async openApproval(subject: ApprovalSubject, body: string | null): Promise<StoredRequest> {
      return serialized(async (trx) => {
        const open = await pendingRequests(trx, subject.environment)
          .where('kind', '=', 'transaction')
          .where('product', '=', subject.product)
          .where('object_id', '=', subject.transactionId)
          .where('action', '=', subject.action)
          .executeTakeFirst();
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
      const rows = await db
        .selectFrom('approval_request')
        .selectAll()
        .where('environment', '=', ref.environment)
        .where('kind', '=', 'transaction')
        .where('product', '=', ref.product)
        .where('object_id', '=', ref.transactionId)
        .orderBy('created_at', 'desc')
        .execute();
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
      const open = new Map<string, StoredRequest>();
      if (refs.length === 0) return open;
      const rows = await pendingRequests(db, environment)
        .where('kind', '=', 'transaction')
        .where(
          'object_id',
          'in',
          refs.map((r) => r.id),
        )
        .execute();
      for (const request of await loadRequests(db, rows))
        open.set(`${request.product}:${request.objectId}:${request.action}`, request);
      return open;
    },

    /**
     * Transactions waiting for a quote or deposit approval, from the local index, oldest wait
     * first; with `for`, only those that person could decide (not created by them, not decided
     * by them).
     */
    async waitingTransactions(
      environment: string,
      q: { for?: string | undefined; start: number; limit: number },
    ) {
      const validity =
        q.for === undefined ? undefined : (await settings()).quoteValidityMinutes * 60_000;
      const rows = await waiting(environment, q.for, validity)
        .leftJoin('index_merchant as m', (join) =>
          join
            .onRef('m.environment', '=', 't.environment')
            .onRef('m.id', '=', 't.from_business_id'),
        )
        .select(['t.product', 't.id', 't.awaiting', 't.record', 't.last_update_time', 'm.name'])
        .orderBy('t.last_update_time')
        .orderBy('t.id')
        .limit(q.limit + 1)
        .offset(q.start)
        .execute();
      return {
        rows: rows.slice(0, q.limit).map((r) => ({
          product: r.product as Product,
          id: Number(r.id),
          action: r.awaiting === 'quote' ? ('approveQuote' as const) : ('approveDeposit' as const),
          record: r.record,
          since: Number(r.last_update_time),
          merchantName: r.name ?? null,
        })),
        hasMore: rows.length > q.limit,
      };
    },

    /**
     * The deposits of bulk files' transactions that wait for approval, one group per file: how
     * many, what they pay and what they deposit (amounts to sum), and who uploaded the file.
     */
    async batchDeposits(environment: string) {
      const rows = await batchDepositsWaiting(environment)
        .select([
          'b.id as batchId',
          'b.file_name as fileName',
          'b.product as product',
          'b.uploaded_by as uploadedBy',
          't.to_amount as payout',
          't.to_currency as payoutCurrency',
          't.record as record',
          't.last_update_time as since',
        ])
        .orderBy('b.id')
        .execute();
      const groups = new Map<
        string,
        {
          batchId: string;
          fileName: string;
          product: Product;
          uploadedBy: string;
          since: number;
          payouts: Money[];
          deposits: Money[];
        }
      >();
      for (const row of rows) {
        const group = groups.get(row.batchId) ?? {
          batchId: row.batchId,
          fileName: row.fileName,
          product: row.product as Product,
          uploadedBy: row.uploadedBy,
          since: Number(row.since),
          payouts: [],
          deposits: [],
        };
        const t = JSON.parse(row.record) as {
          fromAmount: string | null;
          fromCurrencySymbol: string;
        };
        group.payouts.push({ currency: row.payoutCurrency, amount: row.payout });
        group.deposits.push({ currency: t.fromCurrencySymbol, amount: t.fromAmount });
        group.since = Math.min(group.since, Number(row.since));
        groups.set(row.batchId, group);
      }
      return [...groups.values()];
    },

    /** The bulk files whose deposits wait (as `batchDeposits` groups them), and their uploaders. */
    async batchDepositFiles(environment: string) {
      const rows = await batchDepositsWaiting(environment)
        .select(['b.id as batchId', 'b.uploaded_by as uploadedBy'])
        .distinct()
        .execute();
      return rows;
    },

    /**
     * How many `waitingTransactions` there are, and for each person how many of them they may not
     * decide (they created it, or already decided its open approval): the same rule as
     * `waiting(environment, userId)`, for everyone at once (the live hub counts every open page's
     * person each beat, issue 45).
     */
    async waitingCounts(
      environment: string,
    ): Promise<{ all: number; actionable: number; notFor: Map<string, number> }> {
      const validity = (await settings()).quoteValidityMinutes * 60_000;
      const time = now();
      const rows = await waiting(environment, undefined)
        .select(['t.product', 't.id', 't.awaiting', 't.last_update_time'])
        .execute();
      const notFor = new Map<string, number>();
      if (rows.length === 0) return { all: 0, actionable: 0, notFor };
      // A quote past its validity still waits (to be rejected or quoted again) but is nobody's
      // to approve: it counts for everyone, never for you (decision 071).
      const keys = rows.filter(
        (k) => !quoteExpiredAt(k.product, k.awaiting, Number(k.last_update_time), validity, time),
      );
      const awaiting = new Map(keys.map((k) => [`${k.product}:${k.id}`, k.awaiting]));
      const ids = waiting(environment, undefined).select('t.id');
      const [origins, decisions] = await Promise.all([
        db
          .selectFrom('transaction_origin')
          .select(['product', 'transaction_id as id', 'created_by as userId'])
          .where('environment', '=', environment)
          .where('transaction_id', 'in', ids)
          .execute(),
        db
          .selectFrom('approval_request as r')
          .innerJoin('approval_decision as d', 'd.request_id', 'r.id')
          .select(['r.product', 'r.object_id as id', 'r.action', 'd.user_id as userId'])
          .where('r.environment', '=', environment)
          .where('r.kind', '=', 'transaction')
          .where('r.status', '=', 'pending')
          .where('r.expires_at', '>', now())
          .where('r.object_id', 'in', ids)
          .execute(),
      ]);
      const excluded = new Map<string, Set<string>>();
      const exclude = (userId: string, key: string) => {
        if (!awaiting.has(key)) return;
        const keysOf = excluded.get(userId) ?? new Set<string>();
        excluded.set(userId, keysOf.add(key));
      };
      for (const o of origins) exclude(o.userId, `${o.product}:${o.id}`);
      for (const d of decisions) {
        const key = `${d.product}:${d.id}`;
        const action = awaiting.get(key) === 'quote' ? 'approveQuote' : 'approveDeposit';
        if (d.action === action) exclude(d.userId, key);
      }
      for (const [userId, keysOf] of excluded) notFor.set(userId, keysOf.size);
      return { all: rows.length, actionable: keys.length, notFor };
    },

    /** The API did what the request approved. */
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

    /** Closes a pending request: withdrawn by its author, stale, or failed at the API. */
    async close(id: string, status: string, reason: string | null): Promise<void> {
      await db
        .updateTable('approval_request')
        .set({ status, closed_at: now(), reject_reason: reason })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    /** The API refused the approved action for now: the last decision is void, to be given again. */
    async withdrawDecision(id: string, userId: string): Promise<void> {
      await db
        .deleteFrom('approval_decision')
        .where('request_id', '=', id)
        .where('user_id', '=', userId)
        .execute();
    },
  };
}

export type ControlsStore = ReturnType<typeof controlsStore>;
