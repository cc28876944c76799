// A partner webhook endpoint that keeps failing tells whoever manages endpoints (docs/decisions/
// 035): once when its newest delivery has failed three tries, not again while it keeps failing
// (until a day has passed), and again after it delivered in between and then fails anew. The
// dashboard's own endpoint is never the subject.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localReceiver } from '#/http/testing';
import { merchantBody } from '#/sandbox/testing';
import { startTestDashboard, type TestDashboard } from './testing';

let t: TestDashboard;
let admin: string;
let tester: string;
let status = 500;

let receiver: Awaited<ReturnType<typeof localReceiver>>;
let url = '';

beforeAll(async () => {
  receiver = await localReceiver(
    (_call, response) => response.writeHead(status).end('nope'),
    '/partner-hook',
  );
  url = receiver.url;
  // Passes only when asked (syncNow); endpoints looked at on every pass.
  t = await startTestDashboard({ indexSync: { intervalMs: 3_600_000, webhookCheckMs: 0 } });
  admin = (await t.signIn('admin@demo.example')).cookie;
  tester = (await t.signIn('operations@demo.example')).cookie;
  expect((await t.call(tester, 'POST', '/v1/webhook/', { url })).status).toBe(200);
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const webhookNotices = async (cookie: string) =>
  (
    (await t.call(cookie, 'GET', '/notifications')).json.results as {
      kind: string;
      title: string;
      body: string;
    }[]
  ).filter((n) => n.kind === 'webhookFailing');

/** An event to deliver (a new merchant), once the environment has recorded `n` tries of it. */
async function eventTried(n: number) {
  const made = await t.call(tester, 'POST', '/v1/business/', merchantBody());
  expect(made.status).toBe(200);
  const id = made.json.id as number;
  let attempts = 0;
  for (let i = 0; i < 200 && attempts < n; i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    const events = await t.call(tester, 'GET', `/v1/event/?objectType=merchant&objectId=${id}`);
    const deliveries = (
      events.json.results as { deliveries: { url: string; attempts: number }[] }[]
    )
      .flatMap((e) => e.deliveries)
      .filter((d) => d.url === url);
    attempts = Math.max(0, ...deliveries.map((d) => d.attempts));
  }
  expect(attempts).toBeGreaterThanOrEqual(n);
}

describe('failing webhook endpoints', () => {
  it('tells the people who manage them once, and again after a recovery', async () => {
    await eventTried(3);
    await t.server.sync.syncNow('sandbox');
    const told = await webhookNotices(admin);
    expect(told).toEqual([expect.objectContaining({ title: `Webhook endpoint ${url} fails` })]);
    expect(told[0]!.body).toContain('the last: answered 500');
    // Testers and onboarding manage endpoints too; finance does not.
    expect(await webhookNotices(tester)).toHaveLength(1);
    const finance = (await t.signIn('finance@demo.example')).cookie;
    expect(await webhookNotices(finance)).toHaveLength(0);

    // Still failing: nothing new.
    await t.server.sync.syncNow('sandbox');
    expect(await webhookNotices(admin)).toHaveLength(1);

    // It delivers again, then fails anew: told again.
    status = 200;
    await eventTried(1);
    await t.server.sync.syncNow('sandbox');
    status = 503;
    await eventTried(3);
    await t.server.sync.syncNow('sandbox');
    const again = await webhookNotices(admin);
    expect(again).toHaveLength(2);
    expect(again[0]!.body).toContain('answered 503');
  });
});
