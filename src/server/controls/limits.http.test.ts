// Limits per person, merchant and workspace (docs/decisions/089), through the dashboard's API: a
// creation over a limit is refused with LIMIT_EXCEEDED and words that give the figures, nothing
// reaching the API; the use shows beside each limit; bad input names its field; and fifty
// creations at once from two servers on one PostgreSQL never pass a limit together.
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionBody } from '#/sandbox/testing';
import { DIALECTS } from '../store/testing';
import { quoteBatch, startTestDashboard, type TestDashboard, uploadBatchFile } from '../testing';

type Who = Record<'admin' | 'finance' | 'operations', string>;

async function people(t: TestDashboard, admin: string) {
  const list = (await t.call(admin, 'GET', '/admin/users')).json.results as {
    id: string;
    email: string;
  }[];
  return Object.fromEntries(list.map((p) => [p.email.split('@')[0]!, p.id]));
}

/** Adds a limit as `cookie`: the API's answer. */
const addLimit = (
  t: TestDashboard,
  cookie: string,
  scope: string,
  target: string | undefined,
  period: string,
  amount: string,
) => t.call(cookie, 'POST', '/controls/limits', { scope, target, period, amount });

const count = (sandbox: TestDashboard['sandbox']) =>
  (sandbox.db.prepare('SELECT COUNT(*) AS n FROM txn').get() as { n: number }).n;

