// The local index kept fresh against a real (embedded) sandbox: the first fill, events through
// the dashboard's own webhook endpoint, reconciliation when webhooks are missing, read-your-own-
// writes, a fill that resumes after a crash, and a refused credential.
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '#/api/testing';
import { merchantBody } from '#/sandbox/testing';
import { DIALECTS, freshDashboardDb } from '../store/testing';
import { createVault } from '../store/vault';
import {
  CSRF,
  callSandboxDirectly,
  JSON_CSRF,
  startTestDashboard,
  type TestDashboard,
} from '../testing';
import { UpstreamError, type Upstream } from '../upstream';
import { localIndex } from './store';
import { indexSync } from './sync';
import { WEBHOOK_STALE_MS } from './registration';

const running: TestDashboard[] = [];
afterEach(async () => {
  for (const t of running.splice(0)) await t.close();
});

async function dashboard(dialect: 'sqlite' | 'postgres', intervalMs = 400) {
  // No rolling sweep: what webhooks miss must come from the newest pages and the event log.
  const t = await startTestDashboard({ dialect, indexSync: { intervalMs, sweepPages: 0 } });
  running.push(t);
  return t;
}

/** Renames a merchant straight at the sandbox, as the partner's own systems would. */
const renameDirectly = (t: TestDashboard, id: unknown, name: string) =>
  callSandboxDirectly(t, 'PUT', `/v1/business/${id}`, merchantBody({ name }));

/** The names the dashboard's search finds for `q`, once it finds `count` (within `ms`). */
const namesFound = (t: TestDashboard, cookie: string, q: string, count = 1, ms = 10_000) =>
  eventually(
    () => searchNames(t, cookie, q),
    (names) => names.length === count,
    { ms },
  );

async function searchNames(t: TestDashboard, cookie: string, q: string): Promise<string[]> {
  const response = await fetch(`${t.base}/api/index/search?q=${encodeURIComponent(q)}`, {
    headers: { cookie },
  });
  const body = (await response.json()) as { merchants: Array<{ name: string }> };
  return body.merchants.map((m) => m.name);
}

