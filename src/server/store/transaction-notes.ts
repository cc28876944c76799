// What the dashboard sent about a transaction that the API does not give back (the files it
// attached, the cancellation reason in the person's words), kept in the dashboard's own database
// and shown on the transaction's page (docs/decisions/019). Kept once per transaction, kind and
// value: a replayed request (same idempotency key) adds nothing.
import { noteRows } from './note-id';
import { TransactionNote } from '#/api/dashboard';
import type { z } from 'zod';
import { said } from '#/i18n/words';
import { REFUSED } from '../refusal-words';
import { TRANSACTION_OPERATION_OF } from '#/api/operations';
import type { TransactionOperationName } from '#/api/transaction-operation-names';
import type { DashboardDb } from './db';
import { fileHref } from '#/api/file-href';

export interface TransactionRef {
  environment: string;
  product: string;
  transactionId: number;
}

export interface NoteInput {
  kind: TransactionNote['kind'];
  value: string;
  detail?: string | null;
}

export function transactionNotes(store: DashboardDb, now: () => number = Date.now) {
  const { db } = store;
  return {
    async fileUploaded(environment: string, url: string, fileName: string, userId: string) {
      await db
        .insertInto('uploaded_file')
        .values({
          environment,
          url,
          file_name: fileName.slice(0, 255),
          uploaded_by: userId,
          uploaded_at: now(),
        })
        .onConflict((oc) => oc.columns(['environment', 'url']).doNothing())
        .execute();
    },

    async keep(ref: TransactionRef, notes: readonly NoteInput[], userId: string) {
      if (notes.length === 0) return;
      const { environment, product, transactionId } = ref;
      const record = { environment, product, transaction_id: transactionId };
      await db
        .insertInto('transaction_note')
        .values(noteRows(record, [environment, product, transactionId], notes, userId, now()))
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },

    /**
     * The cancellation reasons people wrote for these transactions, by `product:id`: the words
     * given with a cancel ("Other: …"), or an approver's reason for rejecting its approval (which
     * cancelled it). The API keeps only the code (decision 068).
     */
    async writtenReasons(
      environment: string,
      refs: ReadonlyArray<{ product: string; transactionId: number }>,
    ): Promise<Map<string, string>> {
      const found = new Map<string, string>();
      if (refs.length === 0) return found;
      const ids = [...new Set(refs.map((r) => r.transactionId))];
      const [notes, rejections] = await Promise.all([
        db
          .selectFrom('transaction_note')
          .select(['product', 'transaction_id', 'detail'])
          .where('environment', '=', environment)
          .where('kind', '=', 'cancelReason')
          .where('transaction_id', 'in', ids)
          .where('detail', 'is not', null)
          .execute(),
        db
          .selectFrom('approval_request')
          .select(['product', 'object_id', 'reject_reason'])
          .where('environment', '=', environment)
          .where('kind', '=', 'transaction')
          .where('status', '=', 'rejected')
          .where('object_id', 'in', ids)
          .where('reject_reason', 'is not', null)
          .execute(),
      ]);
      for (const r of rejections)
        found.set(`${r.product}:${Number(r.object_id)}`, r.reject_reason!);
      for (const n of notes) found.set(`${n.product}:${Number(n.transaction_id)}`, n.detail!);
      return found;
    },

    async of(ref: TransactionRef): Promise<z.input<typeof TransactionNote>[]> {
      const rows = await db
        .selectFrom('transaction_note as n')
        .leftJoin('app_user as u', 'u.id', 'n.created_by')
        .leftJoin('uploaded_file as f', (join) =>
          join.onRef('f.environment', '=', 'n.environment').onRef('f.url', '=', 'n.value'),
        )
        .select(['n.id', 'n.kind', 'n.value', 'n.detail', 'n.created_at', 'u.name', 'f.file_name'])
        .where('n.environment', '=', ref.environment)
        .where('n.product', '=', ref.product)
        .where('n.transaction_id', '=', ref.transactionId)
        .orderBy('n.created_at')
        .orderBy('n.id')
        .execute();
      return rows.map((row) => {
        const file = row.kind !== 'cancelReason';
        return {
          id: row.id,
          kind: row.kind as TransactionNote['kind'],
          value: row.value,
          detail: file ? (row.file_name ?? null) : row.detail,
          href: file ? fileHref(row.value) : null,
          byName: row.name ?? said(REFUSED.formerMember),
          at: Number(row.created_at),
        };
      });
    },
  };
}

export type TransactionNotes = ReturnType<typeof transactionNotes>;

/** The transaction writes that can leave notes. */
const WITH_NOTES = new Set<TransactionOperationName>(['create', 'approveDeposit', 'cancel']);

/** The notes a successful write to operation `operationId` with `body` leaves. */
export function notesOfWrite(operationId: string, body: string | null): NoteInput[] {
  const action = TRANSACTION_OPERATION_OF.get(operationId)?.name;
  if (!action || !body || !WITH_NOTES.has(action)) return [];
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return [];
  }
  if (typeof parsed !== 'object' || parsed === null) return [];
  const text = (name: string) => {
    const value = parsed[name];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const notes: NoteInput[] = [];
  if (action === 'create') {
    const invoice = text('invoiceUrl');
    if (invoice) notes.push({ kind: 'invoice', value: invoice });
  }
  if (action === 'create' || action === 'approveDeposit') {
    const confirmation = text('depositConfirmationUrl');
    if (confirmation) notes.push({ kind: 'depositConfirmation', value: confirmation });
  }
  if (action === 'cancel') {
    const reason = text('reason');
    const other = text('otherReason');
    if (reason || other)
      notes.push({ kind: 'cancelReason', value: reason ?? 'OTHER', detail: other ?? null });
  }
  return notes;
}
