// Batches in the dashboard's database (docs/decisions/033): a file's rows as read and checked,
// kept in one transaction with their batch, fixed in place, and the invalid ones left out.
import { randomUUID } from 'node:crypto';
import { leaseFree, leases, RELEASED } from '../store/lease';
import Decimal from 'decimal.js';
import type { BatchColumn, BatchStatus, FileProblem, QuoteProblem, RowState } from '#/api/batches';
import type { BankDetails, Decision } from '#/api/controls';
import type { Product } from '#/api/schemas/transaction';
import { isCompleted } from '#/api/transaction-states';
import { REQUEST_TTL_MS, toDecision } from '../approvals/requests';
import type { BatchSubject, Money } from '../controls/rules';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Notices } from '../notifications/notices';
import type { DashboardDb } from '../store/db';
import type { BatchRowTable, BatchTable, Database } from '../store/schema';
import type { BatchFile } from './file';
import type { RecentPayment, RowResult, ValidRow } from './validate';

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
const OPEN: BatchStatus[] = ['draft', 'validated'];
/** Statuses from which a batch may still be cancelled (a quote under way stops). */
const CANCELLABLE: BatchStatus[] = ['draft', 'validated', 'quoting', 'awaiting_approval'];

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

const num = (value: number | null) => (value === null ? null : Number(value));

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
function statusOf(states: readonly RowState[]): BatchStatus {
  return states.includes('invalid') || !states.includes('ready') ? 'draft' : 'validated';
}

