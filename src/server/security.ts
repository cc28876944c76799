// The dashboard server's security rules: response headers, the CSRF check for state-changing
// /api requests, and the limit on failed sign-ins.
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const CSRF_HEADER = 'x-requested-with';
export const CSRF_VALUE = 'dashboard';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** CSP for HTML pages; `nonce` admits Mantine's style elements on the SPA's page. */
export function contentSecurityPolicy(nonce?: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    nonce ? `style-src 'self' 'nonce-${nonce}'` : "style-src 'self'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

export function applySecurityHeaders(reply: FastifyReply) {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'no-referrer');
  reply.header('x-frame-options', 'DENY');
  reply.header('cross-origin-opener-policy', 'same-origin');
  const type = String(reply.getHeader('content-type') ?? '');
  if (type.startsWith('text/html') && !reply.getHeader('content-security-policy')) {
    reply.header('content-security-policy', contentSecurityPolicy());
  }
}

export function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Why a state-changing /api request is refused, or undefined when it may go ahead. */
export function csrfRefusal(request: FastifyRequest): string | undefined {
  if (SAFE_METHODS.has(request.method)) return undefined;
  if (request.headers[CSRF_HEADER] !== CSRF_VALUE) {
    return `State-changing requests need the header ${CSRF_HEADER}: ${CSRF_VALUE}.`;
  }
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== ownOrigin(request)) {
    return 'Requests from another origin are refused.';
  }
  if (request.headers['sec-fetch-site'] === 'cross-site') return 'Cross-site requests are refused.';
  return undefined;
}

/** At most `max` failed sign-ins per client address per window; then a wait. */
export function signInLimiter(max = 10, windowMs = 60_000, now: () => number = Date.now) {
  const failures = new Map<string, { count: number; since: number }>();
  const current = (ip: string) => {
    const entry = failures.get(ip);
    if (entry && now() - entry.since >= windowMs) {
      failures.delete(ip);
      return undefined;
    }
    return entry;
  };
  return {
    /** Seconds to wait before trying again, or 0. */
    retryAfter(ip: string): number {
      const entry = current(ip);
      if (!entry || entry.count < max) return 0;
      return Math.max(1, Math.ceil((entry.since + windowMs - now()) / 1000));
    },
    failed(ip: string) {
      const entry = current(ip) ?? { count: 0, since: now() };
      entry.count += 1;
      failures.set(ip, entry);
      if (failures.size > 10_000) failures.delete(failures.keys().next().value!);
    },
    succeeded(ip: string) {
      failures.delete(ip);
    },
  };
}
