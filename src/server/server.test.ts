// The dashboard server over real HTTP: signing in as a person, sessions in the dashboard's own
// database, the proxy with the stored credentials, CSRF, headers and logs.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPlugin } from '#/sandbox/app';
import { createPartner } from '#/sandbox/domain/partners';
import { createStore } from '#/sandbox/store';
import { openDatabase } from '#/sandbox/store/db';
import { FAST_SETTINGS } from '#/sandbox/testing';
import { REDACT } from './app';
import { freshDashboardDb } from './store/testing';
import { IDLE_TIMEOUT_MS } from './store/workspace';
import { IDLE_HEADER } from '#/api/endpoints';
import { SSO_STARTS_PER_MINUTE } from './plugins/sso-sign-in-routes';
import { listAudit } from './store/audit';
import {
  CSRF,
  JSON_CSRF,
  sessionSetCookieOf,
  startTestDashboard,
  type TestDashboard,
} from './testing';

let clock = Date.now();
const logs: string[] = [];
let t: TestDashboard;

beforeAll(async () => {
  t = await startTestDashboard({
    now: () => clock,
    logger: {
      level: 'info',
      redact: { paths: REDACT, censor: '[redacted]' },
      stream: new Writable({
        write(chunk, _encoding, done) {
          logs.push(String(chunk));
          done();
        },
      }),
    },
  });
});
afterAll(() => t.close());

