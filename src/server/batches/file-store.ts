// A bulk file as kept (docs/decisions/033): its rows as read and checked, kept in one
// transaction with their batch, fixed in place, the invalid ones left out, listed and found.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { BatchColumn, BatchStatus, RowState } from '#/api/batches';
import type { Product } from '#/api/schemas/transaction';
import type { BatchFile } from './file';
import type { RecentPayment, RowResult, ValidRow } from './validate';
import { type StoredBatch, CANCELLABLE, OPEN, type BatchBasics, statusOf } from './store-basics';

export function batchFiles({ db, toBatch, setStatus }: BatchBasics, now: () => number) {
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
            transactionId: r.transaction_id!,
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
  };
}
