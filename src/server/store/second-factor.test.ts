// TOTP and recovery codes on SQLite and PostgreSQL, with real codes computed by the test from
// the enrolment's secret (RFC 6238), at times the test controls.
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardDb } from './db';
import { secondFactorStore } from './second-factor';
import { DIALECTS, freshDashboardDb } from './testing';
import { createVault } from './vault';
import { workspaceStore } from './workspace';

const codeAt = (secret: string, time: number) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate({
    timestamp: time,
  });

describe.each(DIALECTS)('second factor on %s', (dialect) => {
  let db: DashboardDb;
  let clock = 1_795_000_000_000;
  let factor: ReturnType<typeof secondFactorStore>;
  let userId: string;
  let secret: string;
  let recovery: string[];
  beforeAll(async () => {
    db = await freshDashboardDb(dialect);
    const vault = createVault(Buffer.alloc(32, 9));
    const users = workspaceStore(db, vault, () => clock);
    userId = (await users.createUser({ email: 'fin@example.com', name: 'Fin', roles: ['finance'] }))
      .user.id;
    factor = secondFactorStore(db, vault, () => clock);
  });
  afterAll(() => db.close());

  it('enrols from a QR code’s URI and turns on with a first good code', async () => {
    const enrolment = await factor.beginEnrolment(userId, 'fin@example.com');
    secret = enrolment.secret;
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\/Partner%20Payments:fin%40example\.com\?/);
    expect(enrolment.uri).toContain(`secret=${secret}`);
    expect(await factor.enabled(userId)).toBe(false);
    expect(await factor.confirmEnrolment(userId, '000000')).toBeUndefined();
    const codes = await factor.confirmEnrolment(userId, codeAt(secret, clock));
    expect(codes).toHaveLength(10);
    recovery = codes!;
    expect(await factor.enabled(userId)).toBe(true);
    const stored = await db.db.selectFrom('app_user').selectAll().executeTakeFirstOrThrow();
    expect(stored.totp_secret_sealed).not.toContain(secret);
    expect(stored.recovery_codes).not.toContain(recovery[0]!);
  });

  it('accepts the current code once, refuses a wrong one, a reused one and an old one', async () => {
    clock += 30_000;
    const code = codeAt(secret, clock);
    expect(await factor.checkCode(userId, '123456' === code ? '654321' : '123456')).toBe(false);
    expect(await factor.checkCode(userId, code)).toBe(true);
    expect(await factor.checkCode(userId, code)).toBe(false);
    // The previous step's code is within the drift window but older than the one used.
    expect(await factor.checkCode(userId, codeAt(secret, clock - 30_000))).toBe(false);
    clock += 30_000;
    // One step of drift is allowed: last step's code, not used yet.
    expect(await factor.checkCode(userId, codeAt(secret, clock - 30_000))).toBe(false);
    expect(await factor.checkCode(userId, codeAt(secret, clock))).toBe(true);
    clock += 120_000;
    expect(await factor.checkCode(userId, codeAt(secret, clock - 90_000))).toBe(false);
    expect(await factor.checkCode(userId, codeAt(secret, clock + 30_000))).toBe(true);
  });

  it('accepts each recovery code once, typed with spaces or capitals', async () => {
    expect(await factor.useRecoveryCode(userId, ` ${recovery[3]!.toUpperCase()} `)).toBe(true);
    expect(await factor.useRecoveryCode(userId, recovery[3]!)).toBe(false);
    expect(await factor.useRecoveryCode(userId, 'aaaa-bbbb-cc')).toBe(false);
    expect(await factor.useRecoveryCode(userId, recovery[4]!)).toBe(true);
  });

  it('is required for the roles an admin chose', async () => {
    expect(await factor.requiredFor(['finance', 'viewer'])).toBe(false);
    await factor.requireForRole('finance', true);
    expect(await factor.requiredFor(['finance', 'viewer'])).toBe(true);
    expect(await factor.requiredFor(['viewer'])).toBe(false);
    await factor.requireForRole('finance', false);
    expect(await factor.requiredFor(['finance'])).toBe(false);
  });
});
