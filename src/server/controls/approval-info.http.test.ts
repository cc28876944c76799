// What an approver sees before approving, and the rules behind it, over HTTP against the embedded
// sandbox (docs/decisions/041, 042): the quote's deposit, rate, markup and expiry; the payee by
// name with "first payment"; an expired quote refused; the approval settings with their fields
// named; a base-currency policy applied to another currency at the rate recorded with the
// decision.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdTransaction, startTestDashboard, type TestDashboard } from '../testing';

let t: TestDashboard;
/** The dashboard's clock runs this far ahead of the sandbox's. */
let ahead = 0;
let who: Record<'admin' | 'finance' | 'approver' | 'approver2' | 'operations', string>;

async function signInEveryone() {
  who = await t.demoCookies('admin', 'finance', 'approver', 'approver2', 'operations');
}

beforeAll(async () => {
  t = await startTestDashboard({ now: () => Date.now() + ahead });
  await signInEveryone();
});
afterAll(() => t.close());

async function quoted(
  product: 'sendc2f' | 'sendf2f',
  toAmount: string,
  currency: 'EUR' | 'GBP' = 'EUR',
) {
  const p = await t.parties(who.operations);
  return createdTransaction(t, who.finance, p, product, {
    over: { toAmount },
    currency,
    quoted: true,
  });
}

describe('what an approver sees', () => {
  it('shows the quote: deposit, rate, markup against the reference rate, and its expiry', async () => {
    const id = await quoted('sendc2f', '2750');
    const tx = (await t.call(who.approver, 'GET', `/v1/sendc2f/${id}`)).json;
    const controls = await t.call(who.approver, 'GET', `/controls/transactions/sendc2f/${id}`);
    expect(controls.status).toBe(200);
    expect(controls.json.quote).toEqual({
      source: 'api',
      depositAmount: tx.fromAmount,
      // The API's own rate at the precision it gave (decision 067), not one worked out from the
      // amounts (0.9124423962 here), and the fee it includes as money.
      rate: '0.9124423963',
      rateGiven: true,
      fee: '30.138889',
      quotedAt: tx.lastUpdateTime,
      expiresAt: tx.lastUpdateTime + 24 * 60 * 60 * 1000,
      expired: false,
      referenceRate: '0.9216589862',
      markupPercent: '1.00',
    });
    expect(controls.json.recipient).toMatchObject({
      accountHolderName: 'Lumen Textiles GmbH',
      firstPayment: true,
      recorded: true,
    });
    expect(controls.json.creator).toMatchObject({ name: 'Fatima Finance' });
    // What Finance was quoted on the pricing page is the rate the approver sees.
    const price = await t.call(who.finance, 'POST', '/v1/sendc2f/price', {
      fromCurrencySymbol: 'USDT(TRC20)',
      toCurrencySymbol: 'EUR',
      toAmount: '2750',
    });
    expect(String(price.json.rate)).toBe(controls.json.quote.rate);
  });

  it('names the payee of a transaction made outside the dashboard, as the account reads now', async () => {
    const p = await t.parties(who.operations);
    const id = await createdTransaction(t, who.finance, p, 'sendc2f', {
      direct: true,
      quoted: true,
    });
    const before = Date.now();
    const controls = await t.call(who.approver, 'GET', `/controls/transactions/sendc2f/${id}`);
    expect(controls.status).toBe(200);
    expect(controls.json.recipient).toMatchObject({
      accountHolderName: 'Lumen Textiles GmbH',
      bankName: 'Deutsche Bank',
      number: '•••• CEUR',
      recorded: false,
      changedSince: null,
    });
    expect(controls.json.recipient.recordedAt).toBeGreaterThanOrEqual(before);
    // Nobody is named as its creator: the dashboard did not see it made.
    expect(controls.json.creator).toBeNull();
  });

  it('lists a waiting quote in the inbox with its rate, expiry and payee', async () => {
    const id = await quoted('sendc2f', '1375');
    const inbox = await t.call(who.approver, 'GET', '/controls/inbox?scope=you&limit=100');
    const row = inbox.json.results.find((r: { transactionId: number }) => r.transactionId === id);
    expect(row).toMatchObject({
      quote: { source: 'api', expired: false, rate: expect.stringMatching(/^0\.9124/) },
      payee: {
        accountHolderName: 'Lumen Textiles GmbH',
        bankName: 'Deutsche Bank',
        number: '•••• CEUR',
        firstPayment: true,
        recorded: true,
      },
    });
    expect(row.quote.expiresAt).toBeGreaterThan(Date.now());
  });

  it('prices a collection, which the API quotes only on approval, at today’s rate', async () => {
    const p = await t.parties(who.operations);
    const id = await createdTransaction(t, who.finance, p, 'receive');
    const controls = await t.call(who.approver, 'GET', `/controls/transactions/receive/${id}`);
    expect(controls.json.quote).toMatchObject({
      source: 'priceNow',
      depositAmount: expect.stringMatching(/^\d+\.\d{2}$/),
      expiresAt: null,
      expired: false,
      markupPercent: '0.50',
    });
  });
});

