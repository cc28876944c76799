// The workspace's settings, a JSON value per key (migration 023): approval settings, the chat
// network. One writer, so every setting records when and by whom it was last changed.
import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** Saves one setting (inserted, or replaced), in `db` or the transaction given. */
export async function putWorkspaceSetting(
  db: Kysely<Database>,
  setting: { key: string; value: unknown; at: number; by: string | null },
): Promise<void> {
  const row = {
    key: setting.key,
    value: JSON.stringify(setting.value),
    updated_at: setting.at,
    updated_by: setting.by,
  };
  await db
    .insertInto('workspace_setting')
    .values(row)
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        value: row.value,
        updated_at: row.updated_at,
        updated_by: row.updated_by,
      }),
    )
    .execute();
}