describe('signing in', () => {
  it('offers the demo workspace’s people, and signs one in with a hardened cookie', async () => {
    const before = await (await fetch(`${t.base}/api/session`)).json();
    expect(before.signedIn).toBe(false);
    expect(before.demoUsers.map((u: { email: string }) => u.email)).toContain(
      'finance@demo.example',
    );
    const { response } = await t.signIn('finance@demo.example');
    expect(response.status).toBe(200);
    const setCookie = sessionSetCookieOf(response);
    expect(setCookie).toMatch(/^session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    const text = await response.text();
    expect(text).not.toContain(t.demo.apiSecret);
    expect(JSON.parse(text)).toMatchObject({
      signedIn: true,
      user: { email: 'finance@demo.example', roles: ['finance'] },
      environment: 'sandbox',
      demo: true,
      apiKeyHint: `…${t.demo.apiKey.slice(-4)}`,
      baseUrl: `${t.base}/sandbox`,
    });
  });

  it('signs a person in with email and password, and refuses a wrong password on its field', async () => {
    const { password } = await t.server.workspace.createUser({
      email: 'grace@example.com',
      name: 'Grace',
      roles: ['viewer'],
    });
    const wrong = await t.signIn({ email: 'grace@example.com', password: 'not-it' });
    expect(wrong.response.status).toBe(401);
    expect(await wrong.response.json()).toMatchObject({
      code: 'UNAUTHORIZED',
      errors: [{ field: 'password', message: 'does not match the email address' }],
    });
    const right = await t.signIn({ email: 'Grace@Example.com', password });
    expect(right.response.status).toBe(200);
    expect((await right.response.json()).user.roles).toEqual(['viewer']);
  });

  it('gives a new session at every sign-in, stored only as a hash', async () => {
    const a = await t.signIn('viewer@demo.example');
    const b = await t.signIn('viewer@demo.example');
    expect(a.cookie).not.toBe(b.cookie);
    const stored = await t.db.db.selectFrom('app_session').select('id_hash').execute();
    for (const { cookie } of [a, b])
      expect(stored.map((s) => s.id_hash)).not.toContain(cookie.split('=')[1]);
  });

  it('refuses a missing email with a field error, and one-click sign-in of someone not in the demo', async () => {
    const missing = await t.signIn({ email: '', password: 'x' });
    expect(missing.response.status).toBe(400);
    expect((await missing.response.json()).errors).toContainEqual({
      field: 'email',
      message: 'is required',
    });
    const outsider = await t.signIn('grace@example.com');
    expect(outsider.response.status).toBe(400);
  });
});

describe('starting single sign-on', () => {
  it('lets one address start a bounded number a minute, keeping nothing beyond', async () => {
    const start = async () => {
      const response = await fetch(`${t.base}/api/sso/start?email=ines%40partner.example`, {
        redirect: 'manual',
      });
      expect(response.status).toBe(303);
      return new URL(response.headers.get('location')!, t.base).searchParams.get('sso');
    };
    const refusalsBefore = (await listAudit(t.db, { action: 'sso sign-in', limit: 500 })).results
      .length;
    for (let i = 0; i < SSO_STARTS_PER_MINUTE; i++) expect(await start()).toBe('NOT_SET_UP');
    expect(await start()).toBe('TOO_MANY');
    expect(await start()).toBe('TOO_MANY');
    // The ones turned away are not written into the audit trail one by one.
    const refusals = (await listAudit(t.db, { action: 'sso sign-in', limit: 500 })).results;
    expect(refusals.length - refusalsBefore).toBe(SSO_STARTS_PER_MINUTE);
    expect(refusals.some((e) => JSON.stringify(e.details).includes('TOO_MANY'))).toBe(false);
    clock += 61_000;
    expect(await start()).toBe('NOT_SET_UP');
  });
});

describe('the proxy', () => {
  it('forwards with the stored credentials and passes the request id back', async () => {
    const { cookie } = await t.signIn('viewer@demo.example');
    const response = await fetch(`${t.base}/api/v1/business/?limit=1`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toMatchObject({ start: 0, limit: 1 });
  });

  it('passes problem details and Idempotency-Key through', async () => {
    const { cookie } = await t.signIn('onboarding@demo.example');
    const post = (key: string) =>
      fetch(`${t.base}/api/v1/business/`, {
        method: 'POST',
        headers: { cookie, ...JSON_CSRF, 'idempotency-key': key },
        body: JSON.stringify({ name: '' }),
      });
    const refused = await post('k-1');
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await refused.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('answers 401 without a session, with an unknown one, and after signing out', async () => {
    expect((await fetch(`${t.base}/api/v1/business/`)).status).toBe(401);
    expect(
      (await fetch(`${t.base}/api/v1/business/`, { headers: { cookie: 'session=made-up' } }))
        .status,
    ).toBe(401);
    const { cookie } = await t.signIn('viewer@demo.example');
    const out = await fetch(`${t.base}/api/session`, {
      method: 'DELETE',
      headers: { cookie, ...CSRF },
    });
    expect(out.headers.get('set-cookie')).toMatch(/session=;/);
    expect((await fetch(`${t.base}/api/v1/business/`, { headers: { cookie } })).status).toBe(401);
  });

  it('ends a session after 30 idle minutes', async () => {
    const { cookie } = await t.signIn('viewer@demo.example');
    clock += IDLE_TIMEOUT_MS - 1000;
    expect((await fetch(`${t.base}/api/v1/currency/`, { headers: { cookie } })).status).toBe(200);
    clock += IDLE_TIMEOUT_MS - 1000;
    expect((await fetch(`${t.base}/api/v1/currency/`, { headers: { cookie } })).status).toBe(200);
    clock += IDLE_TIMEOUT_MS + 1;
    expect((await fetch(`${t.base}/api/v1/currency/`, { headers: { cookie } })).status).toBe(401);
  });

  it('counts the person, not a page polling on its own, as activity (decision 061)', async () => {
    const { cookie } = await t.signIn('viewer@demo.example');
    const poll = (away: string) =>
      fetch(`${t.base}/api/v1/currency/`, { headers: { cookie, [IDLE_HEADER]: away } });
    // Twenty minutes on, a poll says the person has been away all along: nothing is renewed.
    clock += 20 * 60_000;
    expect((await poll(String(20 * 60_000))).status).toBe(200);
    const session = await fetch(`${t.base}/api/session`, {
      headers: { cookie, [IDLE_HEADER]: String(20 * 60_000) },
    });
    expect((await session.json()).expiresAt).toBe(clock - 20 * 60_000 + IDLE_TIMEOUT_MS);
    // The person was at work five minutes ago: the session lives 30 minutes from then.
    clock += 9 * 60_000;
    expect((await poll(String(5 * 60_000))).status).toBe(200);
    clock += IDLE_TIMEOUT_MS - 5 * 60_000 - 1000;
    expect((await poll(String(IDLE_TIMEOUT_MS - 1000))).status).toBe(200);
    clock += 2000;
    expect((await poll('0')).status).toBe(401);
  });

  it('takes a request with a malformed idle header as the person’s own', async () => {
    const { cookie } = await t.signIn('viewer@demo.example');
    for (const away of ['-5', '1e9', 'soon', '99999999999999']) {
      clock += IDLE_TIMEOUT_MS - 1000;
      const response = await fetch(`${t.base}/api/v1/currency/`, {
        headers: { cookie, [IDLE_HEADER]: away },
      });
      expect(response.status).toBe(200);
    }
  });

  it('signs out everywhere: every session of the person ends', async () => {
    const a = await t.signIn('tester@demo.example');
    const b = await t.signIn('tester@demo.example');
    const out = await fetch(`${t.base}/api/session/everywhere`, {
      method: 'POST',
      headers: { cookie: a.cookie, ...CSRF },
    });
    expect(out.status).toBe(200);
    for (const { cookie } of [a, b])
      expect((await fetch(`${t.base}/api/v1/currency/`, { headers: { cookie } })).status).toBe(401);
  });
});

describe('CSRF', () => {
  it('refuses a state-changing call without the header, or from another origin', async () => {
    const { cookie } = await t.signIn('tester@demo.example');
    const body = JSON.stringify({ url: 'https://partner.example/hooks' });
    const json = { cookie, 'content-type': 'application/json' };
    const without = await fetch(`${t.base}/api/v1/webhook/`, {
      method: 'POST',
      headers: json,
      body,
    });
    expect(without.status).toBe(403);
    expect(await without.json()).toMatchObject({ code: 'CSRF_REJECTED' });
    const foreign = await fetch(`${t.base}/api/v1/webhook/`, {
      method: 'POST',
      headers: { ...json, ...CSRF, origin: 'https://evil.example' },
      body,
    });
    expect(foreign.status).toBe(403);
    const signOut = await fetch(`${t.base}/api/session`, { method: 'DELETE', headers: { cookie } });
    expect(signOut.status).toBe(403);
    const same = await fetch(`${t.base}/api/v1/webhook/`, {
      method: 'POST',
      headers: { ...json, ...CSRF, origin: t.base },
      body,
    });
    expect(same.status).toBe(200);
  });
});

describe('pages and headers', () => {
  it('serves index.html for app paths, with a fresh CSP nonce that the page carries', async () => {
    for (const url of ['/', '/merchants/5', '/sign-in?redirect=/x', '/sandbox']) {
      const response = await fetch(`${t.base}${url}`);
      expect(response.status, url).toBe(200);
      const csp = response.headers.get('content-security-policy')!;
      for (const part of [
        "default-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
      ])
        expect(csp).toContain(part);
      const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
      expect(await response.text()).toContain(`content="${nonce}"`);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('keeps /api and the sandbox API to themselves', async () => {
    const api = await fetch(`${t.base}/api/nothing`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/problem\+json/);
    const docs = await fetch(`${t.base}/sandbox/docs`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('Partner Payments API');
    expect((await fetch(`${t.base}/sandbox/v1/business/`)).status).toBe(401);
  });

  it('never writes credentials, secrets, passwords or cookies to the log', async () => {
    const { password } = await t.server.workspace.createUser({
      email: 'logs@example.com',
      name: 'Logs',
      roles: ['viewer'],
    });
    const { cookie } = await t.signIn({ email: 'logs@example.com', password });
    await fetch(`${t.base}/api/v1/business/`, { headers: { cookie } });
    await fetch(`${t.base}/sandbox/v1/business/`, {
      headers: { 'x-api-key': t.demo.apiKey, 'x-api-secret': t.demo.apiSecret },
    });
    const all = logs.join('\n');
    expect(all.length).toBeGreaterThan(100);
    for (const secret of [t.demo.apiSecret, password, cookie.split('=')[1]!])
      expect(all).not.toContain(secret);
  });
});

describe('the dashboard’s own database', () => {
  it('keeps sessions across a restart, and no API secret in clear', async () => {
    const db = await freshDashboardDb('sqlite');
    const key = randomBytes(32);
    const first = await startTestDashboard({ db, key });
    const { cookie } = await first.signIn('viewer@demo.example');
    await first.server.app.close();
    const second = await startTestDashboard({ db, key });
    const again = await fetch(`${second.base}/api/v1/currency/`, { headers: { cookie } });
    // The sandbox behind the second server is another one: the session lives on regardless.
    expect(
      (await (await fetch(`${second.base}/api/session`, { headers: { cookie } })).json()).signedIn,
    ).toBe(true);
    expect([200, 502]).toContain(again.status);
    const rows = await db.db.selectFrom('api_credential').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(first.demo.apiSecret);
    await second.close();
    await db.close();
  });
});

describe('a sandbox elsewhere (SANDBOX_API_BASE_URL)', () => {
  const seen: string[] = [];
  const store = createStore(openDatabase(':memory:'));
  const partner = createPartner(store, 'Partner elsewhere', Date.now());
  let upstream: FastifyInstance;
  let spy: http.Server;
  let remote: TestDashboard;
  let adminCookie: string;

  beforeAll(async () => {
    upstream = Fastify();
    upstream.addHook('onRequest', async (request: { url: string }) => {
      seen.push(request.url);
    });
    await upstream.register(sandboxPlugin, {
      prefix: '/partner',
      store,
      settings: FAST_SETTINGS,
      rateLimit: 10_000,
      publicUrl: () => 'http://127.0.0.1/partner',
    });
    upstream.all('/*', async (request, reply) => reply.code(418).send({ leaked: request.url }));
    await upstream.listen({ host: '127.0.0.1', port: 0 });
    const upstreamUrl = `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}/partner`;
    spy = http.createServer((req, res) => {
      seen.push(`SPY ${req.url}`);
      res.end();
    });
    await new Promise<void>((r) => spy.listen(0, '127.0.0.1', r));
    remote = await startTestDashboard({ sandboxBaseUrl: upstreamUrl, upstreamTimeoutMs: 500 });
    const { password } = await remote.server.workspace.createUser({
      email: 'admin@partner.example',
      name: 'Admin',
      roles: ['admin', 'viewer'],
    });
    adminCookie = (await remote.signIn({ email: 'admin@partner.example', password })).cookie;
  });
  afterAll(async () => {
    await remote.close();
    await upstream.close();
    spy.close();
  });
  afterEach(() => {
    seen.length = 0;
  });

  it('offers no demo, is not set up until an admin stores credentials checked against the API', async () => {
    const session = await (await fetch(`${remote.base}/api/session`)).json();
    expect(session.demoUsers).toEqual([]);
    expect(session.environments).toEqual([{ id: 'sandbox', label: 'Sandbox', configured: false }]);
    const notYet = await fetch(`${remote.base}/api/v1/currency/`, {
      headers: { cookie: adminCookie },
    });
    expect(notYet.status).toBe(503);
    const put = (apiSecret: string) =>
      fetch(`${remote.base}/api/admin/credentials/sandbox`, {
        method: 'PUT',
        headers: { cookie: adminCookie, ...JSON_CSRF },
        body: JSON.stringify({ apiKey: partner.apiKey, apiSecret }),
      });
    const wrong = await put('wrong');
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors).toEqual([
      { field: 'apiSecret', message: 'does not match the API key' },
    ]);
    const right = await put(partner.apiSecret);
    expect(right.status).toBe(200);
    expect(JSON.stringify(await right.json())).not.toContain(partner.apiSecret);
    expect(
      (await fetch(`${remote.base}/api/v1/currency/`, { headers: { cookie: adminCookie } })).status,
    ).toBe(200);
    expect(seen.at(-1)).toBe('/partner/v1/currency/');
  });

  it('forwards below the configured base URL only', async () => {
    const spyPort = (spy.address() as AddressInfo).port;
    // Sent raw: fetch would resolve the dots before they left the client.
    const raw = (rawPath: string) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(remote.base);
        http
          .get(
            { host: url.hostname, port: url.port, path: rawPath, headers: { cookie: adminCookie } },
            (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            },
          )
          .on('error', reject);
      });
    for (const attempt of [
      '/api/v1/../../admin',
      '/api/v1/%2e%2e/%2e%2e/admin',
      '/api/v1/..%2f..%2fadmin',
      `/api/v1//127.0.0.1:${spyPort}/x`,
      '/api/v1/%2F%2Fevil.example/x',
      '/api/v1/business/..\\..\\admin',
      `/api/v1/@127.0.0.1:${spyPort}/x`,
    ]) {
      const status = await raw(attempt);
      expect(status, attempt).toBeGreaterThanOrEqual(400);
      expect(status, attempt).not.toBe(418);
    }
    expect(seen.filter((url) => !url.startsWith('/partner/v1/'))).toEqual([]);
  });

  it('answers 502 when the API cannot be reached, and 504 when it does not answer in time', async () => {
    const hang = http.createServer(() => {});
    await new Promise<void>((r) => hang.listen(0, '127.0.0.1', r));
    for (const [baseUrl, status] of [
      ['http://127.0.0.1:1/partner', 502],
      [`http://127.0.0.1:${(hang.address() as AddressInfo).port}/p`, 504],
    ] as const) {
      const dashboard = await startTestDashboard({
        sandboxBaseUrl: baseUrl,
        upstreamTimeoutMs: 200,
      });
      await dashboard.server.workspace.setCredentials(
        'sandbox',
        { apiKey: 'k', apiSecret: 's' },
        null,
      );
      const { password } = await dashboard.server.workspace.createUser({
        email: 'v@example.com',
        name: 'V',
        roles: ['viewer'],
      });
      const { cookie } = await dashboard.signIn({ email: 'v@example.com', password });
      const response = await fetch(`${dashboard.base}/api/v1/currency/`, { headers: { cookie } });
      expect(response.status, baseUrl).toBe(status);
      await dashboard.close();
    }
    hang.closeAllConnections();
    hang.close();
  });
});
