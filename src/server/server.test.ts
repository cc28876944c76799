// The dashboard server over real HTTP: sign-in, sessions, the proxy, CSRF, headers and logs.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPlugin } from '../sandbox/app';
import { createPartner } from '../sandbox/domain/partners';
import { createStore } from '../sandbox/store';
import { openDatabase } from '../sandbox/store/db';
import { FAST_SETTINGS } from '../sandbox/testing';
import { buildDashboardServer, REDACT } from './app';
import { IDLE_TIMEOUT_MS } from './sessions';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dashboard-dist-'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__"></head><body>SPA</body></html>',
);

const store = createStore(openDatabase(':memory:'));
const demo = createPartner(store, 'Demo partner', Date.now());
const other = createPartner(store, 'Other partner', Date.now());
let clock = Date.now();
const logs: string[] = [];
let server: Awaited<ReturnType<typeof buildDashboardServer>>;
let base: string;

beforeAll(async () => {
  server = await buildDashboardServer({
    distDir: dist,
    embedded: { store, settings: FAST_SETTINGS, rateLimit: 10_000, demo },
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
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server.app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const CSRF = { 'x-requested-with': 'dashboard' };

async function signIn(body: object = { environment: 'sandbox', demo: true }) {
  const response = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { ...CSRF, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const cookie = response.headers.get('set-cookie') ?? '';
  return { response, cookie: cookie.split(';')[0]!, setCookie: cookie };
}

describe('signing in', () => {
  it('opens a demo session in one call, with a hardened cookie and no secret in the answer', async () => {
    const { response, setCookie } = await signIn();
    expect(response.status).toBe(200);
    expect(setCookie).toMatch(/^session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/');
    const text = await response.text();
    expect(text).not.toContain(demo.apiSecret);
    expect(JSON.parse(text)).toMatchObject({
      signedIn: true,
      environment: 'sandbox',
      demo: true,
      baseUrl: `${base}/sandbox`,
    });
  });

  it('gives a new session id at every sign-in', async () => {
    const a = await signIn();
    const b = await signIn();
    expect(a.cookie).not.toBe(b.cookie);
  });

  it('signs in with another partner’s key and secret, checked against the API', async () => {
    const { response, cookie } = await signIn({
      environment: 'sandbox',
      apiKey: other.apiKey,
      apiSecret: other.apiSecret,
    });
    expect(response.status).toBe(200);
    const merchants = await fetch(`${base}/api/v1/business/`, { headers: { cookie } });
    expect((await merchants.json()).results).toEqual([]);
  });

  it('refuses wrong credentials, and blocks an address after ten failures a minute', async () => {
    const wrong = { environment: 'sandbox', apiKey: other.apiKey, apiSecret: 'not-it' };
    const first = await signIn(wrong);
    expect(first.response.status).toBe(401);
    expect(await first.response.json()).toMatchObject({
      code: 'UNAUTHORIZED',
      errors: [{ field: 'apiSecret' }],
    });
    for (let i = 0; i < 9; i++) await signIn(wrong);
    const blocked = await signIn(wrong);
    expect(blocked.response.status).toBe(429);
    expect(Number(blocked.response.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even right credentials wait out the block.
    expect((await signIn()).response.status).toBe(429);
    clock += 61_000;
  });

  it('refuses a missing key with a field error', async () => {
    const { response } = await signIn({ environment: 'sandbox', apiKey: '', apiSecret: 'x' });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toContainEqual({
      field: 'apiKey',
      message: 'is required',
    });
  });
});

describe('the proxy', () => {
  it('forwards to the session’s environment with the credentials added and passes the request id back', async () => {
    const { cookie } = await signIn();
    const response = await fetch(`${base}/api/v1/business/?limit=1`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toMatchObject({ start: 0, limit: 1 });
  });

  it('passes problem details and Idempotency-Key through', async () => {
    const { cookie } = await signIn();
    const post = (key: string) =>
      fetch(`${base}/api/v1/business/`, {
        method: 'POST',
        headers: { cookie, ...CSRF, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ name: '' }),
      });
    const refused = await post('k-1');
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await refused.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('answers 401 without a session, with an unknown one, and after signing out', async () => {
    expect((await fetch(`${base}/api/v1/business/`)).status).toBe(401);
    expect(
      (await fetch(`${base}/api/v1/business/`, { headers: { cookie: 'session=made-up' } })).status,
    ).toBe(401);
    const { cookie } = await signIn();
    const out = await fetch(`${base}/api/session`, {
      method: 'DELETE',
      headers: { cookie, ...CSRF },
    });
    expect(out.headers.get('set-cookie')).toMatch(/session=;/);
    expect((await fetch(`${base}/api/v1/business/`, { headers: { cookie } })).status).toBe(401);
  });

  it('ends a session after 30 idle minutes', async () => {
    const { cookie } = await signIn();
    clock += IDLE_TIMEOUT_MS - 1000;
    expect((await fetch(`${base}/api/v1/currency/`, { headers: { cookie } })).status).toBe(200);
    clock += IDLE_TIMEOUT_MS - 1000;
    expect((await fetch(`${base}/api/v1/currency/`, { headers: { cookie } })).status).toBe(200);
    clock += IDLE_TIMEOUT_MS + 1;
    expect((await fetch(`${base}/api/v1/currency/`, { headers: { cookie } })).status).toBe(401);
  });
});

describe('CSRF', () => {
  it('refuses a state-changing call without the header, or from another origin', async () => {
    const { cookie } = await signIn();
    const body = JSON.stringify({ url: 'https://partner.example/hooks' });
    const json = { cookie, 'content-type': 'application/json' };
    const without = await fetch(`${base}/api/v1/webhook/`, { method: 'POST', headers: json, body });
    expect(without.status).toBe(403);
    expect(await without.json()).toMatchObject({ code: 'CSRF_REJECTED' });
    const foreign = await fetch(`${base}/api/v1/webhook/`, {
      method: 'POST',
      headers: { ...json, ...CSRF, origin: 'https://evil.example' },
      body,
    });
    expect(foreign.status).toBe(403);
    const signOut = await fetch(`${base}/api/session`, { method: 'DELETE', headers: { cookie } });
    expect(signOut.status).toBe(403);
    const same = await fetch(`${base}/api/v1/webhook/`, {
      method: 'POST',
      headers: { ...json, ...CSRF, origin: base },
      body,
    });
    expect(same.status).toBe(200);
    expect((await fetch(`${base}/api/v1/webhook/`, { headers: { cookie } })).status).toBe(200);
  });
});

describe('pages and headers', () => {
  it('serves index.html for app paths, with a fresh CSP nonce that the page carries', async () => {
    for (const url of ['/', '/merchants/5', '/sign-in?redirect=/x', '/sandbox']) {
      const response = await fetch(`${base}${url}`);
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
    const api = await fetch(`${base}/api/nothing`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/problem\+json/);
    const docs = await fetch(`${base}/sandbox/docs`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('Partner Payments API');
    expect(docs.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect((await fetch(`${base}/sandbox/v1/business/`)).status).toBe(401);
  });

  it('never writes credentials, secrets or cookies to the log', async () => {
    const { cookie } = await signIn({
      environment: 'sandbox',
      apiKey: other.apiKey,
      apiSecret: other.apiSecret,
    });
    await fetch(`${base}/api/v1/business/`, { headers: { cookie } });
    await fetch(`${base}/sandbox/v1/business/`, {
      headers: { 'x-api-key': demo.apiKey, 'x-api-secret': demo.apiSecret },
    });
    const all = logs.join('\n');
    expect(all.length).toBeGreaterThan(100);
    for (const secret of [other.apiSecret, demo.apiSecret, cookie.split('=')[1]!])
      expect(all).not.toContain(secret);
  });
});

describe('a sandbox elsewhere (SANDBOX_API_BASE_URL)', () => {
  const seen: string[] = [];
  let upstream: FastifyInstance;
  let spy: http.Server;
  let remote: Awaited<ReturnType<typeof buildDashboardServer>>;
  let remoteBase: string;

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
    remote = await buildDashboardServer({
      distDir: dist,
      sandboxBaseUrl: upstreamUrl,
      upstreamTimeoutMs: 500,
    });
    await remote.app.listen({ host: '127.0.0.1', port: 0 });
    remoteBase = `http://127.0.0.1:${(remote.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await remote.app.close();
    await upstream.close();
    spy.close();
  });
  afterEach(() => {
    seen.length = 0;
  });

  it('offers no demo sign-in, and forwards below the configured base URL', async () => {
    const session = await (await fetch(`${remoteBase}/api/session`)).json();
    expect(session.environments).toEqual([{ id: 'sandbox', label: 'Sandbox', demo: false }]);
    const sign = await fetch(`${remoteBase}/api/session`, {
      method: 'POST',
      headers: { ...CSRF, 'content-type': 'application/json' },
      body: JSON.stringify({
        environment: 'sandbox',
        apiKey: other.apiKey,
        apiSecret: other.apiSecret,
      }),
    });
    const cookie = sign.headers.get('set-cookie')!.split(';')[0]!;
    expect((await fetch(`${remoteBase}/api/v1/currency/`, { headers: { cookie } })).status).toBe(
      200,
    );
    expect(seen.at(-1)).toBe('/partner/v1/currency/');

    seen.length = 0;
    const spyPort = (spy.address() as AddressInfo).port;
    // Sent raw: fetch would resolve the dots before they left the client.
    const raw = (rawPath: string) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(remoteBase);
        http
          .get(
            { host: url.hostname, port: url.port, path: rawPath, headers: { cookie } },
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

  it('answers 502 when the API cannot be reached', async () => {
    const down = await buildDashboardServer({
      distDir: dist,
      sandboxBaseUrl: 'http://127.0.0.1:1/partner',
    });
    await down.app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(down.app.server.address() as AddressInfo).port}`;
    const response = await fetch(`${url}/api/session`, {
      method: 'POST',
      headers: { ...CSRF, 'content-type': 'application/json' },
      body: JSON.stringify({ environment: 'sandbox', apiKey: 'k', apiSecret: 's' }),
    });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    await down.app.close();
  });

  it('answers 504 when the API does not answer in time', async () => {
    const hang = http.createServer(() => {});
    await new Promise<void>((r) => hang.listen(0, '127.0.0.1', r));
    const slow = await buildDashboardServer({
      distDir: dist,
      sandboxBaseUrl: `http://127.0.0.1:${(hang.address() as AddressInfo).port}/p`,
      upstreamTimeoutMs: 200,
    });
    await slow.app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(slow.app.server.address() as AddressInfo).port}`;
    const response = await fetch(`${url}/api/session`, {
      method: 'POST',
      headers: { ...CSRF, 'content-type': 'application/json' },
      body: JSON.stringify({ environment: 'sandbox', apiKey: 'k', apiSecret: 's' }),
    });
    expect(response.status).toBe(502);
    expect((await response.json()).detail).toContain('no answer within');
    await slow.app.close();
    hang.closeAllConnections();
    hang.close();
  });
});
