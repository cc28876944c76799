// The team workspace's people, sessions and credentials: what they are, and what the stores of
// ./workspace.ts share.
import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '#/api/roles';
import type { Kysely } from 'kysely';
import type { Database } from './schema';
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
  /** The person's language (decision 091); null: their browser's, or the workspace's. */
  language: string | null;
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
export function lapsed(
  row: { last_seen_at: number; expires_at: number; idle_ms: number | null },
  time: number,
): boolean {
  return time - Number(row.last_seen_at) > idleOf(row) || time >= Number(row.expires_at);
}

/** How long a session may sit idle: its own limit, or the default of sessions opened before. */
export const idleOf = (row: { idle_ms: number | null }) =>
  row.idle_ms == null ? IDLE_TIMEOUT_MS : Number(row.idle_ms);

export function toUser(row: {
  id: string;
  email: string;
  name: string;
  roles: string;
  created_at: number;
  disabled_at: number | null;
  totp_enabled_at: number | null;
  locale?: string | null;
  time_zone?: string | null;
  language?: string | null;
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
    language: row.language ?? null,
    invited: row.invited_at != null,
    ssoSubject: row.sso_subject ?? null,
  };
}

/** What a change of roles or activity came to: done, or refused to keep an active admin. */
export type AdminGuarded = 'ok' | 'lastAdmin';

export const ADMINS_LOCK = 'workspace admins';

/** The ids of the active admins, as the database has them now. */
export async function activeAdmins(db: Kysely<Database>): Promise<Set<string>> {
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

/**
 * How long stored credentials, once unsealed, are used without reading them again. A change in
 * this process is seen at once; one made by another server sharing the database within this.
 */
export const CREDENTIALS_TTL_MS = 5_000;

/** A session's last activity is written at most this often (the idle limit is 30 minutes). */
export const SESSION_TOUCH_MS = 60_000;
