// Batches in the dashboard's database (docs/decisions/033): what a batch and its rows are, and
// what the stores of ./store.ts share (reading a batch whole, claiming one, setting a row).
import { leaseFree, leases } from '../store/lease';
import Decimal from 'decimal.js';
import type { BatchColumn, BatchStatus, FileProblem, QuoteProblem, RowState } from '#/api/batches';
import type { BankDetails, Decision } from '#/api/controls';
import type { Product } from '#/api/schemas/transaction';
import { toDecision } from '../approvals/requests';
import type { BatchSubject, Money } from '../controls/rules';
import { type ExpressionBuilder } from 'kysely';
import type { DashboardDb } from '../store/db';
import type { BatchRowTable, BatchTable, Database } from '../store/schema';
import type { BatchFile } from './file';
import type { ValidRow } from './validate';

export interface StoredRow {
  row: number;
  cells: Record<BatchColumn, string>;
  problems: FileProblem[];
  valid: ValidRow | null;
  state: RowState;
  transactionId: number | null;
  depositAmount: string | null;
  rate: string | null;
  /** Set once its transaction's quote is approved: the row is done. */
  quoteApprovedAt: number | null;
  failure: string | null;
  clientStatus: string | null;
  /** Who it pays, as read when the batch was quoted; null before. */
  payee: RowPayee | null;
}

/** A row's payee: its account's holder and bank details when the batch was quoted. */
export interface RowPayee {
  accountId: number;
  currency: string;
  bankName: string | null;
  details: BankDetails;
}

export interface StoredBatch {
  id: string;
  environment: string;
  product: Product;
  status: BatchStatus;
  fileName: string;
  format: BatchFile['format'];
  decimal: BatchFile['decimal'];
  uploadedBy: string;
  createdAt: number;
  updatedAt: number;
  quotedAt: number | null;
  expiresAt: number | null;
  approvedAt: number | null;
  closedReason: string | null;
  finishedAt: number | null;
  /** While quoting: rows priced of those to price, and who asked. */
  quoting: { done: number; total: number; by: string | null } | null;
  /** Why the last quote failed. */
  quoteProblem: QuoteProblem | null;
  decisions: Decision[];
  rows: StoredRow[];
}

/** Statuses in which a batch's rows may still change. */
export const OPEN: BatchStatus[] = ['draft', 'validated'];
/** Statuses from which a batch may still be cancelled (a quote under way stops). */
export const CANCELLABLE: BatchStatus[] = ['draft', 'validated', 'quoting', 'awaiting_approval'];

export const toRow = (r: BatchRowTable): StoredRow => ({
  row: Number(r.row_number),
  cells: JSON.parse(r.cells) as Record<BatchColumn, string>,
  problems: JSON.parse(r.problems) as FileProblem[],
  valid: r.valid === null ? null : (JSON.parse(r.valid) as ValidRow),
  state: r.state as RowState,
  transactionId: r.transaction_id === null ? null : Number(r.transaction_id),
  depositAmount: r.deposit_amount,
  rate: r.rate,
  quoteApprovedAt: r.quote_approved_at === null ? null : Number(r.quote_approved_at),
  failure: r.failure,
  clientStatus: r.client_status,
  payee: r.payee ? (JSON.parse(r.payee) as RowPayee) : null,
});

export const num = (value: number | null) => (value === null ? null : Number(value));

/** The rows a batch pays (ready, or submitted once it is), as the controls judge them. */
export function batchSubject(batch: Pick<StoredBatch, 'product' | 'rows'>): BatchSubject {
  const paying = batch.rows.filter(
    (r) => r.valid && (r.state === 'ready' || r.state === 'created'),
  );
  const sums = (side: 'payout' | 'deposit'): Money[] => {
    const totals = new Map<string, Decimal | null>();
    for (const r of paying) {
      const v = r.valid!;
      const currency = side === 'payout' ? v.toCurrencySymbol : v.fromCurrencySymbol;
      const amount = side === 'payout' ? v.toAmount : r.depositAmount;
      const before = totals.has(currency) ? totals.get(currency)! : new Decimal(0);
      totals.set(currency, before === null || amount === null ? null : before.plus(amount));
    }
    return [...totals].map(([currency, total]) => ({
      currency,
      amount: total === null ? null : total.toFixed(),
    }));
  };
  return {
    product: batch.product,
    payoutTotals: sums('payout'),
    depositTotals: sums('deposit'),
    rows: paying.map((r) => ({
      payout: { currency: r.valid!.toCurrencySymbol, amount: r.valid!.toAmount },
      deposit: { currency: r.valid!.fromCurrencySymbol, amount: r.depositAmount },
    })),
  };
}

