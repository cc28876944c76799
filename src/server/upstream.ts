// Where the dashboard sends the partner's API calls: a {base_url} over HTTP, or the sandbox
// embedded in this same server, called in-process. Both take a path below {base_url} only.
import type { FastifyInstance } from 'fastify';
import { type Dispatcher, errors as undiciErrors, Pool } from 'undici';
import type { DirectReader } from '#/sandbox/direct';

export interface UpstreamRequest {
  method: string;
  /** Path and query below {base_url}, starting with /v1/. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer | undefined;
  /** The contract's operation it calls, where the caller knows it (metrics and traces). */
  operation?: string | undefined;
}

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string | undefined>;
  body: Buffer;
}

export class UpstreamError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'timeout',
    message: string,
    /** A timeout's wait, in seconds. */
    readonly seconds?: number,
  ) {
    super(message);
  }
}

export interface Upstream {
  /** {base_url}, as configured. */
  baseUrl(): string;
  send(request: UpstreamRequest): Promise<UpstreamResponse>;
  /** Lets go of kept-alive connections (on shutdown). */
  close?(): Promise<void>;
}

export const UPSTREAM_TIMEOUT_MS = 15_000;

const PASSED_BACK = [
  'content-type',
  'x-request-id',
  'content-disposition',
  'idempotent-replayed',
  'retry-after',
];

/**
 * {base_url} over HTTP, through a pool of kept-alive connections to its origin (undici's Pool: no
 * request objects or abort signals per call, as the global fetch makes). The answer's headers
 * must arrive within `timeoutMs`, and its body may not stall for longer.
 */
export function httpUpstream(baseUrl: string, timeoutMs = UPSTREAM_TIMEOUT_MS): Upstream {
  const base = new URL(baseUrl);
  const basePath = `${base.pathname.replace(/\/+$/, '')}/v1/`;
  const pool = new Pool(base.origin, {
    connections: 64,
    keepAliveTimeout: 10_000,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connectTimeout: Math.min(timeoutMs, 10_000),
  });
  return {
    baseUrl: () => baseUrl,
    async send(request) {
      const target = new URL(base.href.replace(/\/+$/, '') + request.path);
      // The target must stay on the configured origin and below its path, whatever was asked.
      if (target.origin !== base.origin || !target.pathname.startsWith(basePath)) {
        throw new UpstreamError('unavailable', 'refused a path outside the API');
      }
      try {
        const response = await pool.request({
          method: request.method as Dispatcher.HttpMethod,
          path: target.pathname + target.search,
          headers: request.headers,
          body: request.body && request.body.length > 0 ? request.body : null,
        });
        const body = Buffer.from(await response.body.arrayBuffer());
        const headers: Record<string, string | undefined> = {};
        for (const name of PASSED_BACK) {
          const value = response.headers[name];
          headers[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        return { status: response.statusCode, headers, body };
      } catch (error) {
        if (
          error instanceof undiciErrors.HeadersTimeoutError ||
          error instanceof undiciErrors.BodyTimeoutError ||
          error instanceof undiciErrors.ConnectTimeoutError
        ) {
          throw new UpstreamError(
            'timeout',
            `no answer within ${timeoutMs / 1000} s`,
            timeoutMs / 1000,
          );
        }
        throw new UpstreamError('unavailable', 'could not be reached');
      }
    },
    close: () => pool.close(),
  };
}

/** The sandbox mounted at `prefix` in `app`, called without leaving the process. */
export function embeddedUpstream(
  app: FastifyInstance,
  prefix: string,
  baseUrl: () => string,
  direct?: () => DirectReader | undefined,
  timeoutMs = UPSTREAM_TIMEOUT_MS,
): Upstream {
  return {
    baseUrl,
    async send(request) {
      // A read is answered by the sandbox's own functions, without a simulated HTTP exchange.
      const reader = request.method === 'GET' ? direct?.() : undefined;
      const answered = reader && (await reader(request.path, request.headers));
      if (answered) {
        const headers: Record<string, string | undefined> = {};
        for (const name of PASSED_BACK) headers[name] = answered.headers[name];
        return { status: answered.status, headers, body: answered.body };
      }
      // An answer that never comes (the sandbox's timeout fault drops the exchange, which an
      // in-process call never hears of) ends as over HTTP: a timeout, not a call waiting forever.
      let timer: NodeJS.Timeout | undefined;
      const response = await Promise.race([
        app
          .inject({
            method: request.method as 'GET',
            url: `${prefix}${request.path}`,
            headers: request.headers,
            ...(request.body && request.body.length > 0 ? { payload: request.body } : {}),
          })
          .catch((error: unknown) => {
            // The exchange dropped part-way: over HTTP, a connection closed without an answer.
            throw new UpstreamError('unavailable', `no answer: ${String(error)}`);
          }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () =>
              reject(
                new UpstreamError(
                  'timeout',
                  `no answer within ${timeoutMs / 1000} s`,
                  timeoutMs / 1000,
                ),
              ),
            timeoutMs,
          );
        }),
      ]).finally(() => clearTimeout(timer));
      const headers: Record<string, string | undefined> = {};
      for (const name of PASSED_BACK) {
        const value = response.headers[name];
        headers[name] = value === undefined ? undefined : String(value);
      }
      return { status: response.statusCode, headers, body: response.rawPayload };
    },
  };
}
