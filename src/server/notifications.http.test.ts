// Notifications through the dashboard server (docs/decisions/035): a payout created by finance
// tells the approvers (in the app, by kept mail), its approved quote tells them its deposit
// waits, and its completion tells its creator; the live stream pushes the new counts and the
// records written; chat hooks on private addresses are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '#/api/testing';
import type { Parties } from '#/sandbox/testing';
import { openEventStream, startTestDashboard, type TestDashboard } from './testing';

let t: TestDashboard;
let finance: string, approver: string, admin: string;
let parties: Parties;

beforeAll(async () => {
  t = await startTestDashboard({ mail: { intervalMs: 50 } });
  const people = await t.demoCookies('finance', 'approver', 'admin', 'operations');
  ({ finance, approver, admin } = people);
  parties = await t.parties(people.operations);
});
afterAll(() => t.close());

const payout = (amount: string) =>
  t.call(finance, 'POST', '/v1/sendc2f/', {
    fromBusinessId: parties.merchantId,
    toBusinessExternalAccountId: parties.accounts.EUR,
    fromCurrencySymbol: 'USDT(TRC20)',
    toAmount: amount,
    purpose: 'SALARY',
  });

const stream = (cookie: string) => openEventStream(t.base, cookie);

describe('notifications', () => {
  it('tells the approvers a new payout waits, in the app, by mail and on the live stream', async () => {
    const live = await stream(approver);
    const first = await eventually(
      async () => live.events.filter((e) => e.event === 'counts'),
      (c) => c.length > 0,
    );
    const before = (first[0]!.data.approvals as { you: number }).you;
    const created = await payout('12500.5');
    expect(created.status).toBe(200);
    const id = created.json.businessRequestId as number;

    const mine = await t.call(approver, 'GET', '/notifications');
    expect(mine.json.results[0]).toMatchObject({
      kind: 'waitingForYou',
      title: `Payout #${id} waits for your quote approval`,
      // The amount as people read it, grouped and with its currency's decimals.
      body: `Payout #${id} of 12,500.50 EUR waits for an approver to approve its quote.`,
      link: `/transactions/payouts/${id}`,
      readAt: null,
    });
    // Not the creator.
    expect((await t.call(finance, 'GET', '/notifications')).json.results).toEqual([]);
    // The stream pushes the record written and the new count, without being asked (the index
    // learns of the quote as the transaction is read: this test server has no reconciliation).
    await eventually(
      async () => (await t.call(finance, 'GET', `/v1/sendc2f/${id}`)).json.clientStatus,
      (status) => status === 'OnOff_AWAITING_QUOTE_APPROVAL',
    );
    await eventually(
      async () => live.events,
      (events) =>
        events.some(
          (e) => e.event === 'counts' && (e.data.approvals as { you: number }).you === before + 1,
        ) && events.some((e) => e.event === 'records' && (e.data.ids as number[]).includes(id)),
    );
    live.close();

    const mail = await eventually(
      async () => (await t.call(admin, 'GET', '/admin/mail')).json,
      (m) => m.results.some((r: { to: string }) => r.to === 'approver@demo.example'),
    );
    expect(mail.smtp).toBe(false);
    const sent = mail.results.find((r: { to: string }) => r.to === 'approver@demo.example');
    expect(sent.text).toContain(`/transactions/payouts/${id}`);
    expect((await t.call(finance, 'GET', '/admin/mail')).status).toBe(403);

    // Read from the bell.
    const read = await t.call(approver, 'POST', `/notifications/${mine.json.results[0].id}/read`);
    expect(read.json.readAt).toEqual(expect.any(Number));
    expect((await t.call(approver, 'GET', '/notifications?unread=true')).json.unread).toBe(
      mine.json.unread - 1,
    );
  });

  it('tells them its deposit waits once the quote is approved, and its creator when it completes', async () => {
    const id = (await payout('654.00')).json.businessRequestId as number;
    expect((await t.call(approver, 'POST', `/v1/sendc2f/approveQuote/${id}`)).status).toBe(200);
    const titles = async (cookie: string) =>
      ((await t.call(cookie, 'GET', '/notifications')).json.results as { title: string }[]).map(
        (n) => n.title,
      );
    expect(await titles(approver)).toContain(`Payout #${id} waits for your deposit approval`);
    expect((await t.call(approver, 'POST', `/v1/sendc2f/approveDeposit/${id}`)).status).toBe(200);
    // Settled in the sandbox; the index learns it as the transaction is read.
    await eventually(
      async () => (await t.call(finance, 'GET', `/v1/sendc2f/${id}`)).json.clientStatus,
      (status) => status === 'OnOff_COMPLETED',
    );
    expect(await titles(finance)).toContain(`Payout #${id} completed`);
  });

  it('keeps each person’s choices, and refuses a chat hook on a private address', async () => {
    const set = await t.call(approver, 'PUT', '/notifications/preferences', {
      modes: { waitingForYou: 'digest', newSignIn: 'off' },
    });
    expect(set.json.modes).toMatchObject({
      waitingForYou: 'digest',
      newSignIn: 'off',
      batchFinished: 'immediately',
    });
    const bad = await t.call(approver, 'PUT', '/notifications/preferences', {
      modes: { waitingForYou: 'hourly' },
    });
    expect(bad.status).toBe(400);
    const hook = await t.call(admin, 'POST', '/admin/chat-hooks', {
      kind: 'waitingForYou',
      url: 'http://127.0.0.1:9/hook',
    });
    expect(hook.status).toBe(400);
    expect(hook.json.errors[0]).toMatchObject({ field: 'url' });
    expect(hook.json.errors[0].message).toMatch(/must lead to a public address/);
  });

  it('lets an admin list hosts of the team’s own network for chat hooks, audited', async () => {
    expect((await t.call(admin, 'GET', '/admin/chat-network')).json).toEqual({ privateHosts: [] });
    const wrong = await t.call(admin, 'PUT', '/admin/chat-network', {
      privateHosts: ['https://chat.internal:8065'],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors[0].field).toBe('privateHosts.0');
    const notAdmin = await t.call(approver, 'PUT', '/admin/chat-network', { privateHosts: [] });
    expect(notAdmin.status).toBe(403);
    const set = await t.call(admin, 'PUT', '/admin/chat-network', {
      privateHosts: [' 127.0.0.1 ', 'Chat.Internal'],
    });
    expect(set.json).toEqual({ privateHosts: ['127.0.0.1', 'chat.internal'] });
    const listed = await t.call(admin, 'POST', '/admin/chat-hooks', {
      kind: 'waitingForYou',
      url: 'http://127.0.0.1:9/hook',
    });
    expect(listed.status).toBe(200);
    // Another private host is still refused.
    const other = await t.call(admin, 'POST', '/admin/chat-hooks', {
      kind: 'waitingForYou',
      url: 'http://10.1.2.3/hook',
    });
    expect(other.status).toBe(400);
    const trail = (await t.call(admin, 'GET', '/audit?action=set%20chat%20network')).json.results;
    expect(trail[0]).toMatchObject({
      action: 'set chat network',
      details: { from: [], to: ['127.0.0.1', 'chat.internal'] },
    });
    await t.call(admin, 'DELETE', `/admin/chat-hooks/${listed.json.id}`);
    await t.call(admin, 'PUT', '/admin/chat-network', { privateHosts: [] });
  });

  it('tells the stream of a session that ends, and ends it', async () => {
    const bruno = (await t.signIn('approver2@demo.example')).cookie;
    const live = await stream(bruno);
    await eventually(
      async () => live.events.length,
      (n) => n > 0,
    );
    expect((await t.call(bruno, 'DELETE', '/session')).status).toBeLessThan(300);
    await eventually(
      async () => live.ended(),
      (ended) => ended,
    );
    // Told why, so that the page asks to sign in again at once.
    expect(live.events.at(-1)).toEqual({ event: 'ended', data: { reason: 'session' } });
  });

  it('tells a person of a sign-in from a browser they had not used, not of one they had', async () => {
    const added = await t.call(admin, 'POST', '/admin/users', {
      email: 'nomad@partner.example',
      name: 'Nora Nomad',
      roles: ['viewer'],
    });
    const password = added.json.oneTimePassword as string;
    const credentials = { email: 'nomad@partner.example', password };
    const firefox =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
    const first = await t.signIn(credentials);
    expect(first.response.status).toBe(200);
    const browser = first.response.headers
      .getSetCookie()
      .find((c) => c.startsWith('browser='))!
      .split(';')[0]!;
    expect(browser).toMatch(/^browser=[\w-]{20,}$/);
    // The first sign-in has nothing to compare with; the same browser again is known.
    expect((await t.signIn(credentials, { cookie: browser })).response.status).toBe(200);
    const known = await t.signIn(credentials, { cookie: browser });
    const mine = await t.call(known.cookie, 'GET', '/notifications');
    expect(mine.json.results).toEqual([]);
    // Another browser: a notice in the app and by mail (immediately, by default).
    const other = await t.signIn(credentials, { 'user-agent': firefox });
    expect(other.response.status).toBe(200);
    const told = await t.call(known.cookie, 'GET', '/notifications');
    expect(told.json.results).toEqual([
      expect.objectContaining({
        kind: 'newSignIn',
        title: 'New sign-in from Firefox on Windows',
        link: '/account',
      }),
    ]);
    const mail = await eventually(
      async () =>
        (
          (await t.call(admin, 'GET', '/admin/mail')).json.results as { to: string; text: string }[]
        ).find((m) => m.to === 'nomad@partner.example' && m.text.includes('Firefox on Windows')),
      (found) => found !== undefined,
    );
    expect(mail!.text).toContain('If it was not you, change your password');
    // One-click demo sign-ins never tell (anyone may make them).
    const demo = await t.signIn('viewer@demo.example');
    await t.signIn('viewer@demo.example');
    expect((await t.call(demo.cookie, 'GET', '/notifications')).json.results).toEqual([]);
  });
});
