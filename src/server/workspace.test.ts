// The team workspace over HTTP: every operation × every role answers what the role table says
// (a refused call changes nothing in the API), dual control end to end, the audit trail of it
// all, two servers on one PostgreSQL, and the command line.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allOperations } from '#/api/operations';
import { refusalFor, ROLES, type Role } from '#/api/roles';
import { FAST_SETTINGS, snapshot, transactionBody } from '#/sandbox/testing';
import { AUTH_CACHE_TTL_MS } from './auth-cache';
import { verifyAuditChain } from './store/audit';
import { freshDashboardDb } from './store/testing';
import {
  callApi,
  CSRF,
  JSON_CSRF,
  partiesThrough,
  startTestDashboard,
  type TestDashboard,
} from './testing';

const run = promisify(execFile);

/** A policy that wants two approvers for a quote of any product, by its payout amount. */
const QUOTES_BY_TWO = {
  action: 'approveQuote',
  product: '*',
  amountSide: 'payout',
  approvers: 2,
} as const;
let t: TestDashboard;
const cookies = {} as Record<Role, string>;

async function signInWithRoles(d: TestDashboard, email: string, roles: Role[]) {
  const { password } = await d.server.workspace.createUser({
    email,
    name: email.split('@')[0]!,
    roles,
  });
  return (await d.signIn({ email, password })).cookie;
}

beforeAll(async () => {
  t = await startTestDashboard();
  for (const role of ROLES)
    cookies[role] = await signInWithRoles(t, `${role}-only@example.com`, [role]);
});
afterAll(() => t.close());

/** A VALID merchant with ACTIVE accounts, made through the dashboard by someone in onboarding. */

describe('every operation × every role', () => {
  const cases = allOperations.flatMap((op) => ROLES.map((role) => [op.id, role, op] as const));
  it.each(cases)('%s as %s answers what the role table says', async (_id, role, op) => {
    const refusal = refusalFor(op.id, [role], 'sandbox');
    const url = `/api${op.path.replace('{id}', '1')}`;
    const before = snapshot(t.sandbox);
    const response = await fetch(`${t.base}${url}`, {
      method: op.method,
      headers: { cookie: cookies[role], ...(op.method === 'GET' ? {} : JSON_CSRF) },
      ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { body: '{}' }),
    });
    if (refusal) {
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: refusal.code, detail: refusal.detail });
      expect(snapshot(t.sandbox)).toBe(before);
    } else {
      expect(response.status, await response.clone().text()).not.toBe(403);
    }
  });
});

