// Server-side sessions: the browser holds only a random id; the partner's credentials stay here.
// Sessions live in memory, so a restart signs everyone out.
import { createHash, randomBytes } from 'node:crypto';
import type { Environment } from '../api/dashboard';

export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;

export interface Session {
  environment: Environment;
  apiKey: string;
  apiSecret: string;
  demo: boolean;
  createdAt: number;
  lastSeenAt: number;
}

// Keyed by a digest of the id, so that the map never holds the cookie's value itself.
const digest = (id: string) => createHash('sha256').update(id).digest('base64url');

export function createSessionStore(now: () => number = Date.now) {
  const sessions = new Map<string, Session>();

  const expired = (s: Session, time: number) =>
    time - s.lastSeenAt > IDLE_TIMEOUT_MS || time - s.createdAt > ABSOLUTE_TIMEOUT_MS;

  const sweep = setInterval(() => {
    const time = now();
    for (const [key, session] of sessions) if (expired(session, time)) sessions.delete(key);
  }, 60_000);
  sweep.unref();

  return {
    /** A new session under a new 256-bit id; the id is returned once, for the cookie. */
    create(fields: Omit<Session, 'createdAt' | 'lastSeenAt'>): { id: string; session: Session } {
      const id = randomBytes(32).toString('base64url');
      const time = now();
      const session = { ...fields, createdAt: time, lastSeenAt: time };
      sessions.set(digest(id), session);
      return { id, session };
    },
    /** The live session for this id, its idle timer restarted; expired ones are dropped. */
    touch(id: string | undefined): Session | undefined {
      if (!id || id.length > 100) return undefined;
      const key = digest(id);
      const session = sessions.get(key);
      if (!session) return undefined;
      const time = now();
      if (expired(session, time)) {
        sessions.delete(key);
        return undefined;
      }
      session.lastSeenAt = time;
      return session;
    },
    destroy(id: string | undefined) {
      if (id) sessions.delete(digest(id));
    },
    expiresAt(session: Session) {
      return Math.min(
        session.lastSeenAt + IDLE_TIMEOUT_MS,
        session.createdAt + ABSOLUTE_TIMEOUT_MS,
      );
    },
    close() {
      clearInterval(sweep);
      sessions.clear();
    },
    get size() {
      return sessions.size;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
