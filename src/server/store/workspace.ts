// The team workspace's records: named users with roles (passwords hashed with argon2id),
// sessions stored by the hash of their cookie with idle and absolute expiry, and the partner's
// API credentials per environment, the secret sealed by the vault.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Role } from '#/api/roles';
import type { Kysely, Updateable } from 'kysely';
import { type DashboardDb, lockFor } from './db';
import type { Database, UserTable } from './schema';
import type { Vault } from './vault';
import { SESSION_IDLE_MS } from '#/api/dashboard';

export const IDLE_TIMEOUT_MS = SESSION_IDLE_MS;
export const RESET_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;

export interface User {
  id: string;
  email: string;
  name: string;
  roles: Role[];
  createdAt: number;
  disabledAt: number | null;
  /** Has enrolled an authenticator app: sign-in asks for its code. */
  secondFactor: boolean;
  /** The person's formats (docs/decisions/037); null: their browser's. */
  locale: string | null;
  timeZone: string | null;
  /** Added by an admin and not signed in yet (migration 024). */
  invited: boolean;
  /** Signs in through single sign-on as this subject of the provider (migration 026). */
  ssoSubject: string | null;
}

export interface WorkspaceSession {
  userId: string;
  environment: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  /** When the person last gave their second factor in this session to release money (041). */
  stepUpAt: number | null;
  /** How long it may sit idle before it ends (the sign-in policy's, when it opened). */
  idleMs: number;
}

/** Whether a session has gone idle past its limit or reached its end. */
function lapsed(
  row: { last_seen_at: number; expires_at: number; idle_ms: number | null },
  time: number,
): boolean {
  return time - Number(row.last_seen_at) > idleOf(row) || time >= Number(row.expires_at);
}

/** How long a session may sit idle: its own limit, or the default of sessions opened before. */
const idleOf = (row: { idle_ms: number | null }) =>
  row.idle_ms == null ? IDLE_TIMEOUT_MS : Number(row.idle_ms);

function toUser(row: {
  id: string;
  email: string;
  name: string;
  roles: string;
  created_at: number;
  disabled_at: number | null;
  totp_enabled_at: number | null;
  locale?: string | null;
  time_zone?: string | null;
  invited_at?: number | null;
  sso_subject?: string | null;
}): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles: (row.roles ? row.roles.split(',') : []) as Role[],
    createdAt: Number(row.created_at),
    disabledAt: row.disabled_at === null ? null : Number(row.disabled_at),
    secondFactor: row.totp_enabled_at !== null,
    locale: row.locale ?? null,
    timeZone: row.time_zone ?? null,
    invited: row.invited_at != null,
    ssoSubject: row.sso_subject ?? null,
  };
}

/** What a change of roles or activity came to: done, or refused to keep an active admin. */
export type AdminGuarded = 'ok' | 'lastAdmin';

/** Why such a change is refused, in words (docs/decisions/063). */
export const LAST_ADMIN_TEXT =
  'The workspace would have no active admin left: make another person an admin first.';

const ADMINS_LOCK = 'workspace admins';

/** The ids of the active admins, as the database has them now. */
async function activeAdmins(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await db
    .selectFrom('app_user')
    .select(['id', 'roles'])
    .where('disabled_at', 'is', null)
    .execute();
  return new Set(rows.filter((r) => r.roles.split(',').includes('admin')).map((r) => r.id));
}

/**
 * Whether changing one person's roles or activity would leave no active admin: only a change
 * that takes an active admin away (their admin role or their activity) can, and only when they
 * are the last one.
 */
export function leavesNoAdmin(
  admins: ReadonlySet<string>,
  userId: string,
  change: { roles?: readonly Role[]; active?: boolean },
): boolean {
  if (!admins.has(userId)) return false;
  const losesAdmin =
    change.active === false || (change.roles !== undefined && !change.roles.includes('admin'));
  return losesAdmin && admins.size === 1;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** A password to show once: 20 characters from an alphabet without look-alikes. */
export function oneTimePassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(20)].map((b) => alphabet[b % alphabet.length]).join('');
}

/** A secret as the database keeps it (session tokens, reset links, SSO states, SCIM tokens). */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

// A hash to verify against when the email is unknown, so that the answer takes as long.
let decoyHash: Promise<string> | undefined;

/**
 * How long stored credentials, once unsealed, are used without reading them again. A change in
 * this process is seen at once; one made by another server sharing the database within this.
 */
export const CREDENTIALS_TTL_MS = 5_000;

/** A session's last activity is written at most this often (the idle limit is 30 minutes). */
export const SESSION_TOUCH_MS = 60_000;

