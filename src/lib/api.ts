// How the SPA reaches the API: through the dashboard server's /api, with the session cookie and
// the CSRF header. A 401 means the session ended: the app is told, and sends the user to sign in.
import type { z } from 'zod';
import { buildUrl, type Callable } from '../api/client';
import { ApiError, type Connection, readProblem } from '../api/errors';

export const SESSION_ENDED_EVENT = 'dashboard:session-ended';

async function sessionAwareFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, { ...init, credentials: 'same-origin' });
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  // Signing in and resetting a password answer 401 for a wrong secret, not for a lost session.
  if (
    response.status === 401 &&
    url.includes('/api/') &&
    !/\/api\/(session|password-reset)\b/.test(url)
  ) {
    window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
  }
  return response;
}

export const api: Connection = {
  baseUrl: '/api',
  headers: { 'x-requested-with': 'dashboard' },
  fetch: sessionAwareFetch,
};

/**
 * Calls one of the dashboard server's own endpoints (sign-in aside: the workspace, approvals,
 * audit) with the session and the CSRF header; a refusal becomes an ApiError with its problem.
 */
export async function dashboardFetch(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const response = await sessionAwareFetch(url, {
    method,
    headers: {
      ...api.headers,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new ApiError(await readProblem(response, response.headers.get('x-request-id') ?? ''));
  return response;
}

/** `dashboardFetch`, with the answer parsed by `schema`. */
export async function dashboardJson<T>(
  method: string,
  url: string,
  schema: z.ZodType<T>,
  body?: unknown,
): Promise<T> {
  return schema.parse(await (await dashboardFetch(method, url, body)).json());
}

/**
 * A call to the partner's API that the money controls may hold (docs/decisions/025): the API's
 * answer, or, answered 202, what now waits for approvers.
 */
export async function callThroughControls<H, T>(
  op: Callable,
  input: { params: Record<string, string | number>; body?: unknown; idempotencyKey?: string },
  schemas: { held: z.ZodType<H>; answer: z.ZodType<T> },
): Promise<{ held: H } | { answer: T }> {
  const response = await dashboardFetch(
    op.method,
    buildUrl(api, op, { params: input.params }),
    input.body,
    input.idempotencyKey ? { 'idempotency-key': input.idempotencyKey } : {},
  );
  const json: unknown = await response.json();
  return response.status === 202
    ? { held: schemas.held.parse(json) }
    : { answer: schemas.answer.parse(json) };
}
