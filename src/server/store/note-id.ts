// The notes the dashboard keeps about a record (a transaction, a merchant): what the API keeps no
// name or words for. Their id comes from their parts, so that a note kept twice (a retried call)
// is kept once; the rest of a row is the same whatever the record.
import { createHash } from 'node:crypto';

export const noteId = (parts: readonly unknown[]) =>
  createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 24);

/** A note's own columns: what it says, who kept it, when. */
export const noteFields = (
  note: { kind: string; value: string; detail?: string | null | undefined },
  userId: string,
  at: number,
) => ({
  kind: note.kind,
  value: note.value,
  detail: note.detail ?? null,
  created_by: userId,
  created_at: at,
});
