// Live updates across servers (docs/decisions/035): two dashboard servers on one PostgreSQL
// database. A record written to the index by one (here, a merchant created through its proxy)
// reaches a page open on the other within its next beat, once, through `index_change`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantBody } from '#/sandbox/testing';
import {
  callApi,
  createdTransaction,
  openEventStream,
  startTestDashboard,
  type TestDashboard,
} from '../testing';

describe('live updates on two servers sharing PostgreSQL', () => {
  let a: TestDashboard;
  let b: TestDashboard;
  beforeAll(async () => {
    a = await startTestDashboard({ dialect: 'postgres' });
    b = await startTestDashboard({ alongside: a });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('pushes a record written by one server to a page open on the other', async () => {
    const onB = await openEventStream(b.base, (await b.signIn('viewer@demo.example')).cookie);
    const onboarding = (await a.signIn('onboarding@demo.example')).cookie;
    const made = await callApi(a.base, onboarding, 'POST', '/v1/business/', merchantBody());
    expect(made.status).toBe(200);
    const told = () =>
      onB.events.filter(
        (e) =>
          e.event === 'records' &&
          e.data.kind === 'merchant' &&
          (e.data.ids as number[]).includes(made.json.id as number),
      );
    for (let i = 0; i < 100 && told().length === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(told()).toHaveLength(1);
    // Later beats do not push it again.
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    expect(told()).toHaveLength(1);
    onB.close();
  });

  it("pushes a count changed by one server to the other's pages at once, not at its next beat", async () => {
    const approver = (await b.signIn('approver@demo.example')).cookie;
    const onB = await openEventStream(b.base, approver);
    const unread = () =>
      onB.events.filter((e) => e.event === 'counts').map((e) => e.data.unread as number);
    await expect.poll(() => unread().length, { timeout: 5_000 }).toBeGreaterThan(0);
    const before = unread().at(-1)!;
    // A payout made on A waits for approvers: each is told (a notification, in its transaction).
    const finance = (await a.signIn('finance@demo.example')).cookie;
    const parties = await a.parties((await a.signIn('operations@demo.example')).cookie);
    const started = Date.now();
    await createdTransaction(a, finance, parties, 'sendc2f');
    await expect
      .poll(() => unread().at(-1), { timeout: 10_000, interval: 50 })
      .toBeGreaterThan(before);
    // Well before the slow beat (15 s) that only catches what time changes.
    expect(Date.now() - started).toBeLessThan(5_000);
    onB.close();
  });
});
