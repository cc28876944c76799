// The live hub's promises (docs/decisions/035, 054), on SQLite and PostgreSQL: every open page
// hears a record written once, and the counts of its own person; a page whose person is
// deactivated is told and closed; a page that goes away mid-beat leaves the others served; and on
// PostgreSQL the hub hears other servers by NOTIFY, listening again after its connection is lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '#/api/testing';
import { sql } from 'kysely';
import { merchantBody, type Parties } from '#/sandbox/testing';
import { DIALECTS, freshDashboardDb } from '../store/testing';
import { callApi, openEventStream, startTestDashboard, type TestDashboard } from '../testing';

type Opened = Awaited<ReturnType<typeof openEventStream>>;
const told = (page: Opened, id: number) =>
  page.events.filter(
    (e) =>
      e.event === 'records' && e.data.kind === 'merchant' && (e.data.ids as number[]).includes(id),
  );
const lastCounts = (page: Opened) =>
  page.events.filter((e) => e.event === 'counts').at(-1)?.data as
    { unread: number; approvals: { you: number; everyone: number } } | undefined;

describe.each(DIALECTS)('the live hub (%s)', (dialect) => {
  let t: TestDashboard;
  const cookies: Record<string, string> = {};
  let parties: Parties;

  beforeAll(async () => {
    t = await startTestDashboard({ dialect });
    for (const who of ['admin', 'finance', 'approver', 'approver2', 'viewer', 'onboarding'])
      cookies[who] = (await t.signIn(`${who}@demo.example`)).cookie;
    parties = await t.parties((await t.signIn('operations@demo.example')).cookie);
  });
  afterAll(() => t.close());
  /** A merchant made through the dashboard by the onboarding person. */
  const newMerchant = () =>
    callApi(t.base, cookies.onboarding!, 'POST', '/v1/business/', merchantBody());

  it('tells every open page of every person a record once, each tab of a person alike', async () => {
    const pages = await Promise.all(
      ['viewer', 'viewer', 'approver', 'finance', 'admin'].map((who) =>
        openEventStream(t.base, cookies[who]!),
      ),
    );
    const made = await newMerchant();
    expect(made.status).toBe(200);
    const id = made.json.id as number;
    await eventually(
      () => pages.every((p) => told(p, id).length > 0),
      (all) => all,
    );
    // Later beats do not tell it again.
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    for (const page of pages) expect(told(page, id)).toHaveLength(1);
    for (const page of pages) page.close();
  });

  it('starts each stream with its server’s mark, which moves with every record pushed', async () => {
    const markOf = async () => {
      const page = await openEventStream(t.base, cookies.viewer!);
      const [first] = await eventually(
        () => page.events,
        (events) => events.length > 0,
      );
      page.close();
      expect(first!.event).toBe('mark');
      return (first!.data as { mark: string }).mark;
    };
    const before = await markOf();
    // Nothing pushed in between: the same mark, and the hub's own word for it.
    expect(await markOf()).toBe(before);
    expect(t.server.app.dashboard.live.mark()).toBe(before);
    const made = await newMerchant();
    expect(made.status).toBe(200);
    const after = await markOf();
    expect(after).not.toBe(before);
    expect(after.split(':')[0]).toBe(before.split(':')[0]);
  });

  it('pushes each person their own counts when a payout waits, read once for all of them', async () => {
    const approver = await openEventStream(t.base, cookies.approver!);
    const second = await openEventStream(t.base, cookies.approver2!);
    const finance = await openEventStream(t.base, cookies.finance!);
    const first = await eventually(
      () => [lastCounts(approver), lastCounts(second), lastCounts(finance)],
      (all) => all.every(Boolean),
    );
    const made = await t.call(cookies.finance!, 'POST', '/v1/sendc2f/', {
      fromBusinessId: parties.merchantId,
      toBusinessExternalAccountId: parties.accounts.EUR,
      fromCurrencySymbol: 'USDT(TRC20)',
      toAmount: '120.00',
      purpose: 'SALARY',
    });
    expect(made.status).toBe(200);
    // The index learns of the quote as the transaction is read (no reconciliation in tests).
    await eventually(
      async () =>
        (await t.call(cookies.finance!, 'GET', `/v1/sendc2f/${made.json.businessRequestId}`)).json
          .clientStatus,
      (status) => status === 'OnOff_AWAITING_QUOTE_APPROVAL',
    );
    const [a, b, f] = await eventually(
      () => [lastCounts(approver)!, lastCounts(second)!, lastCounts(finance)!],
      ([a, b, f]) =>
        a.approvals.everyone > first[0]!.approvals.everyone &&
        b.approvals.everyone > first[1]!.approvals.everyone &&
        f.approvals.everyone > first[2]!.approvals.everyone,
    );
    // The approvers may decide it and are told of it; its creator (no approver) may not.
    expect(a.approvals.you).toBe(first[0]!.approvals.you + 1);
    expect(b.approvals.you).toBe(first[1]!.approvals.you + 1);
    expect(a.unread).toBeGreaterThan(first[0]!.unread);
    expect(f.approvals.you).toBe(0);
    // Each person's counts are the same as the inbox answers them one at a time.
    const inbox = await t.call(cookies.approver!, 'GET', '/controls/inbox/count');
    expect(inbox.status).toBe(200);
    expect(JSON.stringify(inbox.json)).toContain(`"you":${a.approvals.you}`);
    // And as many as the inbox lists for them (its list and the counts are two readings of one
    // rule: the list's SQL, the counts' exclusions worked out in memory).
    const list = (await t.call(cookies.approver!, 'GET', '/controls/inbox?scope=you&limit=100'))
      .json;
    expect(list.hasMore).toBe(false);
    expect(
      list.results.length + list.changes.length + list.batches.length + list.batchDeposits.length,
    ).toBe(a.approvals.you);
    for (const page of [approver, second, finance]) page.close();
  });

  it('ends the pages of a person deactivated, and keeps serving the others', async () => {
    const viewer = await openEventStream(t.base, cookies.viewer!);
    const gone = await openEventStream(t.base, cookies.approver2!);
    const admin = await openEventStream(t.base, cookies.admin!);
    await eventually(
      () => [viewer, gone, admin].every((p) => lastCounts(p)),
      (all) => all,
    );
    // A page that went away between two beats is not the others' problem.
    gone.close();
    const people = (await t.call(cookies.admin!, 'GET', '/admin/users')).json.results as {
      id: string;
      email: string;
    }[];
    const viewerId = people.find((p) => p.email === 'viewer@demo.example')!.id;
    const off = await t.call(cookies.admin!, 'PUT', `/admin/users/${viewerId}/active`, {
      active: false,
    });
    expect(off.status).toBeLessThan(300);
    await eventually(
      () => viewer.ended(),
      (ended) => ended,
    );
    expect(viewer.events.at(-1)).toEqual({ event: 'ended', data: { reason: 'session' } });
    const made = await newMerchant();
    await eventually(
      () => told(admin, made.json.id as number).length,
      (n) => n === 1,
    );
    expect(admin.ended()).toBe(false);
    admin.close();
  });
});

