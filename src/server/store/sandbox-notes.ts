// Who switched on each sandbox fault and who held the automatic moves, and when (decision 029):
// written when the dashboard relays the change, read with the notice everyone sees.
import { SandboxNote } from '#/api/dashboard';
import type { z } from 'zod';
import { said } from '#/i18n/words';
import { REFUSED } from '../refusal-words';
import type { DashboardDb } from './db';

export type SandboxNoteKind = SandboxNote['kind'];

export function sandboxNotes(store: DashboardDb, now: () => number = Date.now) {
  const { db } = store;
  return {
    async keep(environment: string, kind: SandboxNoteKind, objectId: number, userId: string) {
      const values = { environment, kind, object_id: objectId, set_by: userId, set_at: now() };
      await db
        .insertInto('sandbox_note')
        .values(values)
        .onConflict((oc) =>
          oc
            .columns(['environment', 'kind', 'object_id'])
            .doUpdateSet({ set_by: userId, set_at: values.set_at }),
        )
        .execute();
    },

    async forget(environment: string, kind: SandboxNoteKind, objectId?: number) {
      let query = db
        .deleteFrom('sandbox_note')
        .where('environment', '=', environment)
        .where('kind', '=', kind);
      if (objectId !== undefined) query = query.where('object_id', '=', objectId);
      await query.execute();
    },

    async all(environment: string): Promise<z.input<typeof SandboxNote>[]> {
      const rows = await db
        .selectFrom('sandbox_note as n')
        .leftJoin('app_user as u', 'u.id', 'n.set_by')
        .select(['n.kind', 'n.object_id', 'n.set_at', 'u.name'])
        .where('n.environment', '=', environment)
        .orderBy('n.set_at')
        .execute();
      return rows.map((row) => ({
        kind: row.kind as SandboxNoteKind,
        objectId: Number(row.object_id),
        byName: row.name ?? said(REFUSED.formerMember),
        at: Number(row.set_at),
      }));
    },
  };
}

export type SandboxNotes = ReturnType<typeof sandboxNotes>;
