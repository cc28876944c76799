// Batches in the dashboard's database (docs/decisions/033): a file's rows as read and checked,
// kept in one transaction with their batch, fixed in place, and the invalid ones left out.
import { randomUUID } from 'node:crypto';
import type { BatchColumn, BatchStatus, FileProblem, RowState } from '#/api/batches';
import type { Product } from '#/api/schemas/transaction';
import type { DashboardDb } from '../store/db';
import type { BatchFile } from './file';
import type { RecentPayment, RowResult, ValidRow } from './validate';

export interface StoredRow {
  row: number;
  cells: Record<BatchColumn, string>;
  problems: FileProblem[];
  valid: ValidRow | null;
  state: RowState;
  transactionId: number | null;
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
  rows: StoredRow[];
}

/** A batch is a draft while a row is invalid; validated once every row left in is ready. */
function statusOf(states: readonly RowState[]): BatchStatus {
  return states.includes('invalid') || !states.includes('ready') ? 'draft' : 'validated';
}

export function batchStore(store: DashboardDb, now: () => number = Date.now) {
  const { db } = store;

  const rowsOf = async (batchId: string): Promise<StoredRow[]> =>
    (
      await db
        .selectFrom('batch_row')
        .selectAll()
        .where('batch_id', '=', batchId)
        .orderBy('row_number')
        .execute()
    ).map((r) => ({
      row: Number(r.row_number),
      cells: JSON.parse(r.cells) as Record<BatchColumn, string>,
      problems: JSON.parse(r.problems) as FileProblem[],
      valid: r.valid === null ? null : (JSON.parse(r.valid) as ValidRow),
      state: r.state as RowState,
      transactionId: r.transaction_id === null ? null : Number(r.transaction_id),
    }));

  const setStatus = async (id: string) => {
    const states = (
      await db.selectFrom('batch_row').select('state').where('batch_id', '=', id).execute()
    ).map((r) => r.state as RowState);
    await db
      .updateTable('batch')
      .set({ status: statusOf(states), updated_at: now() })
      .where('id', '=', id)
      .where('status', 'in', ['draft', 'validated'])
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
      if (!batch) return undefined;
      return {
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
        rows: await rowsOf(batch.id),
      };
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
          .where('status', 'in', ['draft', 'validated'])
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
            eb
              .selectFrom('batch')
              .select('id')
              .where('id', '=', id)
              .where('status', 'in', ['draft', 'validated']),
          ),
        )
        .executeTakeFirst();
      await setStatus(id);
      return Number(excluded.numUpdatedRows);
    },

    /** The environment's batches, newest first, without their rows. */
    async list(environment: string, limit: number) {
      const rows = await db
        .selectFrom('batch')
        .selectAll()
        .where('environment', '=', environment)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((b) => ({
        id: b.id,
        product: b.product as Product,
        status: b.status as BatchStatus,
        fileName: b.file_name,
        uploadedBy: b.uploaded_by,
        createdAt: Number(b.created_at),
      }));
    },
  };
}

export type BatchStore = ReturnType<typeof batchStore>;