export function workspaceStore(store: DashboardDb, vault: Vault, now: () => number = Date.now) {
  const { db } = store;
  const opened = new Map<
    string,
    { value: { apiKey: string; apiSecret: string } | undefined; until: number }
  >();
  store.changed.listen(() => opened.clear());
  /** Changes a person's row; the workspace's readers hear of it. */
  const setUser = async (userId: string, values: Updateable<UserTable>) => {
    await db.updateTable('app_user').set(values).where('id', '=', userId).execute();
    store.changed.notify();
  };
  /** Every unused reset link of a person stops working. */
  const voidResets = (userId: string, time: number) =>
    db
      .updateTable('password_reset')
      .set({ used_at: time })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  /**
   * Runs `work` (a change of one person's roles or activity) in one transaction that first takes
   * the admins' lock and reads who the active admins are, and refuses it when none would be left:
   * two admins demoting each other at once, on two servers, cannot both succeed.
   */
  const keepingAnAdmin = (
    userId: string,
    change: { roles?: readonly Role[]; active?: boolean },
    work: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<AdminGuarded> =>
    db.transaction().execute(async (trx) => {
      await lockFor(trx, store.dialect, ADMINS_LOCK);
      if (leavesNoAdmin(await activeAdmins(trx), userId, change)) return 'lastAdmin';
      await work(trx);
      return 'ok';
    });
  return {
    async createUser(input: {
      email: string;
      name: string;
      roles: Role[];
      password?: string;
      /** Added by an admin: invited until their first sign-in. */
      invited?: boolean;
      /**
       * Made at a first single sign-on, as this subject of the provider: no password at all
       * (an empty hash, which no password matches).
       */
      ssoSubject?: string;
      /** Made by the directory (SCIM): signs in through single sign-on, no password. */
      noPassword?: boolean;
    }): Promise<{ user: User; password: string }> {
      const passwordless = Boolean(input.ssoSubject) || input.noPassword === true;
      const password = passwordless ? '' : (input.password ?? oneTimePassword());
      const row = {
        id: randomUUID(),
        email: normalizeEmail(input.email),
        name: input.name.trim(),
        password_hash: passwordless ? '' : await hash(password),
        sso_subject: input.ssoSubject ?? null,
        roles: [...new Set(input.roles)].join(','),
        created_at: now(),
        disabled_at: null,
        invited_at: input.invited ? now() : null,
      };
      await db.insertInto('app_user').values(row).execute();
      return { user: toUser({ ...row, totp_enabled_at: null }), password };
    },

    async userByEmail(email: string): Promise<User | undefined> {
      const row = await db
        .selectFrom('app_user')
        .selectAll()
        .where('email', '=', normalizeEmail(email))
        .executeTakeFirst();
      return row && toUser(row);
    },

    /** Links the person to the provider's subject they signed in as. */
    async linkSso(userId: string, subject: string): Promise<void> {
      await setUser(userId, { sso_subject: subject, invited_at: null });
    },

    async userById(id: string): Promise<User | undefined> {
      const row = await db
        .selectFrom('app_user')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toUser(row);
    },

    async listUsers(): Promise<User[]> {
      const rows = await db.selectFrom('app_user').selectAll().orderBy('email').execute();
      return rows.map(toUser);
    },

    async countUsers(): Promise<number> {
      const row = await db
        .selectFrom('app_user')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The user, when the email and password match an active account. */
    async checkPassword(email: string, password: string): Promise<User | undefined> {
      const row = await db
        .selectFrom('app_user')
        .selectAll()
        .where('email', '=', normalizeEmail(email))
        .executeTakeFirst();
      // No such account, or one made by single sign-on (no password): as long an answer.
      if (!row || row.password_hash === '') {
        decoyHash ??= hash(oneTimePassword());
        await verify(await decoyHash, password).catch(() => false);
        return undefined;
      }
      const ok = await verify(row.password_hash, password).catch(() => false);
      return ok && row.disabled_at === null ? toUser(row) : undefined;
    },

    async setPassword(userId: string, password: string): Promise<void> {
      await setUser(userId, { password_hash: await hash(password) });
    },

    /** The person's locale and time zone; null for their browser's. */
    async setFormats(
      userId: string,
      formats: { locale: string | null; timeZone: string | null },
    ): Promise<void> {
      await setUser(userId, { locale: formats.locale, time_zone: formats.timeZone });
    },

    /** The person's name, as the directory gives it (SCIM). */
    async setName(userId: string, name: string): Promise<void> {
      await setUser(userId, { name: name.trim() });
    },

    /** The person's address, as the directory gives it (SCIM): the caller checked it is free. */
    async setEmail(userId: string, email: string): Promise<void> {
      await setUser(userId, { email: normalizeEmail(email) });
    },

    /**
     * Deactivates (every session ends) or reactivates a person; refused when it would leave the
     * workspace without an active admin (docs/decisions/063).
     */
    async setActive(userId: string, active: boolean): Promise<AdminGuarded> {
      const outcome = await keepingAnAdmin(userId, { active }, async (trx) => {
        await trx
          .updateTable('app_user')
          .set({ disabled_at: active ? null : now() })
          .where('id', '=', userId)
          .execute();
        if (!active) await trx.deleteFrom('app_session').where('user_id', '=', userId).execute();
      });
      if (outcome === 'ok') store.changed.notify();
      return outcome;
    },

    /** Replaces a person's roles; refused when it would leave no active admin (063). */
    async setRoles(userId: string, roles: Role[]): Promise<AdminGuarded> {
      const outcome = await keepingAnAdmin(userId, { roles }, async (trx) => {
        await trx
          .updateTable('app_user')
          .set({ roles: [...new Set(roles)].join(',') })
          .where('id', '=', userId)
          .execute();
      });
      if (outcome === 'ok') store.changed.notify();
      return outcome;
    },

    /** Whether a change of this person would leave the workspace without an active admin. */
    async wouldLeaveNoAdmin(
      userId: string,
      change: { roles?: readonly Role[]; active?: boolean },
    ): Promise<boolean> {
      return leavesNoAdmin(await activeAdmins(db), userId, change);
    },

    /**
     * A reset link's token for an admin to hand over (there is no mail server); 24 hours, once,
     * and only until a newer link is issued or any link is used.
     */
    async issueReset(userId: string): Promise<{ token: string; expiresAt: number }> {
      const token = randomBytes(32).toString('base64url');
      const time = now();
      // The newest link is the only one that works: an older one handed over is void.
      await voidResets(userId, time);
      await db
        .insertInto('password_reset')
        .values({
          token_hash: sha256(token),
          user_id: userId,
          created_at: time,
          expires_at: time + RESET_LINK_TTL_MS,
          used_at: null,
        })
        .execute();
      return { token, expiresAt: time + RESET_LINK_TTL_MS };
    },

    /** Sets a new password with a reset token, once; every session of the person ends. */
    async useReset(token: string, password: string): Promise<User | undefined> {
      const time = now();
      const used = await db
        .updateTable('password_reset')
        .set({ used_at: time })
        .where('token_hash', '=', sha256(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', time)
        .returning('user_id')
        .executeTakeFirst();
      if (!used) return undefined;
      await voidResets(used.user_id, time);
      await this.setPassword(used.user_id, password);
      await this.endAllSessions(used.user_id);
      return this.userById(used.user_id);
    },

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

    async setCredentials(
      environment: string,
      credentials: { apiKey: string; apiSecret: string },
      by: string | null,
    ): Promise<void> {
      const row = {
        environment,
        api_key: credentials.apiKey,
        secret_sealed: vault.seal(credentials.apiSecret, `api_credential:${environment}`),
        updated_at: now(),
        updated_by: by,
      };
      await db
        .insertInto('api_credential')
        .values(row)
        .onConflict((oc) => oc.column('environment').doUpdateSet(row))
        .execute();
      store.changed.notify();
    },

    /** For the proxy only: the secret in clear, never sent to a browser. */
    async credentials(
      environment: string,
    ): Promise<{ apiKey: string; apiSecret: string } | undefined> {
      // Read and unsealed once per CREDENTIALS_TTL_MS, not per proxied call.
      const known = opened.get(environment);
      if (known && known.until > now()) return known.value;
      const row = await db
        .selectFrom('api_credential')
        .selectAll()
        .where('environment', '=', environment)
        .executeTakeFirst();
      const value = row && {
        apiKey: row.api_key,
        apiSecret: vault.open(row.secret_sealed, `api_credential:${environment}`),
      };
      opened.set(environment, { value, until: now() + CREDENTIALS_TTL_MS });
      return value;
    },

    /** What a settings page may show: the key's last four characters, and when and by whom. */
    async credentialHints(): Promise<
      { environment: string; apiKeyLast4: string; updatedAt: number; updatedBy: string | null }[]
    > {
      const rows = await db
        .selectFrom('api_credential')
        .selectAll()
        .orderBy('environment')
        .execute();
      return rows.map((row) => ({
        environment: row.environment,
        apiKeyLast4: row.api_key.slice(-4),
        updatedAt: Number(row.updated_at),
        updatedBy: row.updated_by,
      }));
    },
  };
}

export type WorkspaceStore = ReturnType<typeof workspaceStore>;