describe('an expired quote', () => {
  it('is refused, not sent to the API, and said so on its page', async () => {
    const id = await quoted('sendf2f', '420');
    ahead = 25 * 60 * 60 * 1000;
    try {
      // A day later: sessions of yesterday have ended; the approver signs in again.
      const approver = (await t.signIn('approver@demo.example')).cookie;
      const controls = await t.call(approver, 'GET', `/controls/transactions/sendf2f/${id}`);
      expect(controls.json.quote).toMatchObject({ expired: true });
      const refused = await t.call(approver, 'POST', `/v1/sendf2f/approveQuote/${id}`);
      expect(refused.status).toBe(409);
      expect(refused.json).toMatchObject({ code: 'QUOTE_EXPIRED' });
      expect(refused.json.detail).toMatch(
        new RegExp(
          `^The quote of #${id} expired on \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC \\(quotes may be approved for [\\d,]+ minutes\\): quote it again\\.$`,
        ),
      );
      // In the approver's language, the code unchanged (docs/decisions/091); back to English.
      await t.call(approver, 'PUT', '/account/language', { language: 'de' });
      const german = await t.call(approver, 'POST', `/v1/sendf2f/approveQuote/${id}`);
      expect(german.json).toMatchObject({ code: 'QUOTE_EXPIRED' });
      expect(german.json.detail).toMatch(
        new RegExp(
          `^Das Kursangebot für #${id} ist am .+ UTC abgelaufen .*Minuten lang freigegeben`,
        ),
      );
      await t.call(approver, 'PUT', '/account/language', { language: 'en' });
      expect((await t.call(approver, 'GET', `/v1/sendf2f/${id}`)).json.clientStatus).toBe(
        'OnOff_AWAITING_QUOTE_APPROVAL',
      );
      // Nobody can approve it: it still waits for everyone, but is in nobody's own queue or count.
      const listed = async (scope: string) =>
        (
          (await t.call(approver, 'GET', `/controls/inbox?scope=${scope}&limit=100`)).json
            .results as { transactionId: number; product: string }[]
        ).some((r) => r.product === 'sendf2f' && r.transactionId === id);
      expect(await listed('everyone')).toBe(true);
      expect(await listed('you')).toBe(false);
      const you = (await t.call(approver, 'GET', '/controls/inbox?scope=you&limit=100')).json;
      const counts = (await t.call(approver, 'GET', '/controls/inbox/count')).json;
      expect(counts.you).toBe(
        you.results.length + you.changes.length + you.batches.length + you.batchDeposits.length,
      );
      expect(counts.everyone).toBeGreaterThan(counts.you);
    } finally {
      ahead = 0;
      await signInEveryone();
    }
    // Within its validity it is approved.
    expect((await t.call(who.approver, 'POST', `/v1/sendf2f/approveQuote/${id}`)).status).toBe(200);
  });
});

