// The dashboard server's security rules: response headers, the CSRF check for state-changing
// /api requests. (The limit on failed sign-ins lives in store/sign-in-failures.ts.)
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER as CSRF } from '#/api/endpoints';

export const CSRF_HEADER = CSRF.name;
export const CSRF_VALUE = CSRF.value;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * CSP for HTML pages; `nonce` admits, on the SPA's page, Mantine's style elements and the
 * colour-scheme script the server writes into it; its HTML, drawn by the server, carries the
 * style attributes Mantine's components write (docs/decisions/059). Anything else inline is
 * refused as before.
 */
export function contentSecurityPolicy(nonce?: string): string {
  return [
    "default-src 'self'",
    nonce ? `script-src 'self' 'nonce-${nonce}'` : "script-src 'self'",
    ...(nonce
      ? [`style-src 'self' 'nonce-${nonce}'`, "style-src-attr 'unsafe-inline'"]
      : ["style-src 'self'"]),
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

/** Host names that always mean this machine, whichever the server listens on. */
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * Where people reach this server, from configuration only (docs/decisions/010): PUBLIC_URL when
 * set; otherwise the loopback address it listens on, under any of its loopback names. Nothing is
 * ever taken from a request's Host or X-Forwarded-Host.
 */
export interface PublicAddress {
  /** The origin that absolute URLs are written with, e.g. https://dash.example.com. */
  origin(): string;
  /** Whether a browser's Origin header names this server. */
  accepts(origin: string): boolean;
  /** Served over https: cookies are Secure and `__Host-` prefixed. */
  secure: boolean;
}

export function publicAddress(
  publicUrl: string | undefined,
  listening: () => { port: number } | undefined,
): PublicAddress {
  if (publicUrl) {
    const origin = new URL(publicUrl).origin;
    return {
      origin: () => origin,
      accepts: (o) => o === origin,
      secure: origin.startsWith('https:'),
    };
  }
  const port = () => listening()?.port;
  return {
    origin: () => (port() ? `http://127.0.0.1:${port()}` : 'http://localhost'),
    accepts: (o) => {
      const p = port();
      return LOOPBACK_NAMES.some((name) =>
        p ? o === `http://${name}:${p}` : o === `http://${name}`,
      );
    },
    secure: false,
  };
}

/** Why a state-changing /api request is refused, or undefined when it may go ahead. */
export function csrfRefusal(request: FastifyRequest, address: PublicAddress): string | undefined {
  if (SAFE_METHODS.has(request.method)) return undefined;
  if (request.headers[CSRF_HEADER] !== CSRF_VALUE) {
    return `State-changing requests need the header ${CSRF_HEADER}: ${CSRF_VALUE}.`;
  }
  const origin = request.headers.origin;
  if (origin !== undefined && !address.accepts(origin)) {
    return 'Requests from another origin are refused.';
  }
  if (request.headers['sec-fetch-site'] === 'cross-site') return 'Cross-site requests are refused.';
  return undefined;
}
