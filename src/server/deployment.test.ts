// Deployed behind an HTTPS proxy: PUBLIC_URL and TRUST_PROXY decide origins, cookies, absolute
// URLs and client addresses; the request's Host never does. Sign-in limits per address and per
// account, not reset by a success.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSandbox, merchantBody } from '#/sandbox/testing';
import type { DashboardOptions } from './app';
import {
  sessionCookieOf,
  sessionSetCookieOf,
  startTestDashboard,
  type TestDashboard,
} from './testing';

const PUBLIC = 'https://dash.example.com';
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

const started: TestDashboard[] = [];
async function dashboard(options: Partial<DashboardOptions> = {}) {
  const t = await startTestDashboard(options);
  closers.push(() => t.close());
  started.push(t);
  return t.base;
}
/** A person with a known password in the newest dashboard. */
async function person(email: string) {
  const t = started.at(-1)!;
  return (await t.server.workspace.createUser({ email, name: email, roles: ['viewer'] })).password;
}

const CSRF = { 'x-requested-with': 'dashboard', 'content-type': 'application/json' };

describe('behind a TLS proxy (PUBLIC_URL https, TRUST_PROXY loopback)', () => {
  let base: string;
  beforeAll(async () => {
    base = await dashboard({ publicUrl: PUBLIC, trustProxy: 'loopback' });
  });
  const viaProxy = (extra: Record<string, string> = {}) => ({
    ...CSRF,
    origin: PUBLIC,
    'x-forwarded-proto': 'https',
    'x-forwarded-for': '198.51.100.20',
    ...extra,
  });

  it('accepts state-changing calls from the public origin and sets a __Host- Secure cookie', async () => {
    const response = await fetch(`${base}/api/session`, {
      method: 'POST',
      headers: viaProxy(),
      body: JSON.stringify({ demoUser: 'viewer@demo.example' }),
    });
    expect(response.status).toBe(200);
    const cookie = sessionSetCookieOf(response);
    expect(cookie).toMatch(/^__Host-session=/);
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('Path=/');
    expect((await response.json()).baseUrl).toBe(`${PUBLIC}/sandbox`);
  });

  it('refuses an Origin that is not PUBLIC_URL, whatever Host says', async () => {
    const response = await fetch(`${base}/api/session`, {
      method: 'POST',
      headers: viaProxy({ origin: 'https://evil.example', host: 'evil.example' }),
      body: JSON.stringify({ demoUser: 'viewer@demo.example' }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'CSRF_REJECTED' });
    const direct = await fetch(`${base}/api/session`, {
      method: 'POST',
      headers: viaProxy({ origin: base }),
      body: JSON.stringify({ demoUser: 'viewer@demo.example' }),
    });
    expect(direct.status).toBe(403);
  });

  it('fixes the SAML entity ID and ACS from PUBLIC_URL, whatever Host says', async () => {
    const metadata = await (
      await fetch(`${base}/sso/saml/metadata`, {
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      })
    ).text();
    expect(metadata).toContain(`entityID="${PUBLIC}/sso/saml/metadata"`);
    expect(metadata).toContain(`Location="${PUBLIC}/sso/saml/acs"`);
    expect(metadata).toContain(`Location="${PUBLIC}/sso/saml/logout"`);
    expect(metadata).not.toContain('evil.example');
  });

  it('writes agreement links and the base URL from PUBLIC_URL, not from Host or X-Forwarded-Host', async () => {
    const signIn = await fetch(`${base}/api/session`, {
      method: 'POST',
      headers: viaProxy({ host: 'evil.example', 'x-forwarded-host': 'evil.example' }),
      body: JSON.stringify({ demoUser: 'onboarding@demo.example' }),
    });
    const cookie = sessionCookieOf(signIn);
    expect((await signIn.json()).baseUrl).toBe(`${PUBLIC}/sandbox`);
    const created = await fetch(`${base}/api/v1/business/`, {
      method: 'POST',
      headers: viaProxy({ cookie, host: 'evil.example', 'x-forwarded-host': 'evil.example' }),
      body: JSON.stringify(merchantBody()),
    });
    expect(created.status).toBe(200);
    const { id } = await created.json();
    const agreements = await fetch(`${base}/api/v1/business/${id}/agreements`, {
      headers: { cookie, host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    const list = await agreements.json();
    expect(list.length).toBeGreaterThan(0);
    for (const agreement of list) expect(agreement.url.startsWith(`${PUBLIC}/sandbox/`)).toBe(true);
    const doc = await (
      await fetch(`${base}/sandbox/openapi.json`, { headers: { host: 'evil.example' } })
    ).json();
    expect(doc.servers).toEqual([{ url: `${PUBLIC}/sandbox` }]);
  });

  it('counts failed sign-ins per forwarded client address', async () => {
    const wrong = (address: string, email: string) =>
      fetch(`${base}/api/session`, {
        method: 'POST',
        headers: viaProxy({ 'x-forwarded-for': address }),
        body: JSON.stringify({ email, password: 'wrong' }),
      });
    for (let i = 0; i < 10; i++)
      expect((await wrong('203.0.113.7', `p${i}@example.com`)).status).toBe(401);
    expect((await wrong('203.0.113.7', 'px@example.com')).status).toBe(429);
    expect((await wrong('203.0.113.8', 'py@example.com')).status).toBe(401);
  });
});

describe('sign-in limits', () => {
  let base: string;
  beforeAll(async () => {
    base = await dashboard({ trustProxy: 'loopback' });
  });
  const attempt = (address: string, body: object) =>
    fetch(`${base}/api/session`, {
      method: 'POST',
      headers: { ...CSRF, 'x-forwarded-for': address },
      body: JSON.stringify(body),
    });

  it('are not reset by a successful sign-in, the demo’s included', async () => {
    await person('third@example.com');
    const wrong = { email: 'third@example.com', password: 'nope' };
    const demo = { demoUser: 'viewer@demo.example' };
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 3; i++) await attempt('192.0.2.50', wrong);
      expect((await attempt('192.0.2.50', demo)).status).toBe(200);
    }
    // Nine failures so far from this address; the tenth is the last one allowed.
    expect((await attempt('192.0.2.50', wrong)).status).toBe(401);
    const blocked = await attempt('192.0.2.50', demo);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('are counted per account too, across addresses', async () => {
    const password = await person('target@example.com');
    const otherPassword = await person('bystander@example.com');
    const wrong = { email: 'target@example.com', password: 'guess' };
    for (let i = 0; i < 10; i++)
      expect((await attempt(`192.0.2.${100 + i}`, wrong)).status).toBe(401);
    const blocked = await attempt('192.0.2.200', { email: 'target@example.com', password });
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Another account from a fresh address is not affected.
    const fine = { email: 'bystander@example.com', password: otherPassword };
    expect((await attempt('192.0.2.201', fine)).status).toBe(200);
  });
});

describe('without TRUST_PROXY', () => {
  it('ignores X-Forwarded-For: every attempt counts against the real address', async () => {
    const base = await dashboard();
    const wrong = (i: number) =>
      fetch(`${base}/api/session`, {
        method: 'POST',
        headers: { ...CSRF, 'x-forwarded-for': `198.51.100.${i}` },
        body: JSON.stringify({ email: `k${i}@example.com`, password: 'x' }),
      });
    for (let i = 0; i < 10; i++) expect((await wrong(i)).status).toBe(401);
    expect((await wrong(99)).status).toBe(429);
  });

  it('accepts the loopback names of its own port as origins, and nothing else', async () => {
    const base = await dashboard();
    const port = new URL(base).port;
    const post = (origin: string) =>
      fetch(`${base}/api/session`, {
        method: 'POST',
        headers: { ...CSRF, origin },
        body: JSON.stringify({ demoUser: 'viewer@demo.example' }),
      });
    expect((await post(`http://127.0.0.1:${port}`)).status).toBe(200);
    expect((await post(`http://localhost:${port}`)).status).toBe(200);
    expect((await post(`http://localhost:1${port}`)).status).toBe(403);
    expect((await post(`https://127.0.0.1:${port}`)).status).toBe(403);
  });
});

describe('the sandbox alone', () => {
  it('writes its OpenAPI servers, file and agreement links from its configured address', async () => {
    const sandbox = await createTestSandbox();
    closers.push(() => sandbox.close());
    const doc = await sandbox.app.inject({
      method: 'GET',
      url: '/openapi.json',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(doc.json().servers).toEqual([{ url: 'http://localhost:80' }]);
    const merchant = await sandbox.request({
      method: 'POST',
      url: '/v1/business/',
      payload: merchantBody(),
      headers: { host: 'evil.example' },
    });
    const agreements = await sandbox.request({
      method: 'GET',
      url: `/v1/business/${merchant.json().id}/agreements`,
      headers: { host: 'evil.example' },
    });
    for (const a of agreements.json()) expect(a.url).toMatch(/^http:\/\/localhost:80\//);
  });

  it('refuses to start off loopback without PUBLIC_URL, naming the variable', async () => {
    const { SandboxEnv } = await import('#/sandbox/env');
    const result = SandboxEnv.safeParse({ HOST: '0.0.0.0' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(['PUBLIC_URL']);
    expect(SandboxEnv.safeParse({ HOST: '0.0.0.0', PUBLIC_URL: 'https://s.example' }).success).toBe(
      true,
    );
    expect(
      SandboxEnv.safeParse({ PUBLIC_URL: 'https://s.example/some/path' }).error!.issues[0]!.path,
    ).toEqual(['PUBLIC_URL']);
    expect(SandboxEnv.safeParse({ TRUST_PROXY: 'somewhere' }).error!.issues[0]!.path).toEqual([
      'TRUST_PROXY',
    ]);
    expect(SandboxEnv.parse({ TRUST_PROXY: '10.0.0.0/8, loopback' }).TRUST_PROXY).toBe(
      '10.0.0.0/8,loopback',
    );
    expect(SandboxEnv.parse({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
  });
});
