// Who a session cookie belongs to, remembered for a moment: a page's burst of API calls, and
// every proxied call after it, is authenticated from memory rather than from the database
// (docs/decisions/021). Any change in this process to who may do what (a session ended or moved
// to another environment, roles, a password, the second step) forgets everything at once; a
// change made by another server sharing the database is seen within AUTH_CACHE_TTL_MS.
import type { SignedIn } from './request';

export const AUTH_CACHE_TTL_MS = 2_000;
const MAX_ENTRIES = 10_000;

export function authCache(now: () => number = Date.now) {
  const entries = new Map<string, { signedIn: Omit<SignedIn, 'token'>; until: number }>();
  return {
    get(token: string): Omit<SignedIn, 'token'> | undefined {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        entries.delete(token);
        return undefined;
      }
      return entry.signedIn;
    },
    set(token: string, signedIn: Omit<SignedIn, 'token'>) {
      if (entries.size >= MAX_ENTRIES) entries.clear();
      const until = Math.min(now() + AUTH_CACHE_TTL_MS, signedIn.session.expiresAt);
      entries.set(token, { signedIn, until });
    },
    clear: () => entries.clear(),
  };
}

export type AuthCache = ReturnType<typeof authCache>;
