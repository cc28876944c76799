// How the SPA reaches the API: through the dashboard server's /api, with the session cookie and
// the CSRF header. A 401 means the session ended: the app is told, and sends the user to sign in.
import { CSRF_HEADER, DASHBOARD_API, IDLE_HEADER } from '#/api/endpoints';
import { ApiError, type Connection, readProblem } from '#/api/errors';
import { lastInputTime } from './activity';

export const SESSION_ENDED_EVENT = 'dashboard:session-ended';

/** The person's last activity as this page last told the server (docs/decisions/061). */
let reportedInputAt = Date.now();

/** What sends the SPA's requests: the browser's fetch, or the server drawing a page itself. */
let send: typeof fetch = (input, init) => fetch(input, init);

/** The server's first paint of a page answers the page's calls itself (docs/decisions/059). */
export function answerCallsWith(answer: typeof fetch) {
  send = answer;
}

/** When the person was last active, as the server has heard from this page. */
export const reportedActivityTime = () => reportedInputAt;

async function sessionAwareFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  // Each call from the browser says how long the person has been away: a poll does not keep an
  // idle session alive. (The server drawing a page counts the page's own request.)
  const headers = new Headers(init?.headers);
  if (typeof window !== 'undefined') {
    const lastInput = lastInputTime();
    headers.set(IDLE_HEADER, String(Math.max(0, Date.now() - lastInput)));
    reportedInputAt = Math.max(reportedInputAt, lastInput);
  }
  const response = await send(input, { ...init, headers, credentials: 'same-origin' });
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  // Signing in and resetting a password answer 401 for a wrong secret, not for a lost session.
  if (
    response.status === 401 &&
    url.includes('/api/') &&
    !/\/api\/(session|password-reset)\b/.test(url) &&
    typeof window !== 'undefined'
  ) {
    window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
  }
  return response;
}

export const api: Connection = {
  baseUrl: DASHBOARD_API,
  headers: { [CSRF_HEADER.name]: CSRF_HEADER.value },
  fetch: sessionAwareFetch,
};

/**
 * A raw call of the dashboard server with the session and the CSRF header, for answers that are
 * not JSON (a CSV file); a refusal becomes an ApiError with its problem. JSON endpoints are
 * called through `callEndpoint` with their declarations (src/api/dashboard-api.ts).
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