describe('the approval settings', () => {
  it('are read by anyone and changed by an admin, with the base currency as the list spells it', async () => {
    expect((await t.call(who.finance, 'GET', '/controls/settings')).json).toEqual({
      quoteValidityMinutes: 1440,
      stepUpMinutes: 5,
      baseCurrency: 'EUR',
      remindAfterHours: 4,
      escalateAfterHours: 24,
      expireAfterDays: 7,
      linkMinutes: 15,
    });
    expect(
      (
        await t.call(who.finance, 'PUT', '/controls/settings', {
          quoteValidityMinutes: 60,
          stepUpMinutes: 5,
          baseCurrency: 'EUR',
        })
      ).status,
    ).toBe(403);
    const saved = await t.call(who.admin, 'PUT', '/controls/settings', {
      quoteValidityMinutes: 1440,
      stepUpMinutes: 5,
      baseCurrency: ' eur ',
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.baseCurrency).toBe('EUR');
  });

  it.each([
    ['quoteValidityMinutes', { quoteValidityMinutes: 2 }],
    ['stepUpMinutes', { stepUpMinutes: 61 }],
    ['baseCurrency', { baseCurrency: 'USDT(TRC20)' }],
    ['baseCurrency', { baseCurrency: 'EURO' }],
    ['remindAfterHours', { remindAfterHours: 0 }],
    ['escalateAfterHours', { remindAfterHours: 8, escalateAfterHours: 8 }],
    ['expireAfterDays', { escalateAfterHours: 48, expireAfterDays: 2 }],
  ])('name the %s they cannot take', async (field, change) => {
    const answer = await t.call(who.admin, 'PUT', '/controls/settings', {
      quoteValidityMinutes: 1440,
      stepUpMinutes: 5,
      baseCurrency: 'EUR',
      ...change,
    });
    expect(answer.status).toBe(400);
    expect(answer.json.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    expect((await t.call(who.admin, 'GET', '/controls/settings')).json.baseCurrency).toBe('EUR');
  });
});

describe('a base-currency policy', () => {
  it('applies to a GBP quote at the rate the API quotes, recorded with the decision', async () => {
    const policy = await t.call(who.admin, 'POST', '/controls/policies', {
      action: 'approveQuote',
      currency: '*',
      minAmount: '1000',
      inBase: true,
      approvers: 2,
    });
    expect(policy.status, JSON.stringify(policy.json)).toBe(200);
    expect(policy.json).toMatchObject({ inBase: true, currency: '*', minAmount: '1000' });
    try {
      // 900 GBP is over 1,000 EUR; 800 GBP is under (GBP is worth about 1.16 EUR here).
      const large = await quoted('sendf2f', '900', 'GBP');
      const small = await quoted('sendf2f', '800', 'GBP' as 'EUR');
      const held = await t.call(who.approver, 'POST', `/v1/sendf2f/approveQuote/${large}`);
      expect(held.status, JSON.stringify(held.json)).toBe(202);
      expect(held.json.approval.required).toBe(2);
      const [conversion] = held.json.approval.decisions[0].conversions;
      expect(conversion).toMatchObject({ from: 'GBP', to: 'EUR', amount: '900.00' });
      expect(Number(conversion.value)).toBeGreaterThan(1000);
      expect(conversion.value).toBe(
        String(Number((900 * Number(conversion.rate)).toFixed(10))).replace(/\.?0+$/, ''),
      );
      const done = await t.call(who.approver, 'POST', `/v1/sendf2f/approveQuote/${small}`);
      expect(done.status, JSON.stringify(done.json)).toBe(200);
      // A policy in one currency refuses the base-currency flag.
      const mixed = await t.call(who.admin, 'POST', '/controls/policies', {
        action: 'approveQuote',
        currency: 'GBP',
        minAmount: '1000',
        inBase: true,
        approvers: 2,
      });
      expect(mixed.status).toBe(400);
      expect(mixed.json.errors.map((e: { field: string }) => e.field)).toEqual(['currency']);
    } finally {
      await t.call(who.admin, 'DELETE', `/controls/policies/${policy.json.id}`);
    }
  });
});
