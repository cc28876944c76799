// Away with a delegate (docs/decisions/088), through the dashboard's API: Aiko, an approver, is
// away and names Fatima (finance, no approver role) her delegate. In the window Fatima is told
// of what arrives, sees it in her inbox marked for Aiko, and approves "on behalf of Aiko
// Approver"; she never approves what she created; before the window and after it she decides
// nothing. Nobody names themselves, nor closes a loop; admins see who is away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../store/testing';
import { createdTransaction, startTestDashboard, type TestDashboard } from '../testing';

const HOUR = 60 * 60_000;

describe.each(DIALECTS)('a delegate while an approver is away (%s)', (dialect) => {
  let t: TestDashboard;
  let ahead = 0;
  let who: Record<'admin' | 'finance' | 'operations' | 'approver' | 'approver2', string>;
  let ids: Record<string, string>;

  const signInAll = async () => {
    who = await t.demoCookies('admin', 'finance', 'operations', 'approver', 'approver2');
  };
  const away = (cookie: string, body: object) => t.call(cookie, 'PUT', '/account/away', body);
  const payout = async (creator: string) =>
    createdTransaction(t, creator, await t.parties(who.operations), 'sendc2f', { quoted: true });
  const approve = (cookie: string, id: number) =>
    t.call(cookie, 'POST', `/v1/sendc2f/approveQuote/${id}`);

  beforeAll(async () => {
    t = await startTestDashboard({ dialect, now: () => Date.now() + ahead });
    await signInAll();
    const people = (await t.call(who.admin, 'GET', '/admin/users')).json.results as {
      id: string;
      email: string;
    }[];
    ids = Object.fromEntries(people.map((p) => [p.email.split('@')[0]!, p.id]));
  });
  afterAll(() => t.close());

  it('refuses naming oneself, someone unknown, a window that is not one, or a loop', async () => {
    const now = Date.now();
    const self = await away(who.approver, {
      from: now,
      until: now + HOUR,
      delegateId: ids.approver,
    });
    expect(self.status).toBe(400);
    expect(self.json.errors).toEqual([
      { field: 'delegateId', message: expect.stringContaining('nobody delegates to themselves') },
    ]);
    const unknown = await away(who.approver, {
      from: now,
      until: now + HOUR,
      delegateId: 'nobody',
    });
    expect(unknown.json.errors[0].field).toBe('delegateId');
    const backwards = await away(who.approver, {
      from: now,
      until: now - HOUR,
      delegateId: ids.finance,
    });
    expect(backwards.json.errors[0]).toMatchObject({ field: 'until' });
    // Bruno away naming Aiko, then Aiko away at the same time naming Bruno: a loop.
    expect(
      (await away(who.approver2, { from: now, until: now + HOUR, delegateId: ids.approver }))
        .status,
    ).toBe(200);
    const loop = await away(who.approver, {
      from: now,
      until: now + HOUR,
      delegateId: ids.approver2,
    });
    expect(loop.status).toBe(400);
    expect(loop.json.errors[0].message).toContain('loop');
    expect((await t.call(who.approver2, 'DELETE', '/account/away')).json.away).toBeNull();
    // Only approvers say they are away: a finance person has nothing to delegate.
    expect(
      (await away(who.finance, { from: now, until: now + HOUR, delegateId: ids.approver })).status,
    ).toBe(403);
  });

  it('before the window the delegate decides nothing', async () => {
    const now = Date.now();
    const set = await away(who.approver, {
      from: now + HOUR,
      until: now + 24 * HOUR,
      delegateId: ids.finance,
    });
    expect(set.status).toBe(200);
    expect(set.json.away).toMatchObject({ delegateName: 'Fatima Finance' });
    const id = await payout(who.operations);
    expect((await approve(who.finance, id)).status).toBe(403);
  });

  it('in the window the delegate is told, sees it for Aiko, and approves on her behalf', async () => {
    const now = Date.now();
    expect(
      (
        await away(who.approver, {
          from: now - 1000,
          until: now + 24 * HOUR,
          delegateId: ids.finance,
        })
      ).status,
    ).toBe(200);
    const id = await payout(who.operations);
    const told = (await t.call(who.finance, 'GET', '/notifications?limit=20')).json.results as {
      title: string;
    }[];
    expect(told.map((n) => n.title)).toContain(
      `Payout #${id} waits for your quote approval (for Aiko Approver, away)`,
    );
    const inbox = await t.call(who.finance, 'GET', '/controls/inbox?scope=you');
    const item = (
      inbox.json.results as { transactionId: number; canAct: boolean; standingInFor: string }[]
    ).find((r) => r.transactionId === id);
    expect(item).toMatchObject({ canAct: true, standingInFor: 'Aiko Approver' });
    expect((await approve(who.finance, id)).status).toBe(200);
    const controls = await t.call(who.finance, 'GET', `/controls/transactions/sendc2f/${id}`);
    expect(controls.json.approvals[0].decisions[0]).toMatchObject({
      userName: 'Fatima Finance',
      forUserName: 'Aiko Approver',
      decision: 'approve',
    });
    // Admins see who is away, and with whom.
    const people = (await t.call(who.admin, 'GET', '/admin/users')).json.results as {
      name: string;
      away: { delegateName: string } | null;
    }[];
    expect(people.find((p) => p.name === 'Aiko Approver')?.away).toMatchObject({
      delegateName: 'Fatima Finance',
    });
  });

  it('never lets the delegate approve what they created', async () => {
    const id = await payout(who.finance);
    const refused = await approve(who.finance, id);
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('CREATOR_CANNOT_APPROVE');
  });

  it('after the window the delegate decides nothing', async () => {
    const id = await payout(who.operations);
    ahead = 25 * HOUR;
    await signInAll();
    const late = await approve(who.finance, id);
    expect(late.status).toBe(403);
    ahead = 0;
    await signInAll();
  });
});
