// The second sign-in step: TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, one step of clock
// drift either way), enrolled from a QR code of its otpauth:// URI, each code accepted once; and
// ten one-time recovery codes, shown once and stored as hashes. An admin can require it per role.
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Role } from '#/api/roles';
import type { DashboardDb } from './db';
import type { Vault } from './vault';
import { sha256 } from './workspace';

const PERIOD_S = 30;
const ISSUER = 'Partner Payments';

function totpOf(secretBase32: string, label = 'account') {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** `xxxx-xxxx-xx`: 10 characters a person can type, 50 bits of randomness. */
function recoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const chars = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

const normalizeRecovery = (code: string) => code.trim().toLowerCase().replace(/\s+/g, '');

export function secondFactorStore(store: DashboardDb, vault: Vault, now: () => number = Date.now) {
  const { db } = store;
  const bound = (userId: string) => `totp:${userId}`;

  async function secretOf(userId: string) {
    const row = await db
      .selectFrom('app_user')
      .select([
        'totp_secret_sealed',
        'totp_enabled_at',
        'totp_last_step',
        'recovery_codes',
        'email',
      ])
      .where('id', '=', userId)
      .executeTakeFirst();
    return row;
  }

  return {
    /** Starts enrolment: a new secret (not yet required at sign-in) and its URI for the QR code. */
    async beginEnrolment(userId: string, email: string): Promise<{ secret: string; uri: string }> {
      const secret = new Secret({ size: 20 }).base32;
      await db
        .updateTable('app_user')
        .set({
          totp_secret_sealed: vault.seal(secret, bound(userId)),
          totp_enabled_at: null,
          totp_last_step: null,
        })
        .where('id', '=', userId)
        .execute();
      return { secret, uri: totpOf(secret, email).toString() };
    },

    /** Finishes enrolment with a first good code; returns the recovery codes, shown once. */
    async confirmEnrolment(userId: string, code: string): Promise<string[] | undefined> {
      const row = await secretOf(userId);
      if (!row?.totp_secret_sealed) return undefined;
      const step = this.matchingStep(vault.open(row.totp_secret_sealed, bound(userId)), code);
      if (step === undefined) return undefined;
      const codes = Array.from({ length: 10 }, recoveryCode);
      await db
        .updateTable('app_user')
        .set({
          totp_enabled_at: now(),
          totp_last_step: step,
          recovery_codes: JSON.stringify(codes.map((c) => sha256(normalizeRecovery(c)))),
        })
        .where('id', '=', userId)
        .execute();
      store.changed.notify();
      return codes;
    },

    async enabled(userId: string): Promise<boolean> {
      const row = await secretOf(userId);
      return Boolean(row?.totp_enabled_at);
    },

    /** The time step a code belongs to, within one step of now, or undefined. */
    matchingStep(secret: string, code: string): number | undefined {
      if (!/^\d{6}$/.test(code.trim())) return undefined;
      const delta = totpOf(secret).validate({ token: code.trim(), timestamp: now(), window: 1 });
      return delta === null ? undefined : Math.floor(now() / 1000 / PERIOD_S) + delta;
    },

    /** Accepts a current code once: a code already used (or an older one) is refused. */
    async checkCode(userId: string, code: string): Promise<boolean> {
      const row = await secretOf(userId);
      if (!row?.totp_secret_sealed || !row.totp_enabled_at) return false;
      const step = this.matchingStep(vault.open(row.totp_secret_sealed, bound(userId)), code);
      if (step === undefined) return false;
      if (row.totp_last_step !== null && step <= Number(row.totp_last_step)) return false;
      // Only if no other request used a code of this step meanwhile.
      const updated = await db
        .updateTable('app_user')
        .set({ totp_last_step: step })
        .where('id', '=', userId)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    /** Accepts the app's six-digit code, or else a recovery code: either once. */
    async checkCodeOrRecovery(userId: string, code: string): Promise<boolean> {
      return /^\d{6}$/.test(code)
        ? this.checkCode(userId, code)
        : this.useRecoveryCode(userId, code);
    },

    /** Accepts a recovery code once. */
    async useRecoveryCode(userId: string, code: string): Promise<boolean> {
      const row = await secretOf(userId);
      if (!row?.recovery_codes) return false;
      const hashes = JSON.parse(row.recovery_codes) as string[];
      const wanted = sha256(normalizeRecovery(code));
      if (!hashes.includes(wanted)) return false;
      const updated = await db
        .updateTable('app_user')
        .set({ recovery_codes: JSON.stringify(hashes.filter((h) => h !== wanted)) })
        .where('id', '=', userId)
        .where('recovery_codes', '=', row.recovery_codes)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    async requireForRole(role: Role, required: boolean): Promise<void> {
      await db
        .insertInto('role_setting')
        .values({ role, require_totp: required ? 1 : 0 })
        .onConflict((oc) => oc.column('role').doUpdateSet({ require_totp: required ? 1 : 0 }))
        .execute();
      store.changed.notify();
    },

    async requiredRoles(): Promise<Role[]> {
      const rows = await db
        .selectFrom('role_setting')
        .select('role')
        .where('require_totp', '=', 1)
        .execute();
      return rows.map((r) => r.role as Role);
    },

    /** Whether any of these roles requires the second step. */
    async requiredFor(roles: readonly Role[]): Promise<boolean> {
      if (roles.length === 0) return false;
      const rows = await db
        .selectFrom('role_setting')
        .select('role')
        .where('require_totp', '=', 1)
        .where('role', 'in', [...roles])
        .execute();
      return rows.length > 0;
    },
  };
}
