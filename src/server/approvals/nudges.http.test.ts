// Approvals nobody acts on (docs/decisions/086), through the `approval reminders` job of two
// servers sharing one database, with the dashboard's clock moved ahead of the sandbox's: after
// four hours the approvers (not the creator) are reminded once, after a day the admins are told
// once, after a week the approval expires, the payout is cancelled through the API and its
// creator is told; each step audited once, whichever server's pass finds it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankDetails } from '#/api/payee';
import { controlsStore } from '../controls/store';
import { listAudit } from '../store/audit';
import { sayText } from '../words';
import { DIALECTS } from '../store/testing';
import {
  createdTransaction,
  quoteBatch,
  startTestDashboard,
  type TestDashboard,
  uploadBatchFile,
} from '../testing';

const HOUR = 60 * 60 * 1000;

describe.each(DIALECTS)('approvals nobody acts on (%s)', (dialect) => {
  let a: TestDashboard;
  let b: TestDashboard;
  /** The dashboards' clock runs this far ahead of the sandbox's. */
  let ahead = 0;
  let who: Record<'admin' | 'finance' | 'approver' | 'operations', string>;
  let id: number;

  /** Both servers' passes at once, `hours` after the payout began to wait. */
  async function passesAt(hours: number) {
    ahead = hours * HOUR;
    await Promise.all([a, b].map((t) => t.server.app.dashboard.jobs.kick('approval reminders')));
    // Sessions idle out as the clock jumps: everyone signs in again to read their bell.
    who = await a.demoCookies('admin', 'finance', 'approver', 'operations');
  }

  const titles = async (cookie: string) =>
    ((await a.call(cookie, 'GET', '/notifications?limit=50')).json.results as { title: string }[])
      .map((n) => n.title)
      .filter((title) => title.includes(`#${id}`));

  const audited = async (action: string) =>
    (await listAudit(a.db, { action, limit: 10 })).results.filter(
      (e) => e.target === `sendc2f:${id}`,
    );

  beforeAll(async () => {
    a = await startTestDashboard({ dialect, now: () => Date.now() + ahead });
    b = await startTestDashboard({ alongside: a, now: () => Date.now() + ahead });
    who = await a.demoCookies('admin', 'finance', 'approver', 'operations');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('reminds nobody before four hours', async () => {
    const parties = await a.parties(who.operations);
    id = await createdTransaction(a, who.finance, parties, 'sendc2f', { quoted: true });
    // The servers see it wait from its first minute.
    await passesAt(0);
    await passesAt(3.9);
    // Only the notice that it waits, at its creation.
    expect(await titles(who.approver)).toEqual([`Payout #${id} waits for your quote approval`]);
    expect(await audited('approval reminded')).toEqual([]);
  });

  it('reminds the approvers once after four hours, with the quote’s expiry, not the creator', async () => {
    await passesAt(4.1);
    await passesAt(5);
    const reminders = (await titles(who.approver)).filter((t) => t.startsWith('Reminder'));
    expect(reminders).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Reminder: the quote approval of Payout #${id} \\(.+ EUR\\), waiting for 4 hours$`,
        ),
      ),
    ]);
    const bell = (await a.call(who.approver, 'GET', '/notifications?limit=50')).json.results as {
      title: string;
      body: string;
    }[];
    expect(bell.find((n) => n.title.startsWith('Reminder'))!.body).toMatch(
      /Its quote may be approved until \d{4}-\d\d-\d\d \d\d:\d\d UTC\./,
    );
    expect((await titles(who.finance)).filter((t) => t.startsWith('Reminder'))).toEqual([]);
    expect(await audited('approval reminded')).toHaveLength(1);
  });

  it('tells the admins once after a day', async () => {
    await passesAt(24.5);
    await passesAt(30);
    expect((await titles(who.admin)).filter((t) => t.startsWith('Nobody has approved'))).toEqual([
      `Nobody has approved the quote approval of Payout #${id} (${await amountOf()}) in 24 hours`,
    ]);
    expect(await audited('approval escalated')).toHaveLength(1);
  });

  it('expires it after a week: the payout cancelled through the API, its creator told', async () => {
    await passesAt(7 * 24 + 1);
    await passesAt(7 * 24 + 2);
    const payout = (await a.call(who.finance, 'GET', `/v1/sendc2f/${id}`)).json;
    expect(payout.clientStatus).toMatch(/CANCEL/);
    const told = (await titles(who.finance)).filter((t) => t.startsWith('Expired'));
    expect(told).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Expired, as nobody decided in 7 days: the quote approval of Payout #${id} .+$`,
        ),
      ),
    ]);
    const expired = await audited('approval expired');
    expect(expired).toHaveLength(1);
    expect(expired[0]!.details).toMatchObject({ cancelled: 'cancelled' });
  });

  async function amountOf() {
    const payout = (await a.call(who.finance, 'GET', `/v1/sendc2f/${id}`)).json;
    return `${Number(payout.toAmount).toLocaleString('en-US', { minimumFractionDigits: 2 })} ${payout.toCurrencySymbol}`;
  }

  it('reminds of new bank details nobody approved, and expires them, telling their author', async () => {
    ahead = 0;
    const store = controlsStore(a.db, () => Date.now() + ahead);
    const onboarding = (await a.server.workspace.userByEmail('onboarding@demo.example'))!;
    const bank = { iban: 'DE89370400440532013000' } as unknown as BankDetails;
    const held = await store.openPayeeChange({
      environment: 'sandbox',
      accountId: 4242,
      currency: 'EUR',
      author: { id: onboarding.id, name: onboarding.name },
      body: '{}',
      change: { businessId: 1, before: bank, after: bank, changed: ['iban'], warnings: [] },
    });
    const request = 'change' in held ? held.change : held.pending;
    await passesAt(0);
    await passesAt(4.5);
    expect(
      (
        (await a.call(who.approver, 'GET', '/notifications?limit=50')).json.results as {
          title: string;
        }[]
      ).map((n) => n.title),
    ).toContain(
      'Reminder: the new bank details of payout account #4242 (asked by Olu Onboarding), waiting for 4 hours',
    );
    await passesAt(7 * 24 + 1);
    const closed = await store.request(request.id);
    expect(closed?.status).toBe('expired');
    // Why it closed is kept as words: each reader reads it in their language.
    expect(sayText(null, closed!.reason!)).toBe('Nobody decided within 7 days.');
    expect(sayText('de', closed!.reason!)).toBe('Niemand hat innerhalb von 7 Tagen entschieden.');
    const author = (await a.signIn('onboarding@demo.example')).cookie;
    expect(
      (
        (await a.call(author, 'GET', '/notifications?limit=50')).json.results as {
          title: string;
        }[]
      ).map((n) => n.title),
    ).toContain(
      'Expired, as nobody decided in 7 days: the new bank details of payout account #4242 (asked by Olu Onboarding)',
    );
  });
  it('counts a wait from when it was first seen, when that is later (after an upgrade)', async () => {
    const parties = await a.parties(who.operations);
    const old = await createdTransaction(a, who.finance, parties, 'sendc2f', { quoted: true });
    const audit = async () =>
      (await listAudit(a.db, { action: 'approval reminded', limit: 20 })).results.filter(
        (e) => e.target === `sendc2f:${old}`,
      );
    // First seen ten days after it began to wait: nothing expires at once.
    await passesAt(240);
    expect(await audit()).toEqual([]);
    await passesAt(244.5);
    expect(await audit()).toHaveLength(1);
  });

  it('reminds the approvers of a bulk file waiting for its approval', async () => {
    await passesAt(300);
    const parties = await a.parties(who.operations);
    const uploaded = await uploadBatchFile(a.base, who.finance, [
      `${parties.merchantId},ACC-EUR,USDT(TRC20),1000,SUPPLIER_PAYMENT,NUDGE-1`,
    ]);
    expect((await quoteBatch(a.base, who.finance, uploaded.id)).json.status).toBe(
      'awaiting_approval',
    );
    await passesAt(300);
    await passesAt(304.5);
    const bell = (await a.call(who.approver, 'GET', '/notifications?limit=50')).json.results as {
      title: string;
      body: string;
    }[];
    const reminder = bell.find(
      (n) => n.title === 'Reminder: the bulk file march.csv, waiting for 4 hours',
    );
    expect(reminder?.body).toMatch(/Its quotes may be approved until/);
  });

  it('does not remind an approver who approved already, when two are needed', async () => {
    // Back to the sandbox's time: a quote is approved within its validity.
    await passesAt(0);
    const policy = await a.call(who.admin, 'POST', '/controls/policies', {
      action: 'approveQuote',
      currency: '*',
      minAmount: '0',
      approvers: 2,
    });
    expect(policy.status, JSON.stringify(policy.json)).toBe(200);
    const parties = await a.parties(who.operations);
    const two = await createdTransaction(a, who.finance, parties, 'sendc2f', { quoted: true });
    expect((await a.call(who.approver, 'POST', `/v1/sendc2f/approveQuote/${two}`)).status).toBe(
      202,
    );
    await passesAt(0);
    await passesAt(4.5);
    const reminded = async (cookie: string) =>
      ((await a.call(cookie, 'GET', '/notifications?limit=50')).json.results as { title: string }[])
        .map((n) => n.title)
        .filter((title) => title.startsWith('Reminder') && title.includes(`#${two} `));
    const second = (await a.signIn('approver2@demo.example')).cookie;
    expect(await reminded(second)).toHaveLength(1);
    expect(await reminded(who.approver)).toEqual([]);
  });

  it('reminds the other admin of a held settings change, not its author', async () => {
    await passesAt(0);
    const added = await a.call(who.admin, 'POST', '/admin/users', {
      email: 'ben@example.com',
      name: 'Ben Second',
      roles: ['admin'],
    });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    const held = await a.call(who.admin, 'PUT', '/controls/settings', {
      quoteValidityMinutes: 60,
      stepUpMinutes: 5,
      baseCurrency: 'EUR',
    });
    expect(held.status).toBe(202);
    await passesAt(0);
    await passesAt(4.5);
    const titlesOf = async (email: string) => {
      const user = (await a.server.workspace.userByEmail(email))!;
      const rows = await a.db.db
        .selectFrom('notification')
        .select('title')
        .where('user_id', '=', user.id)
        .execute();
      return rows.map((r) => r.title).filter((title) => title.startsWith('Reminder: the settings'));
    };
    expect(await titlesOf('ben@example.com')).toEqual([
      'Reminder: the settings change Ada Admin asked for, waiting for 4 hours',
    ]);
    expect(await titlesOf('admin@demo.example')).toEqual([]);
  });
});