describe.each(DIALECTS)('keeping the local index fresh on %s', (dialect) => {
  it('fills, then follows the API through webhooks and reconciliation, and shows your own writes at once', async () => {
    const t = await dashboard(dialect);
    for (let i = 0; i < 3; i++)
      await callSandboxDirectly(
        t,
        'POST',
        '/v1/business/',
        merchantBody({ name: `Prefilled Trader ${i}` }),
      );
    const { cookie } = await t.signIn('operations@demo.example');
    const status = await eventually(
      async () => (await fetch(`${t.base}/api/index/status`, { headers: { cookie } })).json(),
      (s: { filled: boolean; webhook: boolean; counts: { merchants: number } }) =>
        s.filled && s.webhook,
    );
    expect(status).toMatchObject({ filled: true, webhook: true, error: null });
    expect(status.counts.merchants).toBe(3);
    expect(await searchNames(t, cookie, 'prefilled trad')).toHaveLength(3);

    // Made outside the dashboard: the webhook brings it in within two seconds.
    const started = Date.now();
    const created = await callSandboxDirectly(
      t,
      'POST',
      '/v1/business/',
      merchantBody({ name: 'Orbit Spices' }),
    );
    const found = await namesFound(t, cookie, 'orbit', 1, 2_000);
    expect(found).toEqual(['Orbit Spices']);
    expect(Date.now() - started).toBeLessThan(2_000);
    // Renamed outside the dashboard: found by the new name only.
    await renameDirectly(t, created.json.id, 'Nova Spices');
    expect(await namesFound(t, cookie, 'nova', 1, 2_000)).toEqual(['Nova Spices']);
    expect(await searchNames(t, cookie, 'orbit')).toEqual([]);

    // Without the webhook, the reconciliation pass finds new records (the newest pages) and
    // renames of older ones (the event log) all the same.
    const hooks = (await callSandboxDirectly(t, 'GET', '/v1/webhook/')).json as unknown as Array<{
      id: number;
    }>;
    for (const hook of hooks) await callSandboxDirectly(t, 'DELETE', `/v1/webhook/${hook.id}`);
    await callSandboxDirectly(
      t,
      'POST',
      '/v1/business/',
      merchantBody({ name: 'Quiet Harbour Ltd' }),
    );
    await renameDirectly(t, created.json.id, 'Comet Spices');
    expect(await namesFound(t, cookie, 'quiet harbour')).toEqual(['Quiet Harbour Ltd']);
    expect(await namesFound(t, cookie, 'comet')).toEqual(['Comet Spices']);

    // Made through the dashboard: in the index before the answer reaches the browser.
    const mine = await fetch(`${t.base}/api/v1/business/`, {
      method: 'POST',
      headers: { cookie, ...JSON_CSRF },
      body: JSON.stringify(merchantBody({ name: 'Freshly Made Merchant' })),
    });
    expect(mine.status).toBe(200);
    expect(await searchNames(t, cookie, 'freshly made')).toEqual(['Freshly Made Merchant']);
  });

  /** A dashboard whose partner made a merchant straight at the API, and a person signed in. */
  async function withMerchantMadeByThePartner(name: string, who: string) {
    const t = await dashboard(dialect);
    await callSandboxDirectly(t, 'POST', '/v1/business/', merchantBody({ name }));
    return { t, cookie: (await t.signIn(`${who}@demo.example`)).cookie };
  }

  it('starts again from the new partner’s records when an admin stores another API key', async () => {
    const { t, cookie } = await withMerchantMadeByThePartner(
      'Former Partner Merchant',
      'operations',
    );
    expect(await namesFound(t, cookie, 'former partner')).toHaveLength(1);
    const admin = (await t.signIn('admin@demo.example')).cookie;
    const put = await fetch(`${t.base}/api/admin/credentials/sandbox`, {
      method: 'PUT',
      headers: { cookie: admin, ...JSON_CSRF },
      body: JSON.stringify({ apiKey: t.other.apiKey, apiSecret: t.other.apiSecret }),
    });
    expect(put.status).toBe(200);
    expect(await searchNames(t, cookie, 'former partner')).toEqual([]);
  });

  it('forgets what a sandbox reset deleted, and holds what a scenario made', async () => {
    const { t, cookie } = await withMerchantMadeByThePartner('Before Reset Merchant', 'tester');
    expect(await namesFound(t, cookie, 'before reset')).toHaveLength(1);
    // The partner's own call, straight to the sandbox: the event log tells the index.
    const loaded = await callSandboxDirectly(t, 'POST', '/v1/sandbox/scenarios/load', {
      preset: 'kyc-set-back',
      reset: true,
    });
    expect(loaded.status).toBe(200);
    expect(await namesFound(t, cookie, 'nordlicht')).toEqual(['Nordlicht Software AG']);
    // The next reconciliation pass finds the log reset and fills the index again.
    expect(await namesFound(t, cookie, 'before reset', 0)).toEqual([]);
    // The refill that forgot it may still be on its way: what the scenario made comes back.
    expect(await namesFound(t, cookie, 'nordlicht')).toEqual(['Nordlicht Software AG']);

    // Through the dashboard: the index has caught up when the answer arrives.
    const mine = await fetch(`${t.base}/api/v1/sandbox/scenarios/load`, {
      method: 'POST',
      headers: { cookie, ...JSON_CSRF },
      body: JSON.stringify({ preset: 'merchant-under-review', reset: true }),
    });
    expect(mine.status).toBe(200);
    expect(await searchNames(t, cookie, 'harbor')).toEqual(['Harbor & Pine Trading Ltd']);
    expect(await searchNames(t, cookie, 'nordlicht')).toEqual([]);
  });

  it('answers bad filters and bodies with the field named, and a forged delivery with 401', async () => {
    const t = await startTestDashboard({ dialect });
    running.push(t);
    const { cookie } = await t.signIn('viewer@demo.example');
    const get = (url: string) => fetch(`${t.base}${url}`, { headers: { cookie } });
    for (const [url, field] of [
      ['/api/index/merchants?kycStatus=VALID,BOGUS', 'kycStatus'],
      ['/api/index/merchants?limit=1000', 'limit'],
      ['/api/index/accounts?sort=sideways', 'sort'],
      ['/api/index/transactions?fromDate=yesterday', 'fromDate'],
      ['/api/index/search', 'q'],
    ] as const) {
      const response = await get(url);
      expect(response.status, url).toBe(400);
      expect(await response.json(), url).toMatchObject({ errors: [{ field }] });
    }
    const unnamed = await fetch(`${t.base}/api/views`, {
      method: 'POST',
      headers: { cookie, ...JSON_CSRF },
      body: JSON.stringify({ list: 'merchants', name: ' ', search: '', shared: false }),
    });
    expect(await unnamed.json()).toMatchObject({ errors: [{ field: 'name' }] });
    const unknownView = await fetch(`${t.base}/api/views/nope`, {
      method: 'DELETE',
      headers: { cookie, ...CSRF },
    });
    expect(unknownView.status).toBe(404);
    const forged = await fetch(`${t.base}/hooks/index/sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-signature': 't=1,v1=00' },
      body: JSON.stringify({
        id: 1,
        type: 'merchant.updated',
        objectType: 'merchant',
        objectId: 1,
      }),
    });
    expect(forged.status).toBe(401);
    const signedOut = await fetch(`${t.base}/api/index/merchants`);
    expect(signedOut.status).toBe(401);
  });

  it('carries on a first fill after a crash, with no record missing or twice', async () => {
    const t = await startTestDashboard({ dialect });
    running.push(t);
    for (let i = 0; i < 250; i++)
      await callSandboxDirectly(
        t,
        'POST',
        '/v1/business/',
        merchantBody({ name: `Bulk Merchant ${i}` }),
      );
    const db = await freshDashboardDb(dialect);
    const vault = createVault(Buffer.alloc(32, 1));
    const real = t.server.app.dashboard.upstreams.get('sandbox')!;
    let pageReads = 0;
    // The first run dies after two pages of merchants.
    const crashing: Upstream = {
      baseUrl: () => real.baseUrl(),
      async send(request) {
        if (request.path.startsWith('/v1/business/?')) {
          pageReads += 1;
          if (pageReads > 2) throw new Error('the process was killed');
        }
        return real.send(request);
      },
    };
    const common = {
      db,
      index: localIndex(db),
      vault,
      credentials: async () => t.demo,
      hookUrl: () => undefined,
      intervalMs: 60_000,
    };
    const first = indexSync({ ...common, upstreams: new Map([['sandbox', crashing]]) });
    await first.syncNow('sandbox');
    const midway = await first.status('sandbox');
    expect(midway.lists.find((l) => l.list === 'merchants')).toMatchObject({
      filled: false,
      seen: 200,
    });

    pageReads = 0;
    const counting: Upstream = {
      baseUrl: () => real.baseUrl(),
      async send(request) {
        if (request.path.startsWith('/v1/business/?')) pageReads += 1;
        return real.send(request);
      },
    };
    const second = indexSync({ ...common, upstreams: new Map([['sandbox', counting]]) });
    await second.syncNow('sandbox');
    const done = await second.status('sandbox');
    expect(done.lists.find((l) => l.list === 'merchants')).toMatchObject({
      filled: true,
      seen: 250,
    });
    expect(done.counts.merchants).toBe(250);
    const ids = await db.db
      .selectFrom('index_merchant')
      .select('id')
      .where('environment', '=', 'sandbox')
      .execute();
    expect(new Set(ids.map((r) => Number(r.id))).size).toBe(250);
    await db.close();
  });

  it('gives the planner fresh statistics when a list fills, then at most hourly (decision 056)', async () => {
    const t = await startTestDashboard({ dialect });
    running.push(t);
    const opened = await freshDashboardDb(dialect);
    let analyses = 0;
    const db = {
      ...opened,
      analyze: async () => {
        analyses += 1;
        await opened.analyze();
      },
    };
    let clock = Date.now();
    const sync = indexSync({
      db,
      index: localIndex(db),
      vault: createVault(Buffer.alloc(32, 3)),
      upstreams: new Map([['sandbox', t.server.app.dashboard.upstreams.get('sandbox')!]]),
      credentials: async () => t.demo,
      hookUrl: () => undefined,
      intervalMs: 60_000,
      now: () => clock,
    });
    await sync.syncNow('sandbox');
    expect((await sync.status('sandbox')).filled).toBe(true);
    // Each list analyzed as it filled (the merchants, the accounts, the three products).
    expect(analyses).toBe(5);
    clock += 59 * 60_000;
    await sync.syncNow('sandbox');
    expect(analyses).toBe(5);
    clock += 60_000;
    await sync.syncNow('sandbox');
    expect(analyses).toBe(6);
    await sync.syncNow('sandbox');
    expect(analyses).toBe(6);
    await opened.close();
  });

  it('keeps one webhook registration for servers of different addresses; a stale one is replaced (decision 078)', async () => {
    const t = await startTestDashboard({ dialect });
    running.push(t);
    const db = await freshDashboardDb(dialect);
    let clock = Date.now();
    const server = (name: string) =>
      indexSync({
        db,
        index: localIndex(db),
        vault: createVault(Buffer.alloc(32, 4)),
        upstreams: new Map([['sandbox', t.server.app.dashboard.upstreams.get('sandbox')!]]),
        credentials: async () => t.demo,
        hookUrl: () => `${t.base}/hooks/index/sandbox?server=${name}`,
        intervalMs: 60_000,
        now: () => clock,
      });
    const [a, b] = [server('a'), server('b')];
    const registered = async () =>
      (
        (await callSandboxDirectly(t, 'GET', '/v1/webhook/')).json as unknown as Array<{
          url: string;
        }>
      ).map((h) => h.url.replace(/^.*server=/, ''));
    await a.syncNow('sandbox');
    await b.syncNow('sandbox');
    expect(await registered()).toEqual(['a']);
    expect((await b.status('sandbox')).webhookUrl).toMatch(/server=a$/);
    // A keeps confirming its address: B keeps using it.
    clock += WEBHOOK_STALE_MS - 1000;
    await a.syncNow('sandbox');
    clock += 2000;
    await b.syncNow('sandbox');
    expect(await registered()).toEqual(['a']);
    // Nobody has confirmed A's address for longer (its address changed, or it is gone): B
    // replaces the registration and deletes A's endpoint at the API; A, back, uses B's.
    clock += WEBHOOK_STALE_MS;
    await b.syncNow('sandbox');
    expect(await registered()).toEqual(['b']);
    await a.syncNow('sandbox');
    expect(await registered()).toEqual(['b']);
    await db.close();
  });

  it('pauses on refused credentials or an environment that is down, and says so', async () => {
    const t = await startTestDashboard({ dialect });
    running.push(t);
    const db = await freshDashboardDb(dialect);
    const real = t.server.app.dashboard.upstreams.get('sandbox')!;
    let down = false;
    const flaky: Upstream = {
      baseUrl: () => real.baseUrl(),
      async send(request) {
        if (down) throw new UpstreamError('unavailable', 'could not be reached');
        return real.send(request);
      },
    };
    let credentials = { apiKey: t.demo.apiKey, apiSecret: 'wrong secret' };
    const sync = indexSync({
      db,
      index: localIndex(db),
      vault: createVault(Buffer.alloc(32, 2)),
      upstreams: new Map([['sandbox', flaky]]),
      credentials: async () => credentials,
      hookUrl: () => undefined,
      intervalMs: 60_000,
    });
    await sync.syncNow('sandbox');
    expect((await sync.status('sandbox')).error).toBe('credentials refused');
    credentials = t.demo;
    await sync.syncNow('sandbox');
    expect(await sync.status('sandbox')).toMatchObject({ filled: true, error: null });
    down = true;
    await sync.syncNow('sandbox');
    expect((await sync.status('sandbox')).error).toBe('unreachable: could not be reached');
    await db.close();
  });
});
