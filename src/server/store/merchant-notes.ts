// Who accepted a merchant's agreements and gave its KYC documents, and when (docs/decisions/073):
// written when the dashboard relays the call, read on the merchant's page.
import { noteRows } from './note-id';
import { MerchantNote } from '#/api/dashboard';
import type { z } from 'zod';
import { said } from '#/i18n/words';
import { REFUSED } from '../refusal-words';
import type { DashboardDb } from './db';

export function merchantNotes(store: DashboardDb, now: () => number = Date.now) {
  const { db } = store;
  return {
    /** Keeps notes; one already kept (the same kind and value) stays as it was: the first. */
    async keep(
      environment: string,
      merchantId: number,
      notes: ReadonlyArray<{ kind: MerchantNote['kind']; value: string; detail?: string | null }>,
      userId: string,
    ) {
      if (notes.length === 0) return;
      const record = { environment, merchant_id: merchantId };
      await db
        .insertInto('merchant_note')
        .values(noteRows(record, [environment, merchantId], notes, userId, now()))
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },

    async of(environment: string, merchantId: number): Promise<z.input<typeof MerchantNote>[]> {
      const rows = await db
        .selectFrom('merchant_note as n')
        .leftJoin('app_user as u', 'u.id', 'n.created_by')
        .select(['n.kind', 'n.value', 'n.detail', 'n.created_at', 'u.name'])
        .where('n.environment', '=', environment)
        .where('n.merchant_id', '=', merchantId)
        .orderBy('n.created_at')
        .orderBy('n.id')
        .execute();
      return rows.map((row) => ({
        kind: row.kind as MerchantNote['kind'],
        value: row.value,
        detail: row.detail,
        byName: row.name ?? said(REFUSED.formerMember),
        at: Number(row.created_at),
      }));
    },
  };
}

export type MerchantNotes = ReturnType<typeof merchantNotes>;
