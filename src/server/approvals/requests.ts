// The approval requests of transactions and payout accounts (docs/decisions/025, 074): the
// `approval_request` and `approval_decision` tables as the rest of the server reads them, and
// what every decision reads under the controls' lock (the policies, who is deactivated).
import type { Kysely } from 'kysely';
import type {
  BankDetails,
  ControlledAction,
  Decision,
  Policy,
  TransactionApproval,
} from '#/api/controls';
import type { OtherChange } from '#/api/payee';
import type { Product } from '#/api/schemas/transaction';
import { type DashboardDb, lockFor } from '../store/db';
import type {
  ApprovalDecisionTable,
  ApprovalPolicyTable,
  ApprovalRequestTable,
  Database,
} from '../store/schema';
import type { ControlSubject, Money } from '../controls/rules';

/** How long an approval request waits for its decisions. */
export const REQUEST_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const LOCK = 'money_controls';

export interface TransactionRef {
  environment: string;
  product: Product;
  transactionId: number;
}

export interface PayeeChangeData {
  businessId: number;
  before: BankDetails;
  after: BankDetails;
  changed: string[];
  /** The other fields the update changes (bank name, address); absent in older changes. */
  alsoChanged?: OtherChange[];
  warnings: string[];
}

export interface StoredRequest {
  id: string;
  environment: string;
  kind: 'transaction' | 'payee';
  /** The transaction's product; null for a payee change. */
  product: Product | null;
  /** The transaction's id, or the payout account's. */
  objectId: number;
  action: ControlledAction;
  payout: Money;
  deposit: Money | null;
  status: string;
  createdAt: number;
  expiresAt: number;
  closedAt: number | null;
  /** When the last approval needed was given, while the approved call is on its way. */
  releasedAt: number | null;
  reason: string | null;
  body: string | null;
  authorId: string | null;
  authorName: string | null;
  change: PayeeChangeData | null;
  decisions: Decision[];
}

/** What a transaction approval is about, read fresh from the API before each decision. */
export interface ApprovalSubject extends TransactionRef {
  action: TransactionApproval;
  payout: { currency: string; amount: string };
  deposit: Money;
}

/** The subject the policies judge a stored request by. */
export function subjectOf(request: StoredRequest): ControlSubject {
  return {
    action: request.action,
    product: request.product,
    payout: request.payout,
    deposit: request.deposit,
  };
}

export const toPolicy = (row: ApprovalPolicyTable): Policy => ({
  id: row.id,
  action: row.action as Policy['action'],
  product: row.product as Policy['product'],
  currency: row.currency,
  amountSide: row.amount_side as Policy['amountSide'],
  minAmount: row.min_amount,
  approvers: Number(row.approvers),
  inBase: Number(row.in_base) === 1,
  createdAt: Number(row.created_at),
  createdBy: row.created_by,
});

/** A transaction's key columns. */
export const ofTransaction = (ref: TransactionRef) => ({
  environment: ref.environment,
  product: ref.product,
  transaction_id: ref.transactionId,
});

/** A decision as stored (an approval's or a bulk file's), as the rules read it. */
export const toDecision = (
  d: Pick<
    ApprovalDecisionTable,
    'user_id' | 'user_name' | 'decision' | 'reason' | 'at' | 'conversion'
  > &
    Partial<Pick<ApprovalDecisionTable, 'for_user_id' | 'for_user_name'>>,
): Decision => ({
  userId: d.user_id,
  userName: d.user_name,
  decision: d.decision as Decision['decision'],
  reason: d.reason,
  at: Number(d.at),
  conversions: d.conversion ? (JSON.parse(d.conversion) as Decision['conversions']) : [],
  forUserId: d.for_user_id ?? null,
  forUserName: d.for_user_name ?? null,
});

export function toRequest(row: ApprovalRequestTable, decisions: Decision[]): StoredRequest {
  return {
    id: row.id,
    environment: row.environment,
    kind: row.kind as StoredRequest['kind'],
    product: row.kind === 'payee' ? null : (row.product as Product),
    objectId: Number(row.object_id),
    action: row.action as ControlledAction,
    payout: { currency: row.currency, amount: row.kind === 'payee' ? null : row.amount },
    deposit:
      row.kind === 'payee'
        ? null
        : { currency: row.deposit_currency ?? '', amount: row.deposit_amount },
    status: row.status,
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    closedAt: row.closed_at === null ? null : Number(row.closed_at),
    releasedAt: row.released_at === null ? null : Number(row.released_at),
    reason: row.reject_reason,
    body: row.body,
    authorId: row.author_id,
    authorName: row.author_name,
    change: row.change === null ? null : (JSON.parse(row.change) as PayeeChangeData),
    decisions,
  };
}

/** Requests with their decisions, oldest decision first. */
export async function loadRequests(
  trx: Kysely<Database>,
  rows: ApprovalRequestTable[],
): Promise<StoredRequest[]> {
  if (rows.length === 0) return [];
  const decisions = await trx
    .selectFrom('approval_decision')
    .selectAll()
    .where(
      'request_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('at')
    .execute();
  return rows.map((row) =>
    toRequest(row, decisions.filter((d) => d.request_id === row.id).map(toDecision)),
  );
}

export async function loadRequest(
  trx: Kysely<Database>,
  id: string,
): Promise<StoredRequest | undefined> {
  const rows = await trx.selectFrom('approval_request').selectAll().where('id', '=', id).execute();
  return (await loadRequests(trx, rows))[0];
}

/** Who created a transaction through the dashboard. */
export async function originIn(
  trx: Kysely<Database>,
  ref: TransactionRef,
): Promise<string | undefined> {
  const origin = trx
    .selectFrom('transaction_origin')
    .select('created_by')
    .where((eb) => eb.and(ofTransaction(ref)));
  return (await origin.executeTakeFirst())?.created_by;
}

/** The policies, read in `trx` (within the controls' lock, for a decision). */
export async function policiesIn(trx: Kysely<Database>): Promise<Policy[]> {
  const rows = await trx.selectFrom('approval_policy').selectAll().orderBy('created_at').execute();
  return rows.map(toPolicy);
}

/** People deactivated: their approvals no longer count for what is not done yet. */
export async function deactivatedPeople(trx: Kysely<Database>): Promise<Set<string>> {
  const rows = await trx
    .selectFrom('app_user')
    .select('id')
    .where('disabled_at', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * Runs `work` in one transaction serialized with every other decision and policy change (a
 * batch's decision too), so that a policy change and a last approval never cross.
 */
export function serializedWithControls<T>(
  store: DashboardDb,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return store.db.transaction().execute(async (trx) => {
    await lockFor(trx as Kysely<Database>, store.dialect, LOCK);
    return work(trx as Kysely<Database>);
  });
}
