// What reaches the index between passes: a webhook delivery from the environment (signature
// checked, then the record it names re-read), and a record the API just returned through the
// dashboard's proxy (read your own writes).
import type { Environment } from '#/api/dashboard';
import { Event } from '#/api/schemas/platform';
import { verifySignature } from '#/api/webhook-signing';
import { put, reread } from './partner-reader';
import { type Kind, kindOfEvent, SyncStop, type SyncState } from './sync-state';

/** How many answers noteAnswer remembers before it starts again. */
const NOTED_MAX = 5_000;

/** A webhook delivery to the dashboard: verified, then the record it names is re-read. */
export async function receive(
  s: SyncState,
  environment: Environment,
  signature: string | undefined,
  rawBody: string,
): Promise<'applied' | 'ignored' | 'refused'> {
  let secret = s.secrets.get(environment);
  if (!secret) {
    const row = await s.db
      .selectFrom('index_webhook')
      .select('secret_sealed')
      .where('environment', '=', environment)
      .executeTakeFirst();
    if (!row) return 'refused';
    secret = s.options.vault.open(row.secret_sealed, `index_webhook:${environment}`);
    s.secrets.set(environment, secret);
  }
  if (!signature || !verifySignature(secret, signature, rawBody)) return 'refused';
  let event: Event;
  try {
    event = Event.parse(JSON.parse(rawBody));
  } catch {
    return 'ignored';
  }
  const kind = kindOfEvent(event);
  s.delivered.set(environment, Math.min(s.delivered.get(environment) ?? event.id, event.id));
  if (!kind) return 'ignored';
  try {
    await reread(s, environment, kind, event.objectId);
  } catch (error) {
    if (error instanceof SyncStop) return 'ignored';
    throw error;
  }
  return 'applied';
}

/**
 * A record the API just returned through the proxy (a write's result, or a record read by id):
 * in the index at once. The same answer read again (a page refreshing) is not written again: the
 * last answer kept per record is remembered, for a bounded number, and compared before anything
 * is parsed.
 */
export async function noteAnswer(
  s: SyncState,
  environment: Environment,
  kind: Kind,
  path: string,
  raw: string,
) {
  const keyOf = (id: unknown) => `${environment}\n${kind}\n${String(id)}`;
  const pathId = /\/(\d+)\/?$/.exec(path)?.[1];
  if (pathId && s.noted.get(keyOf(pathId)) === raw) return;
  const record = JSON.parse(raw) as { id?: unknown; businessRequestId?: unknown } | null;
  const id = record?.id ?? record?.businessRequestId;
  if (id === undefined) return;
  if (s.noted.get(keyOf(id)) === raw) return;
  await put(s, environment, kind, record);
  if (s.noted.size >= NOTED_MAX) s.noted.clear();
  s.noted.set(keyOf(id), raw);
}
