// What reaches the index between passes: a webhook delivery from the environment (signature
// checked, then the record it names queued to be re-read), and a record the API just returned
// through the dashboard's proxy (read your own writes).
//
// A delivery is answered as soon as it is checked: the re-read happens after, one at a time, at
// the environment's pace, each record once however many events name it meanwhile (decision 045).
// Answering only after the API was read made a busy server miss the sender's timeout, and every
// retry loaded it further. What the queue holds when the server stops is caught by the next
// reconciliation pass.
import type { Environment } from '#/api/dashboard';
import { Event } from '#/api/schemas/platform';
import { verifySignature } from '#/api/webhook-signing';
import { put, reread } from './partner-reader';
import { sealedFor } from './registration';
import { type Kind, kindOfEvent, SyncStop, type SyncState } from './sync-state';

/** How many answers noteAnswer remembers before it starts again. */
const NOTED_MAX = 5_000;

/** A webhook delivery to the dashboard: verified, then the record it names is re-read. */
export async function receive(
  s: SyncState,
  environment: Environment,
  signature: string | undefined,
  rawBody: string,
): Promise<'queued' | 'ignored' | 'refused'> {
  if (!signature) return 'refused';
  // The registration's secret, as this server last read it; read again when it does not verify
  // (another server may have replaced the registration since: docs/decisions/078).
  const secretOf = async (fresh: boolean) => {
    const known = s.secrets.get(environment);
    if (known && !fresh) return known;
    const row = await s.db
      .selectFrom('index_webhook')
      .select('secret_sealed')
      .where('environment', '=', environment)
      .executeTakeFirst();
    if (!row) return undefined;
    const secret = s.options.vault.open(row.secret_sealed, sealedFor(environment));
    s.secrets.set(environment, secret);
    return secret;
  };
  const cached = await secretOf(false);
  if (!cached) return 'refused';
  if (!verifySignature(cached, signature, rawBody)) {
    const now = await secretOf(true);
    if (!now || now === cached || !verifySignature(now, signature, rawBody)) return 'refused';
  }
  let event: Event;
  try {
    event = Event.parse(JSON.parse(rawBody));
  } catch {
    return 'ignored';
  }
  const kind = kindOfEvent(event);
  s.delivered.set(environment, Math.min(s.delivered.get(environment) ?? event.id, event.id));
  if (!kind) return 'ignored';
  s.rereads.set(`${environment}\n${kind}\n${event.objectId}`, {
    environment,
    kind,
    id: event.objectId,
  });
  startRereads(s);
  return 'queued';
}

/**
 * Re-reads the queued records, oldest first, until none is left or the server stops. The drain
 * marks itself done in the same step that finds the queue empty, so a record queued a moment
 * later starts a new drain instead of waiting for the next delivery.
 */
function startRereads(s: SyncState) {
  if (s.rereading || s.stopped) return;
  s.rereading = (async () => {
    try {
      while (!s.stopped) {
        const next = s.rereads.entries().next();
        if (next.done) break;
        const [key, { environment, kind, id }] = next.value;
        s.rereads.delete(key);
        try {
          await reread(s, environment, kind, id);
        } catch (error) {
          // The environment is down or refuses: the next reconciliation pass reads it again.
          if (!(error instanceof SyncStop))
            s.log('index: a re-read failed', { error: String(error) });
        }
      }
    } finally {
      s.rereading = undefined;
    }
  })();
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
