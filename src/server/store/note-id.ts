// The notes the dashboard keeps about a record (a transaction, a merchant): what the API keeps no
// name or words for. Their id comes from their parts, so that a note kept twice (a retried call)
// is kept once; the rest of a row is the same whatever the record.
import { createHash } from 'node:crypto';

const noteId = (parts: readonly unknown[]) =>
  createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 24);

type Note = { kind: string; value: string; detail?: string | null | undefined };

/**
 * The rows of notes about one record: `record` is the record's columns, `key` its parts of the
 * note's id; the rest is what a note says, who kept it, when.
 */
export const noteRows = <R extends object>(
  record: R,
  key: readonly unknown[],
  notes: readonly Note[],
  userId: string,
  at: number,
) =>
  notes.map((note) => ({
    id: noteId([...key, note.kind, note.value]),
    ...record,
    kind: note.kind,
    value: note.value,
    detail: note.detail ?? null,
    created_by: userId,
    created_at: at,
  }));