export function batchStore(
  store: DashboardDb,
  now: () => number = Date.now,
  /** Who is told a batch waits or finished (docs/decisions/035). */
  notices?: Notices,
) {
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

  const rowsOf = async (batchId: string): Promise<StoredRow[]> =>
    (
      await db
        .selectFrom('batch_row')
        .selectAll()
        .where('batch_id', '=', batchId)
        .orderBy('row_number')
        .execute()
    ).map(toRow);

  const decisionsOf = async (batchId: string): Promise<Decision[]> =>
    (
      await db
        .selectFrom('batch_decision')
        .selectAll()
        .where('batch_id', '=', batchId)
        .orderBy('at')
        .execute()
    ).map(toDecision);

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
    decisions: await decisionsOf(batch.id),
    rows: await rowsOf(batch.id),
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
    /** Keeps a checked file as a batch and its rows, all or nothing. */
    async create(input: {
      environment: string;
      product: Product;
      uploadedBy: string;
      fileName: string;
      file: Pick<BatchFile, 'format' | 'decimal' | 'rows'>;
      results: readonly RowResult[];
    }): Promise<string> {
      const id = randomUUID();
      const at = now();
      const states = input.results.map((r): RowState => (r.valid ? 'ready' : 'invalid'));
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('batch')
          .values({
            id,
            environment: input.environment,
            product: input.product,
            status: statusOf(states),
            file_name: input.fileName,
            format: input.file.format,
            decimal_mark: input.file.decimal,
            uploaded_by: input.uploadedBy,
            created_at: at,
            updated_at: at,
          })
          .execute();
        const rows = input.file.rows.map((r, i) => ({
          batch_id: id,
          row_number: r.row,
          cells: JSON.stringify(r.values),
          problems: JSON.stringify(input.results[i]!.problems),
          valid: input.results[i]!.valid ? JSON.stringify(input.results[i]!.valid) : null,
          state: states[i]!,
          transaction_id: null,
          updated_at: at,
        }));
        // In slices: PostgreSQL takes at most 65,535 parameters in one statement.
        for (let start = 0; start < rows.length; start += 500)
          await trx
            .insertInto('batch_row')
            .values(rows.slice(start, start + 500))
            .execute();
      });
      return id;
    },

    async get(environment: string, id: string): Promise<StoredBatch | undefined> {
      const batch = await db
        .selectFrom('batch')
        .selectAll()
        .where('id', '=', id)
        .where('environment', '=', environment)
        .executeTakeFirst();
      return batch ? toBatch(batch) : undefined;
    },

    /**
     * A row fixed in place while the batch is not yet approved, with every row's check again
     * (duplicates are a matter of the whole file), in one transaction. A row left out stays
     * out, with its new problems; the fixed row takes its own new state.
     */
    async fixRow(
      id: string,
      row: number,
      cells: Record<BatchColumn, string>,
      results: readonly RowResult[],
    ): Promise<boolean> {
      const at = now();
      const fixed = await db.transaction().execute(async (trx) => {
        const open = await trx
          .selectFrom('batch')
          .select('id')
          .where('id', '=', id)
          .where('status', 'in', OPEN)
          .executeTakeFirst();
        if (!open) return false;
        const updated = await trx
          .updateTable('batch_row')
          .set({ cells: JSON.stringify(cells), updated_at: at })
          .where('batch_id', '=', id)
          .where('row_number', '=', row)
          .where('state', 'in', ['invalid', 'ready', 'excluded'])
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return false;
        for (const result of results) {
          const checked = result.valid ? 'ready' : 'invalid';
          await trx
            .updateTable('batch_row')
            .set((eb) => ({
              problems: JSON.stringify(result.problems),
              valid: result.valid ? JSON.stringify(result.valid) : null,
              state:
                result.row === row
                  ? checked
                  : eb.case().when('state', '=', 'excluded').then('excluded').else(checked).end(),
              updated_at: at,
            }))
            .where('batch_id', '=', id)
            .where('row_number', '=', result.row)
            .where('state', 'in', ['invalid', 'ready', 'excluded'])
            .execute();
        }
        return true;
      });
      if (fixed) await setStatus(id);
      return fixed;
    },

    /** Payments batches made in this environment since `since`: for duplicates across files. */
    async recentPayments(environment: string, since: number): Promise<RecentPayment[]> {
      const rows = await db
        .selectFrom('batch_row as r')
        .innerJoin('batch as b', 'b.id', 'r.batch_id')
        .select(['r.valid', 'r.transaction_id'])
        .where('b.environment', '=', environment)
        .where('r.state', '=', 'created')
        .where('r.updated_at', '>=', since)
        .execute();
      return rows.flatMap((r) => {
        if (r.valid === null) return [];
        const valid = JSON.parse(r.valid) as ValidRow;
        return [
          {
            label: `transaction #${String(r.transaction_id)}`,
            accountId: valid.toBusinessExternalAccountId,
            amount: valid.toAmount,
            reference: valid.reference,
          },
        ];
      });
    },

    /** The name of who uploaded a batch, when that person still exists. */
    async uploaderName(userId: string): Promise<string | null> {
      const user = await db
        .selectFrom('app_user')
        .select('name')
        .where('id', '=', userId)
        .executeTakeFirst();
      return user?.name ?? null;
    },

    /** "Proceed without the invalid rows": they stay in the batch, left out of it. */
    async excludeInvalid(id: string): Promise<number> {
      const excluded = await db
        .updateTable('batch_row')
        .set({ state: 'excluded', updated_at: now() })
        .where('batch_id', '=', id)
        .where('state', '=', 'invalid')
        .where((eb) =>
          eb.exists(
            eb.selectFrom('batch').select('id').where('id', '=', id).where('status', 'in', OPEN),
          ),
        )
        .executeTakeFirst();
      await setStatus(id);
      return Number(excluded.numUpdatedRows);
    },

    /** The environment's batches, newest first. */
    async list(environment: string, limit: number, status?: BatchStatus) {
      let select = db
        .selectFrom('batch')
        .selectAll()
        .where('environment', '=', environment)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(limit);
      if (status) select = select.where('status', '=', status);
      return Promise.all((await select.execute()).map(toBatch));
    },

    /** Files whose name holds `text`, or with a row of that reference; newest first. */
    async search(environment: string, text: string, limit: number) {
      const folded = text.trim().toLowerCase();
      if (folded === '') return [];
      const escape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
      const like = `%${escape(folded)}%`;
      const reference = `%${escape(`"reference":${JSON.stringify(folded)}`)}%`;
      const rows = await db
        .selectFrom('batch as b')
        .select(['b.id', 'b.file_name', 'b.product', 'b.status', 'b.created_at'])
        .where('b.environment', '=', environment)
        .where((eb) =>
          eb.or([
            eb(sql`lower(b.file_name)`, 'like', sql<string>`${like} escape '\\'`),
            eb('b.id', '=', folded),
            eb.exists(
              eb
                .selectFrom('batch_row as r')
                .select('r.batch_id')
                .whereRef('r.batch_id', '=', 'b.id')
                .where(sql`lower(r.cells)`, 'like', sql<string>`${reference} escape '\\'`),
            ),
          ]),
        )
        .orderBy('b.created_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((b) => ({
        id: b.id,
        fileName: b.file_name,
        product: b.product as Product,
        status: b.status,
        createdAt: Number(b.created_at),
      }));
    },

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

    /** Cancels a batch that is not submitted yet; false once it is past that. */
    async cancel(id: string, reason: string): Promise<boolean> {
      const at = now();
      const done = await db
        .updateTable('batch')
        .set({ status: 'cancelled', closed_reason: reason, finished_at: at, updated_at: at })
        .where('id', '=', id)
        .where('status', 'in', CANCELLABLE)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) === 1;
    },

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
      const rows = await trx
        .selectFrom('batch_row as r')
        .innerJoin('batch as b', 'b.id', 'r.batch_id')
        .select(['r.batch_id', 'r.transaction_id'])
        .where('b.environment', '=', environment)
        .where('b.product', '=', product)
        .where(
          'r.transaction_id',
          'in',
          ended.map((t) => t.businessRequestId),
        )
        .execute();
      if (rows.length === 0) return;
      const status = new Map(ended.map((t) => [t.businessRequestId, t.clientStatus]));
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

export type BatchStore = ReturnType<typeof batchStore>;