/** A batch is a draft while a row is invalid; validated once every row left in is ready. */
export function statusOf(states: readonly RowState[]): BatchStatus {
  return states.includes('invalid') || !states.includes('ready') ? 'draft' : 'validated';
}

/** What the batch stores share: reading a batch whole, claiming one, setting a row. */
export function batchBasics(store: DashboardDb, now: () => number) {
  const { db } = store;
  const lease = leases(db, 'batch', 'submitting');
  const quoting = leases(db, 'batch', 'quoting');

  /** The first batch in `status` nobody holds, oldest by `by` first, taken for `owner`. */
  async function claimOne(
    status: 'submitting' | 'quoting',
    by: 'approved_at' | 'updated_at',
    held: ReturnType<typeof leases>,
    owner: string,
    leaseMs: number,
  ): Promise<{ id: string; environment: string } | undefined> {
    const at = now();
    const candidates = await db
      .selectFrom('batch')
      .select(['id', 'environment'])
      .where('status', '=', status)
      .where(leaseFree(at))
      .orderBy(by)
      .limit(5)
      .execute();
    for (const candidate of candidates)
      if (await held.take(candidate.id, owner, at, leaseMs)) return candidate;
    return undefined;
  }

  /**
   * A batch that may be quoted: validated, or waiting for approval with no decision yet or an
   * approval expired.
   */
  const quotable = (id: string, at: number) => (eb: ExpressionBuilder<Database, 'batch'>) =>
    eb.or([
      eb('status', '=', 'validated'),
      eb.and([
        eb('status', '=', 'awaiting_approval'),
        eb.or([
          eb('expires_at', '<=', at),
          eb.not(
            eb.exists(
              eb.selectFrom('batch_decision').select('batch_id').where('batch_id', '=', id),
            ),
          ),
        ]),
      ]),
    ]);

  /** A batch's rows in their order and its decisions, oldest first. */
  const contentsOf = async (batchId: string) => {
    const [rows, decisions] = await Promise.all([
      db
        .selectFrom('batch_row')
        .selectAll()
        .where('batch_id', '=', batchId)
        .orderBy('row_number')
        .execute(),
      db
        .selectFrom('batch_decision')
        .selectAll()
        .where('batch_id', '=', batchId)
        .orderBy('at')
        .execute(),
    ]);
    return { rows: rows.map(toRow), decisions: decisions.map(toDecision) };
  };

  const toBatch = async (batch: BatchTable): Promise<StoredBatch> => ({
    id: batch.id,
    environment: batch.environment,
    product: batch.product as Product,
    status: batch.status as BatchStatus,
    fileName: batch.file_name,
    format: batch.format as BatchFile['format'],
    decimal: batch.decimal_mark as BatchFile['decimal'],
    uploadedBy: batch.uploaded_by,
    createdAt: Number(batch.created_at),
    updatedAt: Number(batch.updated_at),
    quotedAt: num(batch.quoted_at),
    expiresAt: num(batch.expires_at),
    approvedAt: num(batch.approved_at),
    closedReason: batch.closed_reason,
    finishedAt: num(batch.finished_at),
    quoting:
      batch.status === 'quoting'
        ? {
            done: Number(batch.quote_done ?? 0),
            total: Number(batch.quote_total ?? 0),
            by: batch.quote_by,
          }
        : null,
    quoteProblem: batch.quote_problem ? (JSON.parse(batch.quote_problem) as QuoteProblem) : null,
    ...(await contentsOf(batch.id)),
  });

  /** Sets a row's fields while its batch is being submitted by `owner`. */
  const setRow = (id: string, row: number, fields: Partial<BatchRowTable>) =>
    db
      .updateTable('batch_row')
      .set({ ...fields, updated_at: now() })
      .where('batch_id', '=', id)
      .where('row_number', '=', row)
      .execute();

  const setStatus = async (id: string) => {
    const states = (
      await db.selectFrom('batch_row').select('state').where('batch_id', '=', id).execute()
    ).map((r) => r.state as RowState);
    await db
      .updateTable('batch')
      .set({ status: statusOf(states), updated_at: now() })
      .where('id', '=', id)
      .where('status', 'in', OPEN)
      .execute();
  };

  return {
    db,
    lease,
    quoting,
    claimOne,
    quotable,
    toBatch,
    setRow,
    setStatus,
  };
}

export type BatchBasics = ReturnType<typeof batchBasics>;