describe('dual control', () => {
  let operations: string;
  let first: string;
  let second: string;
  let both: string;
  beforeAll(async () => {
    operations = await signInWithRoles(t, 'ops@example.com', ['onboarding', 'finance']);
    first = await signInWithRoles(t, 'first@example.com', ['approver']);
    second = await signInWithRoles(t, 'second@example.com', ['approver']);
    both = await signInWithRoles(t, 'both@example.com', ['finance', 'approver']);
    const admin = await signInWithRoles(t, 'policy-admin@example.com', ['admin']);
    const policy = await callApi(t.base, admin, 'POST', '/controls/policies', {
      ...QUOTES_BY_TWO,
      currency: 'eur',
      minAmount: '500',
    });
    // The workspace has two admins: the other approves the policy (docs/decisions/042).
    expect(policy.status).toBe(202);
    const approved = await callApi(
      t.base,
      cookies.admin!,
      'POST',
      `/controls/changes/${policy.json.change.id}/approve`,
    );
    expect(approved.status).toBe(200);
  });

  async function createPayout(cookie: string, toAmount: string) {
    const parties = await t.parties(operations);
    const created = await fetch(`${t.base}/api/v1/sendc2f/`, {
      method: 'POST',
      headers: { cookie, ...JSON_CSRF },
      body: JSON.stringify(transactionBody(parties, 'sendc2f', { toAmount })),
    });
    expect(created.status).toBe(200);
    const id = (await created.json()).businessRequestId as number;
    // Priced a moment later: what the inbox lists is a quote to approve.
    await expect
      .poll(async () => {
        const read = await fetch(`${t.base}/api/v1/sendc2f/${id}`, { headers: { cookie } });
        return (await read.json()).clientStatus;
      })
      .toBe('OnOff_AWAITING_QUOTE_APPROVAL');
    return id;
  }
  const approve = (cookie: string, id: number) =>
    fetch(`${t.base}/api/v1/sendc2f/approveQuote/${id}`, {
      method: 'POST',
      headers: { cookie, ...CSRF },
    });

  it('needs two distinct approvers above the policy amount; the creator can never approve', async () => {
    const id = await createPayout(both, '1000');
    const byCreator = await approve(both, id);
    expect(byCreator.status).toBe(403);
    expect(await byCreator.json()).toMatchObject({ code: 'CREATOR_CANNOT_APPROVE' });
    const byFinance = await approve(operations, id);
    expect(await byFinance.json()).toMatchObject({ code: 'FORBIDDEN_ROLE' });
    const one = await approve(first, id);
    expect(one.status).toBe(202);
    expect((await one.json()).approval).toMatchObject({ required: 2, status: 'pending' });
    const again = await approve(first, id);
    expect(await again.json()).toMatchObject({ code: 'ALREADY_DECIDED' });
    // The inbox shows it to the second approver, not to the first nor to its creator.
    const inbox = async (cookie: string) =>
      (
        await (
          await fetch(`${t.base}/api/controls/inbox?scope=you&limit=100`, { headers: { cookie } })
        ).json()
      ).results.map((r: { transactionId: number }) => r.transactionId);
    expect(await inbox(second)).toContain(id);
    expect(await inbox(first)).not.toContain(id);
    expect(await inbox(both)).not.toContain(id);
    const two = await approve(second, id);
    expect(two.status).toBe(200);
    expect((await two.json()).clientStatus).toBe('OnOff_AWAITING_DEPOSIT');
    const history = await (
      await fetch(`${t.base}/api/controls/transactions/sendc2f/${id}`, {
        headers: { cookie: first },
      })
    ).json();
    expect(history.approvals[0]).toMatchObject({ status: 'approved', required: 2 });
    expect(history.approvals[0].decisions.map((d: { userName: string }) => d.userName)).toEqual([
      'first',
      'second',
    ]);
  });

  it('approves at once with one approver below the policy amount', async () => {
    const id = await createPayout(operations, '100');
    const response = await approve(first, id);
    expect(response.status).toBe(200);
    expect((await response.json()).clientStatus).toBe('OnOff_AWAITING_DEPOSIT');
  });

  it('records the whole story in the audit trail, refusals included, in an unbroken chain', async () => {
    const audit = await (
      await fetch(`${t.base}/api/audit?limit=200`, { headers: { cookie: cookies.admin } })
    ).json();
    const actions = audit.results.map(
      (r: { action: string; outcome: string; actorEmail: string }) =>
        [r.action, r.outcome, r.actorEmail].join(' '),
    );
    expect(actions).toContain('POST /v1/sendc2f/approveQuote/{id} refused both@example.com');
    expect(actions).toContain('POST /v1/sendc2f/approveQuote/{id} refused ops@example.com');
    expect(actions).toContain('POST /v1/sendc2f/approveQuote/{id} ok first@example.com');
    expect(actions).toContain('POST /v1/sendc2f/approveQuote/{id} ok second@example.com');
    expect(actions).toContain('sign-in ok first@example.com');
    const csv = await fetch(`${t.base}/api/audit?format=csv&limit=5`, {
      headers: { cookie: cookies.admin },
    });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect((await csv.text()).split('\r\n')[0]).toBe(
      'seq,at,actorEmail,roles,ip,userAgent,action,target,outcome,requestId,details,hash',
    );
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
    const refused = await fetch(`${t.base}/api/audit`, { headers: { cookie: cookies.finance } });
    expect(refused.status).toBe(403);
  });
});

