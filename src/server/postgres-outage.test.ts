// Two dashboard servers on one PostgreSQL that stops, then hangs: both answer 503 problems within
// the database timeout while it is gone (and their readiness probe says so), neither crashes, and both serve again once it is back,
// without a restart. A cluster of this test's own, as the store tests start theirs.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_SETTINGS } from '#/sandbox/testing';
import { DB_STATEMENT_TIMEOUT_MS, type DashboardDb, openDashboardDb } from './store/db';
import {
  createDatabase,
  type PostgresCluster,
  startPostgresCluster,
} from './store/postgres-cluster';
import { startTestDashboard, type TestDashboard } from './testing';
import { READY_DB_TIMEOUT_MS } from './plugins/probes';

let cluster: PostgresCluster;
let db: DashboardDb;
let a: TestDashboard;
let b: TestDashboard;
let cookie: string;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  db = await openDashboardDb({ url: await createDatabase(cluster.url, 'outage') });
  const key = randomBytes(32);
  a = await startTestDashboard({ db, key });
  b = await startTestDashboard({
    db,
    key,
    embedded: { store: a.sandbox, settings: FAST_SETTINGS, rateLimit: 10_000, demo: a.demo },
  });
  cookie = (await a.signIn('approver@demo.example')).cookie;
}, 60_000);

afterAll(async () => {
  cluster?.thaw();
  await b?.close();
  await a?.close();
  await db?.close();
  cluster.stop();
});

/** A request that needs the database (the inbox count), timed. */
async function ask(server: TestDashboard) {
  const started = Date.now();
  const response = await fetch(`${server.base}/api/controls/inbox/count`, {
    headers: { cookie },
    signal: AbortSignal.timeout(3 * DB_STATEMENT_TIMEOUT_MS),
  });
  const body = await response.json();
  return { status: response.status, body, took: Date.now() - started };
}

/** Asks both servers over `ms` of an outage: every answer a prompt 503 problem. */
async function duringOutage(ms: number) {
  const until = Date.now() + ms;
  let asked = 0;
  while (Date.now() < until) {
    const answers = await Promise.all([ask(a), ask(b)]);
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      expect(answer.took).toBeLessThan(DB_STATEMENT_TIMEOUT_MS + 3_000);
    }
    asked += 2;
    // Readiness says no, promptly: a balancer sends requests elsewhere (decision 079).
    const started = Date.now();
    const ready = await fetch(`${a.base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({
      status: 'database unavailable',
      checks: { database: false },
    });
    expect(Date.now() - started).toBeLessThan(READY_DB_TIMEOUT_MS + 1_000);
  }
  return asked;
}

async function backAgain() {
  await expect.poll(async () => (await ask(a)).status, { timeout: 20_000 }).toBe(200);
  await expect.poll(async () => (await ask(b)).status, { timeout: 20_000 }).toBe(200);
  expect((await fetch(`${b.base}/readyz`)).status).toBe(200);
}

describe('PostgreSQL going away', () => {
  it('serves before the outage', async () => {
    expect((await ask(a)).status).toBe(200);
    expect((await ask(b)).status).toBe(200);
  });

  it.each([
    {
      what: 'answers 503 while it is stopped for 10 s, and serves again once it is back',
      away: () => cluster.pause(),
      back: () => cluster.resume(),
      least: 3,
    },
    {
      what: 'answers 503 within the timeout while it hangs for 10 s, and serves again after',
      away: () => cluster.freeze(),
      back: () => cluster.thaw(),
      least: 1,
    },
  ])(
    '$what',
    async ({ away, back, least }) => {
      away();
      try {
        expect(await duringOutage(10_000)).toBeGreaterThanOrEqual(least);
      } finally {
        back();
      }
      await backAgain();
    },
    60_000,
  );
});
