// The sandbox console's request log (docs/decisions/023): every request an authenticated partner
// makes, kept for the partner to find again — the time, the operation, the status, how long it
// took, its request id and idempotency key, and both bodies. No header but the idempotency key
// is kept, so never a credential; values of fields named like a secret or a password are
// redacted; bodies are capped. Entries are written in batches, one commit per batch.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from './store';
import type { NewLoggedRequest } from './store/request-log';

/** How much of the log each partner keeps: the newest entries, none older than the days. */
export const REQUEST_LOG_KEEP = 10_000;
export const REQUEST_LOG_DAYS = 7;
export const REQUEST_LOG_BODY_LIMIT = 64 * 1024;
const FLUSH_AFTER_MS = 50;
const FLUSH_AT = 200;
const PRUNE_EVERY = 1_000;

const SECRET_FIELD = /secret|password/i;

/** A body as kept: secrets redacted, at most REQUEST_LOG_BODY_LIMIT characters. */
export function keptBody(body: string | null): string | null {
  if (body === null || body === '') return null;
  let kept = body;
  if (/ecret|assword/i.test(body)) {
    try {
      kept = JSON.stringify(JSON.parse(body), (key, value: unknown) =>
        SECRET_FIELD.test(key) && typeof value === 'string' ? '[redacted]' : value,
      );
    } catch {
      kept = body.replace(/(secret|password)([^,&\n]*)/gi, '$1=[redacted]');
    }
  }
  return kept.length > REQUEST_LOG_BODY_LIMIT
    ? `${kept.slice(0, REQUEST_LOG_BODY_LIMIT)}… (cut at ${REQUEST_LOG_BODY_LIMIT} characters)`
    : kept;
}

// Which record an operation touches: its path's id, or the id a create answered with.
const OBJECT_OF: [RegExp, string][] = [
  [/^(get|update|create)Merchant$|Agreements$|^submitOnboarding$/, 'merchant'],
  [/^(get|update|create)PayoutAccount$/, 'payout_account'],
  [/^(sendc2f|sendf2f|receive)(Create|Get|ApproveQuote|ApproveDeposit|Cancel)$/, 'transaction'],
  [/^getPayoutConfirmation$/, 'transaction'],
  [/^(create|delete|test)Webhook$/, 'webhook'],
  [/^resendEvent$/, 'event'],
];

export function objectOf(
  operationId: string | null,
  params: unknown,
  responseBody: string | null,
): { objectType: string | null; objectId: number | null } {
  const type = operationId ? OBJECT_OF.find(([pattern]) => pattern.test(operationId))?.[1] : null;
  if (!type) return { objectType: null, objectId: null };
  const fromPath = Number((params as { id?: unknown } | undefined)?.id);
  if (Number.isSafeInteger(fromPath) && fromPath > 0)
    return { objectType: type, objectId: fromPath };
  const answered = responseBody
    ? (/^\{"(?:id|businessRequestId)":(\d+)/.exec(responseBody) ??
      /"businessRequestId":(\d+)/.exec(responseBody))
    : null;
  return answered
    ? { objectType: type, objectId: Number(answered[1]) }
    : { objectType: null, objectId: null };
}

export interface RequestRecorder {
  record(entry: NewLoggedRequest): void;
  /** Writes what is waiting: before the log is read, and on close. */
  flush(): void;
}

export function requestRecorder(
  store: Store,
  now: () => number = Date.now,
  warn: (error: unknown) => void = () => {},
): RequestRecorder {
  let queue: NewLoggedRequest[] = [];
  let timer: NodeJS.Timeout | undefined;
  let sincePrune = 0;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    try {
      store.requestLog.append(batch);
      sincePrune += batch.length;
      if (sincePrune >= PRUNE_EVERY) {
        sincePrune = 0;
        store.requestLog.prune(REQUEST_LOG_KEEP, now() - REQUEST_LOG_DAYS * 86_400_000);
      }
    } catch (error) {
      // A log that cannot be written must not fail the requests it describes.
      warn(error);
    }
  };
  return {
    record(entry) {
      queue.push(entry);
      if (queue.length >= FLUSH_AT) flush();
      else if (!timer) {
        timer = setTimeout(flush, FLUSH_AFTER_MS);
        timer.unref();
      }
    },
    flush,
  };
}

/** What a request sent, as text: JSON as sent; a file upload by its type only. */
function requestBodyOf(request: FastifyRequest): { type: string | null; body: string | null } {
  const type = request.headers['content-type'] ?? null;
  if (typeof type === 'string' && type.startsWith('multipart/'))
    return { type: 'multipart/form-data', body: '(a file upload: its bytes are not kept)' };
  if (request.body === undefined || request.body === null) return { type: null, body: null };
  return { type: 'application/json', body: JSON.stringify(request.body) };
}

/** The log entry of an answered request, or undefined when it is not one to keep. */
export function entryOf(
  request: FastifyRequest,
  status: number,
  responseBody: string | null,
  durationMs: number,
  time: number,
  operationId: string | null,
): NewLoggedRequest | undefined {
  const partner = request.partner;
  if (!partner) return undefined;
  const path = request.url.slice(request.url.indexOf('/v1/'));
  // Reading the console itself would bury what it is there to show.
  if (path.startsWith('/v1/sandbox/')) return undefined;
  const idempotencyKey = request.headers['idempotency-key'];
  const userAgent = request.headers['user-agent'];
  const sent = requestBodyOf(request);
  const kept = keptBody(responseBody);
  return {
    partnerId: partner.id,
    time,
    method: request.method,
    path,
    operationId,
    status,
    durationMs: Math.round(durationMs * 1000) / 1000,
    requestId: request.id,
    idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey.slice(0, 255) : null,
    source: typeof userAgent === 'string' ? userAgent.slice(0, 200) : '',
    ...objectOf(operationId, request.params, kept),
    requestType: sent.type,
    requestBody: keptBody(sent.body),
    responseBody: kept,
  };
}

/** An onSend hook that logs each answered request of an authenticated partner. */
export function requestLogHook(recorder: RequestRecorder, now: () => number) {
  return (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: Error | null, payload?: unknown) => void,
  ) => {
    const body =
      typeof payload === 'string'
        ? payload
        : Buffer.isBuffer(payload)
          ? reply.getHeader('content-type')?.toString().includes('json')
            ? payload.toString('utf8')
            : `(${payload.length} bytes of ${String(reply.getHeader('content-type') ?? 'data')})`
          : payload
            ? '(a file: its bytes are not kept)'
            : null;
    const operationId =
      (request.routeOptions.config as { operationId?: string } | undefined)?.operationId ?? null;
    const entry = entryOf(request, reply.statusCode, body, reply.elapsedTime, now(), operationId);
    if (entry) recorder.record(entry);
    done(null, payload);
  };
}
