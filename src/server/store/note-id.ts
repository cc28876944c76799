// The id of a note the dashboard keeps about a record: the same parts give the same id, so that a
// note kept twice (a retried call) is kept once.
import { createHash } from 'node:crypto';

export const noteId = (parts: readonly unknown[]) =>
  createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 24);
