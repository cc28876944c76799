// Authentication with x-api-key / x-api-secret, and the per-partner rate limit.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from './domain/errors';
import { authenticate, type Partner } from './domain/partners';
import type { Store } from './store';

declare module 'fastify' {
  interface FastifyRequest {
    partner: Partner | null;
  }
}

const UNAUTHORIZED = 'Send the headers x-api-key and x-api-secret with valid sandbox credentials.';

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
}

/** The same 401 for a missing header, an unknown key and a wrong secret. */
export function authHook(store: Store) {
  return (request: FastifyRequest) => {
    const apiKey = header(request, 'x-api-key');
    const apiSecret = header(request, 'x-api-secret');
    const partner = apiKey && apiSecret ? authenticate(store, apiKey, apiSecret) : undefined;
    if (!partner) throw new DomainError(401, 'UNAUTHORIZED', UNAUTHORIZED);
    request.partner = partner;
  };
}

/** The authenticated partner of a request that passed the auth hook. */
export function partnerOf(request: FastifyRequest): Partner {
  if (!request.partner) throw new DomainError(401, 'UNAUTHORIZED', UNAUTHORIZED);
  return request.partner;
}

export class RateLimitedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'RATE_LIMITED', `Rate limit reached; retry after ${retryAfterSeconds} s.`);
  }
}

/**
 * A token bucket per partner: `perSecond` requests a second on average, in bursts of up to
 * `perSecond`. Buckets live in memory; a restart gives everyone a full bucket.
 */
export function rateLimitHook(perSecond: number, now: () => number = Date.now) {
  const buckets = new Map<number, { tokens: number; updated: number }>();
  return (request: FastifyRequest, reply: FastifyReply) => {
    const partner = request.partner;
    if (!partner) return;
    const time = now();
    const bucket = buckets.get(partner.id) ?? { tokens: perSecond, updated: time };
    bucket.tokens = Math.min(
      perSecond,
      bucket.tokens + ((time - bucket.updated) / 1000) * perSecond,
    );
    bucket.updated = time;
    buckets.set(partner.id, bucket);
    if (bucket.tokens < 1) {
      const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
      reply.header('retry-after', String(retryAfter));
      throw new RateLimitedError(retryAfter);
    }
    bucket.tokens -= 1;
  };
}

/** Authentication, then the rate limit: what every /v1 request passes first. */
export function accessCheck(store: Store, perSecond: number, now: () => number = Date.now) {
  const authenticate = authHook(store);
  const limit = rateLimitHook(perSecond, now);
  return (request: FastifyRequest, reply: FastifyReply) => {
    authenticate(request);
    limit(request, reply);
  };
}

/** An access check as a callback-style onRequest hook: no promise per request. */
export function accessHook(access: (request: FastifyRequest, reply: FastifyReply) => void) {
  return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    try {
      access(request, reply);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  };
}