describe('hearing other servers by NOTIFY (postgres)', () => {
  it('hears what a committed transaction sent, not a rolled-back one, and listens again after a loss', async () => {
    const store = await freshDashboardDb('postgres');
    const heard: string[] = [];
    let gaps = 0;
    const listening = store.listen!(
      'live_test',
      (payload) => heard.push(payload),
      () => gaps++,
    );
    try {
      await eventually(
        () => gaps,
        (n) => n === 1,
      );
      await store.db
        .transaction()
        .execute(async (trx) => void (await sql`SELECT pg_notify('live_test', 'one')`.execute(trx)))
        .catch(() => undefined);
      await store.db
        .transaction()
        .execute(async (trx) => {
          await sql`SELECT pg_notify('live_test', 'rolled back')`.execute(trx);
          throw new Error('undo');
        })
        .catch(() => undefined);
      await eventually(
        () => heard,
        (h) => h.includes('one'),
      );
      // The listening connection is cut (a restart, a failover): it comes back and says so.
      await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`.execute(store.db);
      await eventually(
        () => gaps,
        (n) => n === 2,
      );
      await sql`SELECT pg_notify('live_test', 'two')`.execute(store.db);
      await eventually(
        () => heard,
        (h) => h.includes('two'),
      );
      expect(heard).toEqual(['one', 'two']);
    } finally {
      await listening.close();
      await store.close();
    }
  });
});
