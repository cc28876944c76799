// Where the dashboard sends the partner's API calls: a {base_url} over HTTP, or the sandbox
// embedded in this same server, called in-process. Both take a path below {base_url} only.
import type { FastifyInstance } from 'fastify';

export interface UpstreamRequest {
  method: string;
  /** Path and query below {base_url}, starting with /v1/. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer | undefined;
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
  ) {
    super(message);
  }
}

export interface Upstream {
  /** {base_url}, as configured. */
  baseUrl(): string;
  send(request: UpstreamRequest): Promise<UpstreamResponse>;
}

export const UPSTREAM_TIMEOUT_MS = 15_000;

const PASSED_BACK = [
  'content-type',
  'x-request-id',
  'content-disposition',
  'idempotent-replayed',
  'retry-after',
];

export function httpUpstream(baseUrl: string, timeoutMs = UPSTREAM_TIMEOUT_MS): Upstream {
  const base = new URL(baseUrl);
  return {
    baseUrl: () => baseUrl,
    async send(request) {
      const target = new URL(base.href.replace(/\/+$/, '') + request.path);
      // The target must stay on the configured origin and below its path, whatever was asked.
      if (
        target.origin !== base.origin ||
        !target.pathname.startsWith(`${base.pathname.replace(/\/+$/, '')}/v1/`)
      ) {
        throw new UpstreamError('unavailable', 'refused a path outside the API');
      }
      let response: Response;
      try {
        response = await fetch(target, {
          method: request.method,
          headers: request.headers,
          body: request.body && request.body.length > 0 ? new Uint8Array(request.body) : undefined,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        if (error instanceof Error && error.name === 'TimeoutError') {
          throw new UpstreamError('timeout', `no answer within ${timeoutMs / 1000} s`);
        }
        throw new UpstreamError('unavailable', 'could not be reached');
      }
      const headers: Record<string, string | undefined> = {};
      for (const name of PASSED_BACK) headers[name] = response.headers.get(name) ?? undefined;
      return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) };
    },
  };
}

/** The sandbox mounted at `prefix` in `app`, called without leaving the process. */
export function embeddedUpstream(
  app: FastifyInstance,
  prefix: string,
  baseUrl: () => string,
): Upstream {
  return {
    baseUrl,
    async send(request) {
      const response = await app.inject({
        method: request.method as 'GET',
        url: `${prefix}${request.path}`,
        headers: request.headers,
        ...(request.body && request.body.length > 0 ? { payload: request.body } : {}),
      });
      const headers: Record<string, string | undefined> = {};
      for (const name of PASSED_BACK) {
        const value = response.headers[name];
        headers[name] = value === undefined ? undefined : String(value);
      }
      return { status: response.statusCode, headers, body: response.rawPayload };
    },
  };
}