describe('limits on what may be created', () => {
  let t: TestDashboard;
  let who: Who;
  let ids: Record<string, string>;
  beforeAll(async () => {
    t = await startTestDashboard();
    who = await t.demoCookies('admin', 'finance', 'operations');
    ids = await people(t, who.admin);
    parties = await t.parties(who.operations);
  });
  afterAll(() => t.close());

  let parties: Awaited<ReturnType<TestDashboard['parties']>>;
  const create = async (cookie: string, toAmount: string) =>
    t.call(cookie, 'POST', '/v1/sendf2f/', transactionBody(parties, 'sendf2f', { toAmount }));

  it('refuses bad limits, naming the field', async () => {
    const bad = await addLimit(t, who.admin, 'team', '*', 'week', 'lots');
    expect(bad.status).toBe(400);
    expect((bad.json.errors as { field: string }[]).map((e) => e.field).sort()).toEqual([
      'amount',
      'period',
      'scope',
    ]);
    const nobody = await addLimit(t, who.admin, 'person', 'nobody', 'day', '100');
    expect(nobody.status).toBe(400);
    expect(nobody.json.errors[0].field).toBe('target');
    const notAdmin = await addLimit(t, who.finance, 'workspace', '*', 'day', '100');
    expect(notAdmin.status).toBe(403);
  });

  it('refuses a payout over a person’s day limit in words, and shows the use', async () => {
    const added = await addLimit(t, who.admin, 'person', ids.finance, 'day', '5,000');
    expect(added.status).toBe(200);
    expect(added.json).toMatchObject({ targetName: 'Fatima Finance', amount: '5000' });
    expect((await create(who.finance, '3000.00')).status).toBe(200);
    const before = count(t.sandbox);
    const over = await create(who.finance, '2500.00');
    expect(over.status).toBe(403);
    expect(over.json).toMatchObject({
      code: 'LIMIT_EXCEEDED',
      detail:
        'Fatima Finance has created 3,000.00 EUR of their 5,000.00 EUR day limit; this payout would take them to 5,500.00 EUR.',
    });
    expect(count(t.sandbox)).toBe(before);
    // In Fatima's language when she chose one, with its number formats.
    await t.call(who.finance, 'PUT', '/account/language', { language: 'de' });
    const german = await create(who.finance, '2500.00');
    await t.call(who.finance, 'PUT', '/account/language', { language: null });
    expect(german.json.detail).toBe(
      'Fatima Finance hat 3.000,00 EUR des Tageslimits von 5.000,00 EUR angelegt; diese Auszahlung brächte es auf 5.500,00 EUR.',
    );
    // Someone else is not bound by Fatima's limit.
    expect((await create(who.operations, '2500.00')).status).toBe(200);
    const limits = (await t.call(who.finance, 'GET', '/controls/limits')).json;
    expect(limits.baseCurrency).toBe('EUR');
    expect(limits.results[0]).toMatchObject({ targetName: 'Fatima Finance', used: '3000' });
    await t.call(who.admin, 'DELETE', `/controls/limits/${added.json.id}`);
  });

  it('refuses a single payout over a per-transaction limit for each person', async () => {
    const added = await addLimit(t, who.admin, 'person', '*', 'transaction', '10000');
    const over = await create(who.operations, '12000.00');
    expect(over.status).toBe(403);
    expect(over.json.detail).toBe(
      'Omar Operations may create at most 10,000.00 EUR per transaction; this payout is 12,000.00 EUR.',
    );
    expect((await create(who.operations, '9000.00')).status).toBe(200);
    const removed = await t.call(who.admin, 'DELETE', `/controls/limits/${added.json.id}`);
    expect(removed.json).toEqual({ id: added.json.id, deleted: true });
    expect((await create(who.operations, '12000.00')).status).toBe(200);
  });

  it('gives a reservation back when the API refuses the creation', async () => {
    const added = await addLimit(t, who.admin, 'workspace', '*', 'day', '100000');
    const used = async () =>
      Number((await t.call(who.admin, 'GET', '/controls/limits')).json.results.at(-1).used);
    const before = await used();
    const tester = (await t.signIn('tester@demo.example')).cookie;
    expect(
      (
        await t.call(tester, 'POST', '/v1/sandbox/faults/', {
          operationId: 'sendf2fCreate',
          kind: 'error',
          count: 1,
        })
      ).status,
    ).toBe(200);
    expect((await create(who.operations, '800.00')).status).toBe(500);
    expect(await used()).toBe(before);
    expect((await create(who.operations, '800.00')).status).toBe(200);
    expect(await used()).toBe(before + 800);
    await t.call(who.admin, 'DELETE', `/controls/limits/${added.json.id}`);
  });

  it('holds a merchant to its month limit, whoever creates', async () => {
    const added = await addLimit(
      t,
      who.admin,
      'merchant',
      String(parties.merchantId),
      'month',
      '1',
    );
    expect(added.json.targetName).toMatch(/\(#\d+\)$/);
    const over = await create(who.operations, '5.00');
    expect(over.status).toBe(403);
    expect(over.json.detail).toMatch(/has been paid [\d,.]+ EUR of its 1\.00 EUR month limit/);
    await t.call(who.admin, 'DELETE', `/controls/limits/${added.json.id}`);
  });
});

describe('a limit on a bulk file’s rows', () => {
  let t: TestDashboard;
  let who: Who & { approver: string };
  beforeAll(async () => {
    t = await startTestDashboard();
    who = await t.demoCookies('admin', 'finance', 'operations', 'approver');
  });
  afterAll(() => t.close());

  it('fails the row that would pass the uploader’s day limit, in words, and pays the rest', async () => {
    const ids = await people(t, who.admin);
    const parties = await t.parties(who.operations);
    await addLimit(t, who.admin, 'person', ids.finance, 'day', '100');
    const m = parties.merchantId;
    const uploaded = await uploadBatchFile(t.base, who.finance, [
      `${m},ACC-EUR,USDT(TRC20),60,SALARY,L-1`,
      `${m},ACC-EUR,USDT(TRC20),70,SALARY,L-2`,
    ]);
    expect((await quoteBatch(t.base, who.finance, uploaded.id)).status).toBe(200);
    const approved = await t.call(who.approver, 'POST', `/batches/${uploaded.id}/decision`, {
      decision: 'approve',
    });
    expect(approved.status).toBe(200);
    let batch = approved.json;
    for (let i = 0; i < 200 && ['submitting', 'awaiting_approval'].includes(batch.status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      batch = (await t.call(who.finance, 'GET', `/batches/${uploaded.id}`)).json;
    }
    const rows = batch.rows as { state: string; failure: string | null }[];
    expect(rows.filter((r) => r.state !== 'failed')).toHaveLength(1);
    expect(rows.find((r) => r.state === 'failed')?.failure).toMatch(
      /^Fatima Finance has created 60\.00 EUR of their 100\.00 EUR day limit; this payout would take them to 130\.00 EUR\.$|^Fatima Finance has created 70\.00 EUR of their 100\.00 EUR day limit; this payout would take them to 130\.00 EUR\.$/,
    );
  });
});

describe.each(DIALECTS.filter((d) => d === 'postgres'))(
  'a limit under fifty creations at once on two servers (%s)',
  (dialect) => {
    let a: TestDashboard;
    let b: TestDashboard;
    let who: Who;
    beforeAll(async () => {
      a = await startTestDashboard({ dialect });
      b = await startTestDashboard({ alongside: a });
      who = await a.demoCookies('admin', 'finance', 'operations');
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('never lets them pass the workspace’s day limit together', async () => {
      const added = await addLimit(a, who.admin, 'workspace', '*', 'day', '10000');
      expect(added.status).toBe(200);
      const parties = await a.parties(who.operations);
      const finance = (await b.demoCookies('finance')).finance;
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          (i % 2 === 0 ? a : b).call(
            i % 2 === 0 ? who.finance : finance,
            'POST',
            '/v1/sendf2f/',
            transactionBody(parties, 'sendf2f', { toAmount: '1000.00' }),
          ),
        ),
      );
      const made = answers.filter((r) => r.status === 200);
      const refused = answers.filter((r) => r.status === 403);
      expect(made.length + refused.length).toBe(50);
      expect(made.length).toBe(10);
      for (const r of refused) expect(r.json.code).toBe('LIMIT_EXCEEDED');
      const total = made.reduce((sum, r) => sum.plus(r.json.toAmount as string), new Decimal(0));
      expect(total.lte(10000)).toBe(true);
      const limits = (await b.call(finance, 'GET', '/controls/limits')).json;
      expect(limits.results[0].used).toBe('10000');
    });
  },
);