describe('two dashboard servers on one PostgreSQL', () => {
  it('share sessions, approvals and one unbroken audit chain', async () => {
    const db = await freshDashboardDb('postgres');
    const key = randomBytes(32);
    const a = await startTestDashboard({ db, key });
    // The second server reaches the same sandbox: the first server's embedded one.
    const b = await startTestDashboard({
      db,
      key,
      embedded: { store: a.sandbox, settings: FAST_SETTINGS, rateLimit: 10_000, demo: a.demo },
    });
    const { cookie } = await a.signIn('viewer@demo.example');
    const onB = await (await fetch(`${b.base}/api/session`, { headers: { cookie } })).json();
    expect(onB).toMatchObject({ signedIn: true, user: { email: 'viewer@demo.example' } });
    const admin = (await a.signIn('admin@demo.example')).cookie;
    const policy = await callApi(a.base, admin, 'POST', '/controls/policies', {
      ...QUOTES_BY_TWO,
      currency: '*',
      minAmount: '1',
    });
    expect(policy.status).toBe(200);
    const finance = (await a.signIn('operations@demo.example')).cookie;
    const parties = await partiesThrough(a.base, finance);
    const created = await fetch(`${a.base}/api/v1/sendf2f/`, {
      method: 'POST',
      headers: { cookie: finance, ...JSON_CSRF },
      body: JSON.stringify(transactionBody(parties, 'sendf2f', { toAmount: '100' })),
    });
    const id = (await created.json()).businessRequestId;
    const approverA = (await a.signIn('approver@demo.example')).cookie;
    const approverB = (await b.signIn('approver2@demo.example')).cookie;
    const one = await fetch(`${a.base}/api/v1/sendf2f/approveQuote/${id}`, {
      method: 'POST',
      headers: { cookie: approverA, ...CSRF },
    });
    expect(one.status).toBe(202);
    const two = await fetch(`${b.base}/api/v1/sendf2f/approveQuote/${id}`, {
      method: 'POST',
      headers: { cookie: approverB, ...CSRF },
    });
    expect(two.status).toBe(200);
    // Failed sign-ins count across servers: ten spread over both, then either one refuses.
    for (let i = 0; i < 10; i++) {
      const failed = await (i % 2 ? a : b).signIn({
        email: 'viewer@demo.example',
        password: `wrong ${i}`,
      });
      expect(failed.response.status).toBe(401);
    }
    for (const server of [a, b]) {
      const limited = await server.signIn({ email: 'viewer@demo.example', password: 'wrong' });
      expect(limited.response.status).toBe(429);
      expect(Number(limited.response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Signing out on one server: the other refuses the cookie too, within its short memory of
    // who a cookie belongs to (AUTH_CACHE_TTL_MS), and at once where it was signed out.
    const signedInOn = async (server: TestDashboard) =>
      (
        (await (await fetch(`${server.base}/api/session`, { headers: { cookie } })).json()) as {
          signedIn: boolean;
        }
      ).signedIn;
    expect(await signedInOn(b)).toBe(true);
    await fetch(`${a.base}/api/session`, { method: 'DELETE', headers: { cookie, ...CSRF } });
    expect(await signedInOn(a)).toBe(false);
    const signedOut = Date.now();
    while ((await signedInOn(b)) && Date.now() - signedOut < 10_000)
      await new Promise((r) => setTimeout(r, 50));
    expect(await signedInOn(b)).toBe(false);
    expect(Date.now() - signedOut).toBeLessThanOrEqual(AUTH_CACHE_TTL_MS + 1000);
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true });
    await b.close();
    await a.close();
    await db.close();
  });
});

describe('the command line', () => {
  it('creates a first admin with a one-time password, and verifies the audit trail, naming a tampered row', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dashboard-cli-'));
    const cli = (...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], {
        env: { ...process.env, DATA_DIR: dataDir },
      });
    const created = await cli(
      'user',
      'create',
      '--email',
      'first@example.com',
      '--name',
      'First',
      '--role',
      'admin',
    );
    const printed = JSON.parse(created.stdout);
    expect(printed).toMatchObject({ email: 'first@example.com', roles: ['admin'] });
    expect(printed.oneTimePassword).toMatch(/^[A-Za-z0-9]{20}$/);
    const bad = await cli('user', 'create', '--email', 'x@example.com', '--role', 'boss').catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(bad).toMatchObject({ code: 2 });
    expect((bad as { stderr: string }).stderr).toMatch(/unknown role boss/);

    const { openDashboardDb } = await import('./store/db');
    const { appendAudit } = await import('./store/audit');
    const { createVault, loadVaultKey } = await import('./store/vault');
    const { auditSealOf } = await import('./workspace-db');
    const db = await openDashboardDb({ file: path.join(dataDir, 'dashboard.db') });
    // Written as a server of this data folder writes them: with its key and anchor.
    const seal = auditSealOf(createVault(loadVaultKey({ DATA_DIR: dataDir })), dataDir);
    for (let i = 1; i <= 3; i++)
      await appendAudit(
        db,
        {
          at: i,
          actorId: null,
          actorEmail: 'a@example.com',
          roles: ['admin'],
          ip: '',
          userAgent: '',
          action: 'sign-in',
          target: null,
          outcome: 'ok',
          requestId: null,
          details: null,
        },
        seal,
      );
    expect((await cli('audit', 'verify')).stdout).toContain('The audit trail is whole: 3 entries.');
    await db.db
      .updateTable('audit_log')
      .set({ actor_email: 'someone-else@example.com' })
      .where('seq', '=', 2)
      .execute();
    await db.close();
    const broken = await cli('audit', 'verify').catch((e: { code: number; stderr: string }) => e);
    expect(broken).toMatchObject({ code: 1 });
    expect((broken as { stderr: string }).stderr).toContain(
      'broken at entry 2: its contents do not match its hash',
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('signing in with the second step', () => {
  it('asks for the code, refuses a wrong and a reused one, accepts a recovery code once', async () => {
    const { Secret, TOTP } = await import('otpauth');
    const email = 'totp@example.com';
    const { password, user } = await t.server.workspace.createUser({
      email,
      name: 'T',
      roles: ['viewer'],
    });
    const cookie = (await t.signIn({ email, password })).cookie;
    const begin = await fetch(`${t.base}/api/account/totp`, {
      method: 'POST',
      headers: { cookie, ...CSRF },
    });
    const { secret, uri } = await begin.json();
    expect(uri).toContain('otpauth://totp/');
    const totp = new TOTP({
      secret: Secret.fromBase32(secret),
      digits: 6,
      period: 30,
      algorithm: 'SHA1',
    });
    const confirm = await fetch(`${t.base}/api/account/totp/confirm`, {
      method: 'POST',
      headers: { cookie, ...JSON_CSRF },
      body: JSON.stringify({ code: totp.generate() }),
    });
    const { recoveryCodes } = await confirm.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(await t.server.workspace.userById(user.id)).toBeDefined();

    const withoutCode = await t.signIn({ email, password });
    expect(withoutCode.response.status).toBe(401);
    expect(await withoutCode.response.json()).toMatchObject({
      code: 'SECOND_FACTOR_REQUIRED',
      errors: [{ field: 'code', message: 'is required' }],
    });
    const wrong = await t.signIn({
      email,
      password,
      code: totp.generate() === '000000' ? '111111' : '000000',
    });
    expect(await wrong.response.json()).toMatchObject({ errors: [{ field: 'code' }] });
    // The code used to confirm the enrolment is spent: a sign-in must wait for the next one.
    const reused = await t.signIn({ email, password, code: totp.generate() });
    expect(reused.response.status).toBe(401);
    const recovery = await t.signIn({ email, password, code: recoveryCodes[0] });
    expect(recovery.response.status).toBe(200);
    const recoveryAgain = await t.signIn({ email, password, code: recoveryCodes[0] });
    expect(recoveryAgain.response.status).toBe(401);
  });
});

describe('a role that needs the second step', () => {
  it('confines a person who has not enrolled to enrolling, then lets them in with a code', async () => {
    const { Secret, TOTP } = await import('otpauth');
    const email = 'must-enrol@example.com';
    const { password } = await t.server.workspace.createUser({
      email,
      name: 'Must Enrol',
      roles: ['approver'],
    });
    const required = await fetch(`${t.base}/api/admin/roles/approver`, {
      method: 'PUT',
      headers: { cookie: cookies.admin, ...JSON_CSRF },
      body: JSON.stringify({ requireTotp: true }),
    });
    expect(required.status).toBe(200);
    try {
      const { response, cookie } = await t.signIn({ email, password });
      expect(await response.json()).toMatchObject({ signedIn: true, mustEnrol: true });
      // Nothing but enrolment: no API, no approvals, no workspace pages.
      for (const url of ['/api/v1/business/?limit=1', '/api/controls/inbox', '/api/audit']) {
        const refused = await fetch(`${t.base}${url}`, { headers: { cookie } });
        expect(refused.status, url).toBe(403);
        expect(await refused.json()).toMatchObject({ code: 'SECOND_FACTOR_ENROLMENT_REQUIRED' });
      }
      const approve = await fetch(`${t.base}/api/v1/sendf2f/approveQuote/1`, {
        method: 'POST',
        headers: { cookie, ...CSRF },
      });
      expect(approve.status).toBe(403);
      // The existing approver's session (enrolled or not) is confined just the same.
      const before = await fetch(`${t.base}/api/session`, {
        headers: { cookie: cookies.approver },
      });
      expect(await before.json()).toMatchObject({ mustEnrol: true });

      const { secret } = await (
        await fetch(`${t.base}/api/account/totp`, { method: 'POST', headers: { cookie, ...CSRF } })
      ).json();
      const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
      const confirm = await fetch(`${t.base}/api/account/totp/confirm`, {
        method: 'POST',
        headers: { cookie, ...JSON_CSRF },
        body: JSON.stringify({ code: totp.generate() }),
      });
      expect(confirm.status).toBe(200);
      const after = await fetch(`${t.base}/api/session`, { headers: { cookie } });
      expect(await after.json()).toMatchObject({ mustEnrol: false });
      expect((await fetch(`${t.base}/api/controls/inbox`, { headers: { cookie } })).status).toBe(
        200,
      );
      // From now on the password alone is not enough.
      const next = await t.signIn({ email, password });
      expect(await next.response.json()).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' });

      const audit = await (
        await fetch(`${t.base}/api/audit?actor=${email}`, { headers: { cookie: cookies.admin } })
      ).json();
      const actions = audit.results.map((e: { action: string; outcome: string }) =>
        [e.action, e.outcome].join(' '),
      );
      expect(actions).toContain('POST /api/v1/sendf2f/approveQuote/1 refused');
      expect(actions).toContain('enrol authenticator ok');
    } finally {
      await fetch(`${t.base}/api/admin/roles/approver`, {
        method: 'PUT',
        headers: { cookie: cookies.admin, ...JSON_CSRF },
        body: JSON.stringify({ requireTotp: false }),
      });
    }
  });
});

describe('the API secret', () => {
  it('appears in no response and no cookie, whatever the role', async () => {
    for (const role of ROLES) {
      expect(cookies[role]).not.toContain(t.demo.apiSecret);
      for (const url of [
        '/api/session',
        '/api/v1/business/?limit=5',
        '/api/controls/inbox',
        '/api/audit',
        '/api/admin/credentials',
        '/api/admin/users',
      ]) {
        const answer = await fetch(`${t.base}${url}`, { headers: { cookie: cookies[role] } });
        const text = `${JSON.stringify([...answer.headers])} ${await answer.text()}`;
        expect(text, `${role} ${url}`).not.toContain(t.demo.apiSecret);
      }
    }
  });
});

describe('admin-issued reset links', () => {
  it('set a new password once, end the person’s sessions, and expire with use', async () => {
    const { password, user } = await t.server.workspace.createUser({
      email: 'forgetful@example.com',
      name: 'Forgetful',
      roles: ['viewer'],
    });
    const session = (await t.signIn({ email: 'forgetful@example.com', password })).cookie;
    const refused = await fetch(`${t.base}/api/admin/users/${user.id}/reset-link`, {
      method: 'POST',
      headers: { cookie: cookies.finance, ...CSRF },
    });
    expect(refused.status).toBe(403);
    const issued = await fetch(`${t.base}/api/admin/users/${user.id}/reset-link`, {
      method: 'POST',
      headers: { cookie: cookies.admin, ...CSRF },
    });
    const { link } = await issued.json();
    expect(link).toMatch(new RegExp(`^${t.base}/reset-password\\?token=[A-Za-z0-9_-]{43}$`));
    const token = new URL(link).searchParams.get('token');
    const reset = (body: object) =>
      fetch(`${t.base}/api/password-reset`, {
        method: 'POST',
        headers: JSON_CSRF,
        body: JSON.stringify(body),
      });
    const short = await reset({ token, password: 'short' });
    expect((await short.json()).errors).toEqual([
      { field: 'password', message: 'must be at least 12 characters' },
    ]);
    expect((await reset({ token, password: 'a-brand-new-password' })).status).toBe(200);
    expect(
      (await fetch(`${t.base}/api/v1/currency/`, { headers: { cookie: session } })).status,
    ).toBe(401);
    expect((await t.signIn({ email: 'forgetful@example.com', password })).response.status).toBe(
      401,
    );
    expect(
      (await t.signIn({ email: 'forgetful@example.com', password: 'a-brand-new-password' }))
        .response.status,
    ).toBe(200);
    const again = await reset({ token, password: 'another-new-password' });
    expect((await again.json()).errors).toEqual([
      { field: 'token', message: 'is not valid or has expired' },
    ]);
  });
});

describe('with a live environment', () => {
  it('has no demo; an admin stores live credentials; people switch; nobody has sandbox tools in live', async () => {
    const { createTestSandbox } = await import('#/sandbox/testing');
    const live = await createTestSandbox();
    await live.app.listen({ host: '127.0.0.1', port: 0 });
    const liveUrl = `http://127.0.0.1:${(live.app.server.address() as { port: number }).port}`;
    const d = await startTestDashboard({ liveBaseUrl: liveUrl });
    try {
      const before = await (await fetch(`${d.base}/api/session`)).json();
      expect(before.demoUsers).toEqual([]);
      const admin = await signInWithRoles(d, 'live-admin@example.com', ['admin', 'tester']);
      const put = await fetch(`${d.base}/api/admin/credentials/live`, {
        method: 'PUT',
        headers: { cookie: admin, ...JSON_CSRF },
        body: JSON.stringify({ apiKey: live.alice.apiKey, apiSecret: live.alice.apiSecret }),
      });
      expect(put.status).toBe(200);
      const switched = await fetch(`${d.base}/api/session/environment`, {
        method: 'PUT',
        headers: { cookie: admin, ...JSON_CSRF },
        body: JSON.stringify({ environment: 'live' }),
      });
      expect((await switched.json()).environment).toBe('live');
      const merchants = await fetch(`${d.base}/api/v1/business/`, { headers: { cookie: admin } });
      expect(merchants.status).toBe(200);
      const tool = await fetch(`${d.base}/api/v1/webhook/`, {
        method: 'POST',
        headers: { cookie: admin, ...JSON_CSRF },
        body: JSON.stringify({ url: 'https://partner.example/hooks' }),
      });
      expect(tool.status).toBe(403);
      expect(await tool.json()).toMatchObject({ code: 'SANDBOX_ONLY' });
      expect((await live.request({ method: 'GET', url: '/v1/webhook/' })).json()).toEqual([]);
    } finally {
      await d.close();
      await live.close();
    }
  });
});
