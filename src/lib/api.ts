// How the SPA reaches the API: through the dashboard server's /api, with the session cookie and
// the CSRF header. A 401 means the session ended: the app is told, and sends the user to sign in.
import type { Connection } from '../api/client';

export const SESSION_ENDED_EVENT = 'dashboard:session-ended';

async function sessionAwareFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, { ...init, credentials: 'same-origin' });
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (response.status === 401 && url.includes('/api/v1/')) {
    window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
  }
  return response;
}

export const api: Connection = {
  baseUrl: '/api',
  headers: { 'x-requested-with': 'dashboard' },
  fetch: sessionAwareFetch,
};
