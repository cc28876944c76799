// Scheduled payouts (docs/decisions/090) through the `scheduled payouts` job of two servers on one
// database, with the dashboards' clock set to 10:00 UTC of today and moved on: a run makes its
// payout once whichever server passes, the approvers are told, its quote approved before the
// cut-off ends it; unapproved at the cut-off it is cancelled at the API and skipped, its creator
// and approvers told; a day nobody ran is skipped without a payout; bad schedules name the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../store/testing';
import { startTestDashboard, type TestDashboard } from '../testing';

const HOUR = 60 * 60_000;

describe.each(DIALECTS)('scheduled payouts (%s)', (dialect) => {
  let a: TestDashboard;
  let b: TestDashboard;
  const started = Date.now();
  const today = new Date(started).toISOString().slice(0, 10);
  const morning = Date.parse(`${today}T10:00:00Z`);
  let ahead = 0;
  const clock = () => morning + ahead + (Date.now() - started);
  let who: Record<'finance' | 'operations' | 'approver', string>;
  let parties: Awaited<ReturnType<TestDashboard['parties']>>;

  const signIn = async () => {
    who = await a.demoCookies('finance', 'operations', 'approver');
  };
  const passes = () =>
    Promise.all([a, b].map((t) => t.server.app.dashboard.jobs.kick('scheduled payouts')));
  const schedule = (body: object) => a.call(who.finance, 'POST', '/schedules', body);
  const payout = () => ({
    fromBusinessId: parties.merchantId,
    toBusinessExternalAccountId: parties.accounts.EUR,
    fromCurrencySymbol: 'USDT(TRC20)',
    toAmount: '1250.00',
    purpose: 'SUPPLIER_PAYMENT',
  });
  const listed = async (id: string) =>
    (
      (await a.call(who.finance, 'GET', '/schedules?status=all')).json.results as {
        id: string;
        nextRun: string | null;
        status: string;
        runs: { date: string; status: string; transactionId: number | null; reason: string }[];
      }[]
    ).find((s) => s.id === id)!;
  const titles = async (cookie: string) =>
    (
      (await a.call(cookie, 'GET', '/notifications?limit=50')).json.results as { title: string }[]
    ).map((n) => n.title);

  beforeAll(async () => {
    a = await startTestDashboard({ dialect, now: clock });
    b = await startTestDashboard({ alongside: a, now: clock });
    await signIn();
    parties = await a.parties(who.operations);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('refuses a schedule that cannot run, naming the field', async () => {
    const past = await schedule({
      product: 'sendc2f',
      body: payout(),
      repeat: 'once',
      date: '2020-01-01',
    });
    expect(past.status).toBe(400);
    expect(past.json.errors[0].field).toBe('date');
    const monthly = await schedule({
      product: 'sendc2f',
      body: payout(),
      repeat: 'monthly',
      date: today,
    });
    expect(monthly.json.errors[0].field).toBe('dayOfMonth');
    const late = await schedule({
      product: 'sendc2f',
      body: payout(),
      repeat: 'once',
      date: today,
      cutoff: '09:00',
    });
    expect(late.json.errors[0].field).toBe('cutoff');
    const bad = await schedule({
      product: 'sendc2f',
      body: { ...payout(), toBusinessExternalAccountId: 999_999 },
      repeat: 'once',
      date: today,
    });
    expect(bad.json.errors[0].field).toBe('body.toBusinessExternalAccountId');
    expect((await a.call(who.approver, 'POST', '/schedules', {})).status).toBe(403);
  });

  it('makes the day’s payout once, and ends once its quote is approved', async () => {
    const made = await schedule({
      product: 'sendc2f',
      body: payout(),
      repeat: 'once',
      date: today,
      cutoff: '16:00',
    });
    expect(made.status).toBe(200);
    expect(made.json).toMatchObject({
      nextRun: today,
      status: 'active',
      payeeName: expect.any(String),
    });
    await passes();
    await passes();
    const run = (await listed(made.json.id)).runs;
    expect(run).toHaveLength(1);
    expect(run[0]).toMatchObject({ date: today, status: 'created' });
    const id = run[0]!.transactionId!;
    expect(await titles(who.approver)).toContain(`Payout #${id} waits for your quote approval`);
    await expect
      .poll(async () => (await a.call(who.finance, 'GET', `/v1/sendc2f/${id}`)).json.clientStatus)
      .toBe('OnOff_AWAITING_QUOTE_APPROVAL');
    expect((await a.call(who.approver, 'POST', `/v1/sendc2f/approveQuote/${id}`)).status).toBe(200);
    await passes();
    expect(await listed(made.json.id)).toMatchObject({
      status: 'ended',
      nextRun: null,
      runs: [{ status: 'approved', transactionId: id }],
    });
  });

  it('skips a run whose approvals miss the cut-off, cancelling its payout, and moves to next month', async () => {
    const day = Number(today.slice(8, 10));
    const made = await schedule({
      product: 'sendc2f',
      body: payout(),
      repeat: 'monthly',
      dayOfMonth: day,
      date: today,
      cutoff: '15:00',
    });
    expect(made.json.nextRun).toBe(today);
    await passes();
    const id = (await listed(made.json.id)).runs[0]!.transactionId!;
    await expect
      .poll(async () => (await a.call(who.finance, 'GET', `/v1/sendc2f/${id}`)).json.clientStatus)
      .toBe('OnOff_AWAITING_QUOTE_APPROVAL');
    ahead = 6 * HOUR; // 16:00 UTC: past the cut-off
    await passes();
    await signIn();
    expect((await a.call(who.finance, 'GET', `/v1/sendc2f/${id}`)).json.clientStatus).toBe(
      'OnOff_CANCELED',
    );
    const after = await listed(made.json.id);
    expect(after.runs[0]).toMatchObject({
      status: 'skipped',
      reason: expect.stringContaining('cut-off'),
    });
    expect(after.status).toBe('active');
    expect(after.nextRun! > today).toBe(true);
    expect(after.nextRun!.slice(8, 10)).toBe(
      String(
        Math.min(
          day,
          new Date(
            Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) + 1, 0),
          ).getUTCDate(),
        ),
      ).padStart(2, '0'),
    );
    const told = (t: string) =>
      t.startsWith('The scheduled payout of 1,250.00 EUR to payout account') &&
      t.endsWith('was skipped');
    expect((await titles(who.finance)).some(told)).toBe(true);
    expect((await titles(who.approver)).some(told)).toBe(true);
    ahead = 0;
    await signIn();
  });

  it('skips a day nobody ran before its cut-off, without a payout', async () => {
    const tomorrow = new Date(morning + 24 * HOUR).toISOString().slice(0, 10);
    const made = await schedule({
      product: 'sendc2f',
      body: payout(),
      repeat: 'once',
      date: tomorrow,
    });
    ahead = 32 * HOUR; // tomorrow 18:00 UTC, the servers having slept all day
    await passes();
    await signIn();
    expect(await listed(made.json.id)).toMatchObject({
      status: 'ended',
      runs: [{ date: tomorrow, status: 'skipped', transactionId: null }],
    });
    ahead = 0;
    await signIn();
  });

  it('cancels a schedule: no further run', async () => {
    const tomorrow = new Date(morning + 24 * HOUR).toISOString().slice(0, 10);
    const made = await schedule({
      product: 'sendc2f',
      body: payout(),
      repeat: 'monthly',
      dayOfMonth: 1,
      date: tomorrow,
    });
    const cancelled = await a.call(who.finance, 'DELETE', `/schedules/${made.json.id}`);
    expect(cancelled.json).toMatchObject({ status: 'cancelled', nextRun: null });
    expect((await a.call(who.finance, 'DELETE', `/schedules/${made.json.id}`)).status).toBe(409);
  });
});
