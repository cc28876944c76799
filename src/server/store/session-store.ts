// Sessions of the workspace (docs/decisions/021, 061): opened, touched while used, stepped up,
// moved to another environment, ended.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type DashboardDb } from './db';
import type { Database } from './schema';
import {
  IDLE_TIMEOUT_MS,
  ABSOLUTE_TIMEOUT_MS,
  type WorkspaceSession,
  lapsed,
  idleOf,
  sha256,
  SESSION_TOUCH_MS,
} from './workspace-basics';

export function sessionStore(store: DashboardDb, now: () => number = Date.now) {
  const { db } = store;
  return {
    /** Opens a session; the token goes into the cookie, only its hash into the database. */
    async createSession(input: {
      userId: string;
      environment: string;
      ip: string;
      userAgent: string;
      /** Written in the session's transaction (a new browser's notice). */
      within?: (trx: Kysely<Database>) => Promise<void>;
      /** The workspace's sign-in policy: how long it lasts, and may sit idle. */
      limits?: { absoluteMs: number; idleMs: number };
    }): Promise<{ token: string; session: WorkspaceSession }> {
      const token = randomBytes(32).toString('base64url');
      const time = now();
      const session = {
        userId: input.userId,
        environment: input.environment,
        createdAt: time,
        lastSeenAt: time,
        expiresAt: time + (input.limits?.absoluteMs ?? ABSOLUTE_TIMEOUT_MS),
        stepUpAt: null,
        idleMs: input.limits?.idleMs ?? IDLE_TIMEOUT_MS,
      };
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('app_session')
          .values({
            id_hash: sha256(token),
            user_id: input.userId,
            environment: input.environment,
            created_at: time,
            last_seen_at: time,
            expires_at: session.expiresAt,
            idle_ms: input.limits ? session.idleMs : null,
            ip: input.ip,
            user_agent: input.userAgent.slice(0, 300),
          })
          .execute();
        // The first sign-in ends the invitation.
        await trx
          .updateTable('app_user')
          .set({ invited_at: null })
          .where('id', '=', input.userId)
          .where('invited_at', 'is not', null)
          .execute();
        await input.within?.(trx);
      });
      return { token, session };
    },

    /**
     * The live session of a token, seen now; expired ones are ended on the way. Its activity is
     * the person's: `awayMs` before now (a page polling on its own says how long the person has
     * been away, docs/decisions/061), never earlier than the activity already recorded.
     */
    async touchSession(
      token: string | undefined,
      awayMs = 0,
    ): Promise<WorkspaceSession | undefined> {
      if (!token) return undefined;
      const idHash = sha256(token);
      const row = await db
        .selectFrom('app_session')
        .selectAll()
        .where('id_hash', '=', idHash)
        .executeTakeFirst();
      if (!row) return undefined;
      const time = now();
      if (lapsed(row, time)) {
        await db.deleteFrom('app_session').where('id_hash', '=', idHash).execute();
        return undefined;
      }
      const seenBefore = Number(row.last_seen_at);
      const seen = Math.max(seenBefore, time - Math.max(0, awayMs));
      // Written when it has gone stale, not on every request (each write is a disk flush).
      if (seen - seenBefore >= SESSION_TOUCH_MS)
        await db
          .updateTable('app_session')
          .set({ last_seen_at: seen })
          .where('id_hash', '=', idHash)
          .where('last_seen_at', '<', seen)
          .execute();
      return {
        userId: row.user_id,
        environment: row.environment,
        createdAt: Number(row.created_at),
        lastSeenAt: seen,
        expiresAt: Number(row.expires_at),
        stepUpAt: row.step_up_at === null ? null : Number(row.step_up_at),
        idleMs: idleOf(row),
      };
    },

    /** The person gave their second factor in this session now: money may be released. */
    async markStepUp(token: string): Promise<number> {
      const time = now();
      await db
        .updateTable('app_session')
        .set({ step_up_at: time })
        .where('id_hash', '=', sha256(token))
        .execute();
      store.changed.notify();
      return time;
    },

    /**
     * The sessions of these tokens that still live, by token, with their environment and person,
     * read in one query without counting as activity (the live hub asks for every open page's
     * session at once).
     */
    async liveSessions(
      tokens: readonly string[],
    ): Promise<Map<string, { environment: string; userId: string }>> {
      const live = new Map<string, { environment: string; userId: string }>();
      const byHash = new Map(tokens.map((token) => [sha256(token), token]));
      const time = now();
      const hashes = [...byHash.keys()];
      // A few hundred at a time: both databases cap how many values one statement may carry.
      for (let at = 0; at < hashes.length; at += 500) {
        const rows = await db
          .selectFrom('app_session')
          .select(['id_hash', 'user_id', 'environment', 'last_seen_at', 'expires_at', 'idle_ms'])
          .where('id_hash', 'in', hashes.slice(at, at + 500))
          .execute();
        for (const row of rows) {
          if (lapsed(row, time)) continue;
          live.set(byHash.get(row.id_hash)!, { environment: row.environment, userId: row.user_id });
        }
      }
      return live;
    },

    async setSessionEnvironment(token: string, environment: string): Promise<void> {
      await db
        .updateTable('app_session')
        .set({ environment })
        .where('id_hash', '=', sha256(token))
        .execute();
      store.changed.notify();
    },

    async endSession(token: string | undefined): Promise<void> {
      if (token) await db.deleteFrom('app_session').where('id_hash', '=', sha256(token)).execute();
      store.changed.notify();
    },

    /** Every session of a person but this one (after a password change). */
    async endOtherSessions(userId: string, keep: string | undefined): Promise<number> {
      let remove = db.deleteFrom('app_session').where('user_id', '=', userId);
      if (keep) remove = remove.where('id_hash', '!=', sha256(keep));
      const result = await remove.executeTakeFirst();
      store.changed.notify();
      return Number(result.numDeletedRows);
    },

    /** "Sign out everywhere", or an admin ending a user's sessions. */
    async endAllSessions(userId: string): Promise<number> {
      const result = await db
        .deleteFrom('app_session')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      store.changed.notify();
      return Number(result.numDeletedRows);
    },
  };
}
