// Users, sessions and stored credentials, on SQLite and PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardDb } from './db';
import { DIALECTS, freshDashboardDb } from './testing';
import { createVault } from './vault';
import {
  ABSOLUTE_TIMEOUT_MS,
  IDLE_TIMEOUT_MS,
  workspaceStore,
  type WorkspaceStore,
} from './workspace';

describe.each(DIALECTS)('workspace store on %s', (dialect) => {
  let db: DashboardDb;
  let store: WorkspaceStore;
  let clock = 1_795_000_000_000;
  beforeAll(async () => {
    db = await freshDashboardDb(dialect);
    store = workspaceStore(db, createVault(Buffer.alloc(32, 3)), () => clock);
  });
  afterAll(() => db.close());

  /** A session of Ada's (made by the first test), opened now. */
  const adasSession = async (environment = 'sandbox') =>
    store.createSession({
      userId: (await store.userByEmail('ada@example.com'))!.id,
      environment,
      ip: '',
      userAgent: '',
    });

  it('creates a user with a one-time password, stored only as an argon2id hash', async () => {
    const { user, password } = await store.createUser({
      email: ' Ada@Example.com ',
      name: 'Ada Lovelace',
      roles: ['finance', 'approver', 'finance'],
    });
    expect(user).toMatchObject({ email: 'ada@example.com', roles: ['finance', 'approver'] });
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    const row = await db.db.selectFrom('app_user').selectAll().executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(password);
    expect(await store.checkPassword('ADA@example.com', password)).toMatchObject({ id: user.id });
    expect(await store.checkPassword('ada@example.com', 'wrong')).toBeUndefined();
    expect(await store.checkPassword('nobody@example.com', password)).toBeUndefined();
    await expect(
      store.createUser({ email: 'ada@example.com', name: 'Again', roles: ['viewer'] }),
    ).rejects.toThrow();
  });

  it('keeps sessions by the hash of their token, with idle and absolute expiry', async () => {
    const user = (await store.userByEmail('ada@example.com'))!;
    const { token } = await store.createSession({
      userId: user.id,
      environment: 'sandbox',
      ip: '127.0.0.1',
      userAgent: 'test',
    });
    const stored = await db.db.selectFrom('app_session').select('id_hash').execute();
    expect(stored.map((s) => s.id_hash)).not.toContain(token);
    expect(await store.touchSession(token)).toMatchObject({
      userId: user.id,
      environment: 'sandbox',
    });
    // Seen every 20 minutes, it lives until its absolute end.
    for (let t = 0; t < ABSOLUTE_TIMEOUT_MS - 20 * 60_000; t += 20 * 60_000) {
      clock += 20 * 60_000;
      expect(await store.touchSession(token)).toBeDefined();
    }
    clock += 20 * 60_000;
    expect(await store.touchSession(token)).toBeUndefined();
    const idle = await adasSession();
    clock += IDLE_TIMEOUT_MS + 1;
    expect(await store.touchSession(idle.token)).toBeUndefined();
    expect(await store.touchSession('not-a-token')).toBeUndefined();
  });

  it('records the person’s activity, not the call’s, when the page says how long they were away', async () => {
    const { token } = await adasSession();
    const opened = clock;
    // A poll twenty minutes on, the person away all along: nothing renewed.
    clock += 20 * 60_000;
    expect(await store.touchSession(token, 20 * 60_000)).toMatchObject({ lastSeenAt: opened });
    // Ten minutes later the person was active five minutes ago: that is the activity kept.
    clock += 10 * 60_000;
    expect(await store.touchSession(token, 5 * 60_000)).toMatchObject({
      lastSeenAt: clock - 5 * 60_000,
    });
    // A later call saying an earlier time does not move it back.
    expect(await store.touchSession(token, 25 * 60_000)).toMatchObject({
      lastSeenAt: clock - 5 * 60_000,
    });
    clock += IDLE_TIMEOUT_MS - 5 * 60_000 + 1;
    expect(await store.touchSession(token, IDLE_TIMEOUT_MS)).toBeUndefined();
  });

  it('keeps the limits of the sign-in policy a session opened under', async () => {
    const user = (await store.userByEmail('ada@example.com'))!;
    const open = (limits: { absoluteMs: number; idleMs: number }) =>
      store.createSession({
        userId: user.id,
        environment: 'sandbox',
        ip: '',
        userAgent: '',
        limits,
      });
    const short = await open({ absoluteMs: 60 * 60_000, idleMs: 5 * 60_000 });
    expect(await store.touchSession(short.token)).toMatchObject({ idleMs: 5 * 60_000 });
    clock += 4 * 60_000;
    expect((await store.liveSessions([short.token])).get(short.token)).toMatchObject({
      environment: 'sandbox',
      userId: user.id,
    });
    clock += 5 * 60_000 + 1;
    expect((await store.liveSessions([short.token])).size).toBe(0);
    expect(await store.touchSession(short.token)).toBeUndefined();
    // Seen every 4 minutes, a one-hour session still ends at its hour.
    const busy = await open({ absoluteMs: 60 * 60_000, idleMs: 5 * 60_000 });
    for (let t = 0; t < 56 * 60_000; t += 4 * 60_000) {
      clock += 4 * 60_000;
      expect(await store.touchSession(busy.token)).toBeDefined();
    }
    clock += 4 * 60_000;
    expect(await store.touchSession(busy.token)).toBeUndefined();
    // A long idle limit outlives the default one.
    const patient = await open({ absoluteMs: 12 * 60 * 60_000, idleMs: 120 * 60_000 });
    clock += IDLE_TIMEOUT_MS + 60_000;
    expect(await store.touchSession(patient.token)).toBeDefined();
    await store.endSession(patient.token);
  });

  it('ends one session, or all of a user', async () => {
    const user = (await store.userByEmail('ada@example.com'))!;
    const a = await adasSession();
    const b = await adasSession();
    await store.endSession(a.token);
    expect(await store.touchSession(a.token)).toBeUndefined();
    expect(await store.touchSession(b.token)).toBeDefined();
    const c = await adasSession('live');
    expect(await store.endAllSessions(user.id)).toBe(2);
    expect(await store.touchSession(b.token)).toBeUndefined();
    expect(await store.touchSession(c.token)).toBeUndefined();
  });

  it('stores API credentials with the secret sealed, and shows only the key’s last four', async () => {
    await store.setCredentials(
      'sandbox',
      { apiKey: 'pk_sandbox_1234abcd', apiSecret: 'sk_secret_value' },
      'admin',
    );
    await store.setCredentials(
      'sandbox',
      { apiKey: 'pk_sandbox_5678wxyz', apiSecret: 'sk_other_value' },
      'admin',
    );
    const raw = await sql<{ v: string }>`SELECT secret_sealed AS v FROM api_credential`.execute(
      db.db,
    );
    expect(JSON.stringify(raw.rows)).not.toContain('sk_other_value');
    expect(await store.credentials('sandbox')).toEqual({
      apiKey: 'pk_sandbox_5678wxyz',
      apiSecret: 'sk_other_value',
    });
    expect(await store.credentials('live')).toBeUndefined();
    expect(await store.credentialHints()).toEqual([
      { environment: 'sandbox', apiKeyLast4: 'wxyz', updatedAt: clock, updatedBy: 'admin' },
    ]);
  });
});
