// Idempotency-Key on POST: the same key and request replay the first successful answer for 24
// hours (header `idempotent-replayed: true`); the same key with another request is 422; a retry
// while the first is still being read is 409. The key and its answer are written in the same
// database transaction as the work they guard (docs/decisions/009): after a crash at any moment
// the key either replays the stored answer or the work never happened. Failed requests keep
// nothing, so they can be retried.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_PATTERN } from '#/api/schemas/common';
import { partnerOf } from './auth';
import { DomainError, invalidField } from './domain/errors';
import type { Store } from './store';
import type { StoredAnswer } from './store/idempotency';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = new RegExp(IDEMPOTENCY_KEY_PATTERN);
const JSON_TYPE = 'application/json; charset=utf-8';

/** JSON with object keys sorted, so that key order does not change the hash. */
function canonical(value: unknown): string {
  if (Buffer.isBuffer(value))
    return JSON.stringify(createHash('sha256').update(value).digest('hex'));
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(parts: unknown): string {
  return createHash('sha256').update(canonical(parts)).digest('hex');
}

export const REPLAYED = Symbol('idempotent replay');

/** Keys whose request is between its first byte and its commit (only uploads wait that long). */
const reading = new WeakMap<Store, Set<string>>();

function replayOrRefuse(
  store: Store,
  partnerId: number,
  key: string,
  hash: string,
  now: number,
): StoredAnswer | undefined {
  const existing = store.idempotency.get(partnerId, key);
  if (!existing || existing.creationTime < now - IDEMPOTENCY_TTL_MS) return undefined;
  if (existing.requestHash !== hash) {
    throw new DomainError(
      422,
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was used with a different request; use a new key for a new request.',
    );
  }
  return {
    statusCode: existing.statusCode,
    type: existing.responseType,
    body: existing.responseBody,
  };
}

/**
 * Runs `work` once per key. `prepare` does what must be awaited (reading and checking an upload,
 * resolving a host) before the write; `work` itself is synchronous, so that it, the key and the
 * answer commit together. A replay sends the stored answer and returns REPLAYED.
 */
export async function idempotent<T, P = undefined>(
  store: Store,
  request: FastifyRequest,
  reply: FastifyReply,
  hashInput: unknown,
  work: (prepared: P) => T,
  prepare?: () => Promise<P>,
): Promise<T | typeof REPLAYED> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) {
    const prepared = (prepare ? await prepare() : undefined) as P;
    return synchronous(work(prepared));
  }
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw invalidField('Idempotency-Key', 'must be 1 to 255 visible ASCII characters');
  }
  const partnerId = partnerOf(request).id;
  const hash = requestHash(hashInput);
  const tag = `${partnerId}\n${header}`;
  const busy = reading.get(store) ?? new Set<string>();
  reading.set(store, busy);
  const send = (answer: StoredAnswer): typeof REPLAYED => {
    reply
      .code(answer.statusCode)
      .header('idempotent-replayed', 'true')
      .type(answer.type)
      .send(answer.body);
    return REPLAYED;
  };

  const early = replayOrRefuse(store, partnerId, header, hash, Date.now());
  if (early) return send(early);
  if (busy.has(tag)) {
    throw new DomainError(
      409,
      'IDEMPOTENCY_REQUEST_IN_PROGRESS',
      'A request with this Idempotency-Key is still running; retry once it has finished.',
    );
  }
  busy.add(tag);
  try {
    const prepared = (prepare ? await prepare() : undefined) as P;
    const outcome = store.write((): { replay: StoredAnswer } | { result: T } => {
      const now = Date.now();
      store.idempotency.expireBefore(now - IDEMPOTENCY_TTL_MS);
      const replay = replayOrRefuse(store, partnerId, header, hash, now);
      if (replay) return { replay };
      const result = synchronous(work(prepared));
      store.idempotency.record(
        partnerId,
        header,
        hash,
        { statusCode: 200, type: JSON_TYPE, body: JSON.stringify(result) },
        now,
      );
      return { result };
    });
    return 'replay' in outcome ? send(outcome.replay) : outcome.result;
  } finally {
    busy.delete(tag);
  }
}

/** The guarded work must finish inside its transaction: a promise would commit without it. */
function synchronous<T>(value: T): T {
  if (value && typeof (value as { then?: unknown }).then === 'function') {
    throw new Error('Idempotent work must be synchronous; await in `prepare` instead.');
  }
  return value;
}
