// Idempotency-Key on POST: the same key and request replay the first successful answer for 24
// hours (header `idempotent-replayed: true`); the same key with another request is 422; a retry
// while the first is still running is 409. Failed requests keep nothing, so they can be retried.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { partnerOf } from './auth';
import { DomainError, invalidField } from './domain/errors';
import type { Store } from './store';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

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

/**
 * Runs `work` once per key: a replay sends the stored answer and returns REPLAYED; otherwise
 * the work's result is returned (and stored when it succeeds).
 */
export async function idempotent<T>(
  store: Store,
  request: FastifyRequest,
  reply: FastifyReply,
  hashInput: unknown,
  work: () => T | Promise<T>,
): Promise<T | typeof REPLAYED> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return work();
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw invalidField('Idempotency-Key', 'must be 1 to 255 visible ASCII characters');
  }
  const partnerId = partnerOf(request).id;
  const hash = requestHash(hashInput);
  const now = Date.now();
  store.idempotency.expireBefore(now - IDEMPOTENCY_TTL_MS);

  if (!store.idempotency.begin(partnerId, header, hash, now)) {
    const existing = store.idempotency.get(partnerId, header)!;
    if (existing.requestHash !== hash) {
      throw new DomainError(
        422,
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was used with a different request; use a new key for a new request.',
      );
    }
    if (existing.state === 'running') {
      throw new DomainError(
        409,
        'IDEMPOTENCY_REQUEST_IN_PROGRESS',
        'A request with this Idempotency-Key is still running; retry once it has finished.',
      );
    }
    reply
      .code(existing.statusCode ?? 200)
      .header('idempotent-replayed', 'true')
      .type(existing.responseType ?? 'application/json; charset=utf-8')
      .send(existing.responseBody);
    return REPLAYED;
  }

  try {
    const result = await work();
    store.idempotency.finish(
      partnerId,
      header,
      200,
      'application/json; charset=utf-8',
      JSON.stringify(result),
    );
    return result;
  } catch (error) {
    store.idempotency.forget(partnerId, header);
    throw error;
  }
}
