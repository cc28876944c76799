// The workspace's people (docs/decisions/017, 063): who they are, their roles and activity (an
// active admin always stays), passwords and reset links.
import { randomBytes, randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Role } from '#/api/roles';
import type { Kysely, Updateable } from 'kysely';
import { type DashboardDb, lockFor } from './db';
import type { Database, UserTable } from './schema';
import {
  RESET_LINK_TTL_MS,
  type User,
  toUser,
  type AdminGuarded,
  ADMINS_LOCK,
  activeAdmins,
  leavesNoAdmin,
  normalizeEmail,
  oneTimePassword,
  sha256,
} from './workspace-basics';

// A hash to verify against when the email is unknown, so that the answer takes as long.
let decoyHash: Promise<string> | undefined;

export function peopleStore(store: DashboardDb, now: () => number = Date.now) {
  const { db } = store;
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

    /**
     * A person who never chose a language starts in `language` (their browser's, at a sign-in):
     * a conditional update, so a choice made meanwhile stays.
     */
    async adoptLanguage(userId: string, language: string): Promise<void> {
      const result = await db
        .updateTable('app_user')
        .set({ language })
        .where('id', '=', userId)
        .where('language', 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows > 0n) store.changed.notify();
    },

    /** The person's language; null for their browser's. */
    async setLanguage(userId: string, language: string | null): Promise<void> {
      await setUser(userId, { language });
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
      // Every session of theirs ends: whoever had the old password is signed out.
      await db.deleteFrom('app_session').where('user_id', '=', used.user_id).execute();
      store.changed.notify();
      return this.userById(used.user_id);
    },
  };
}
