// The money controls over HTTP, through the dashboard against the embedded sandbox: the ways
// past dual control and payee safety that people found are refused or made to apply, and the
// inbox lists what waits, for whom.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutAccountBody, transactionBody } from '#/sandbox/testing';
import {
  createdTransaction,
  type DemoPerson,
  startTestDashboard,
  type TestDashboard,
} from '../testing';

let t: TestDashboard;
let who: Record<DemoPerson, string>;
let onboardingApprover: string;

beforeAll(async () => {
  t = await startTestDashboard();
  who = await t.demoCookies(
    'admin',
    'onboarding',
    'finance',
    'approver',
    'approver2',
    'viewer',
    'tester',
    'operations',
  );
  const { password } = await t.server.workspace.createUser({
    email: 'both@example.com',
    name: 'Both Roles',
    roles: ['onboarding', 'finance', 'approver'],
  });
  onboardingApprover = (await t.signIn({ email: 'both@example.com', password })).cookie;
});
afterAll(() => t.close());

/** A VALID merchant with ACTIVE accounts, made by `cookie` through the dashboard. */
const parties = (cookie = who.operations) => t.parties(cookie);

async function addPolicy(policy: Record<string, unknown>) {
  return t.call(who.admin, 'POST', '/controls/policies', policy);
}
async function clearPolicies() {
  const { json } = await t.call(who.admin, 'GET', '/controls/policies');
  for (const p of json.results) await t.call(who.admin, 'DELETE', `/controls/policies/${p.id}`);
}

/** A transaction created by `cookie`, once the sandbox has priced it. */
async function quoted(
  product: 'sendc2f' | 'sendf2f',
  toAmount: string,
  cookie = who.finance,
): Promise<number> {
  return createdTransaction(t, cookie, await parties(), product, {
    over: { toAmount },
    quoted: true,
  });
}

describe('policies mean what they say', () => {
  beforeAll(clearPolicies);

  it('takes the currency as typed and keeps it as the currency list spells it', async () => {
    const added = await addPolicy({
      action: 'approveDeposit',
      currency: 'eur',
      minAmount: '5,000',
      approvers: 2,
    });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    expect(added.json).toMatchObject({
      currency: 'EUR',
      minAmount: '5000',
      product: '*',
      amountSide: 'payout',
    });
    const again = await addPolicy({
      action: 'approveDeposit',
      currency: 'EUR',
      minAmount: '5000.00',
      approvers: 3,
    });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: 'POLICY_EXISTS' });
  });

  it.each([
    ['currency', { currency: 'EURO' }, 'currency list'],
    ['minAmount', { currency: 'EUR', minAmount: '5,00.0' }, ''],
    ['minAmount', { currency: 'JPY', minAmount: '100.5' }, ''],
  ])('names the %s it cannot take: %o', async (field, policy, words) => {
    const refused = await addPolicy({ action: 'approveQuote', approvers: 2, ...policy });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual([{ field, message: expect.stringContaining(words) }]);
  });

  it('refuses a policy from someone who is not an admin', async () => {
    const notTheirs = await t.call(who.finance, 'POST', '/controls/policies', {
      action: 'approveQuote',
      approvers: 2,
    });
    expect(notTheirs.status).toBe(403);
  });

  it('holds a 12,500.50 EUR payout deposit at 1 of 2 under a policy typed "eur"', async () => {
    const id = await quoted('sendc2f', '12500.50');
    expect((await t.call(who.approver, 'POST', `/v1/sendc2f/approveQuote/${id}`)).status).toBe(200);
    const one = await t.call(who.approver, 'POST', `/v1/sendc2f/approveDeposit/${id}`, {});
    expect(one.status).toBe(202);
    expect(one.json.approval).toMatchObject({ required: 2, status: 'pending', currency: 'EUR' });
    expect(one.json.approval.decisions).toHaveLength(1);
    const state = await t.call(who.finance, 'GET', `/v1/sendc2f/${id}`);
    expect(state.json.clientStatus).toBe('OnOff_AWAITING_DEPOSIT');
    const two = await t.call(who.approver2, 'POST', `/v1/sendc2f/approveDeposit/${id}`, {});
    expect(two.status).toBe(200);
    expect(two.json.clientStatus).toBe('OnOff_IN_PROGRESS');
  });

  it("applies a deposit-currency policy to an end-to-end transfer's deposit", async () => {
    const added = await addPolicy({
      action: 'approveDeposit',
      product: 'sendf2f',
      currency: 'usd',
      amountSide: 'deposit',
      minAmount: '100',
      approvers: 2,
    });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    // A GBP payout: only the deposit policy (USD) can apply.
    const p = await parties();
    const created = await t.call(
      who.finance,
      'POST',
      '/v1/sendf2f/',
      transactionBody(p, 'sendf2f', { toAmount: '300' }, 'GBP'),
    );
    const id = created.json.businessRequestId as number;
    await expect
      .poll(async () => (await t.call(who.finance, 'GET', `/v1/sendf2f/${id}`)).json.clientStatus)
      .toBe('OnOff_AWAITING_QUOTE_APPROVAL');
    expect((await t.call(who.approver, 'POST', `/v1/sendf2f/approveQuote/${id}`)).status).toBe(200);
    const needs = await t.call(who.approver, 'GET', `/controls/transactions/sendf2f/${id}`);
    expect(needs.json.actions.approveDeposit).toMatchObject({
      required: 2,
      policy: { amountSide: 'deposit', currency: 'USD' },
      canAct: true,
    });
    const one = await t.call(who.approver, 'POST', `/v1/sendf2f/approveDeposit/${id}`, {});
    expect(one.status).toBe(202);
    expect(one.json.approval).toMatchObject({ required: 2, depositCurrency: 'USD' });
  });

  it('shows the thresholds to admins only; others see what applies to what they do', async () => {
    for (const person of [who.viewer, who.finance, who.approver]) {
      expect((await t.call(person, 'GET', '/controls/policies')).status).toBe(403);
      const asked = await t.call(
        person,
        'GET',
        '/controls/requirement?product=sendc2f&payoutCurrency=EUR&payoutAmount=1',
      );
      expect(asked.status).toBe(403);
    }
  });

  it('answers what a transaction would need', async () => {
    const answer = await t.call(
      who.admin,
      'GET',
      '/controls/requirement?product=sendc2f&payoutCurrency=eur&payoutAmount=12,500.50',
    );
    expect(answer.status).toBe(200);
    expect(answer.json.results).toEqual([
      { action: 'approveQuote', required: 1, policy: null },
      expect.objectContaining({ action: 'approveDeposit', required: 2 }),
    ]);
  });

  it('judges the preview as a decision is judged: the deposit priced, both sides in the base currency', async () => {
    await clearPolicies();
    // As the demo workspace has it: deposits of payouts worth 25,000 EUR or more need two.
    expect(
      (
        await addPolicy({
          action: 'approveDeposit',
          currency: '*',
          amountSide: 'payout',
          minAmount: '25000',
          approvers: 2,
          inBase: true,
        })
      ).status,
    ).toBe(200);
    const preview = async (amount: string) =>
      (
        await t.call(
          who.admin,
          'GET',
          `/controls/requirement?product=sendc2f&payoutCurrency=EUR&payoutAmount=${amount}&depositCurrency=USDT(TRC20)`,
        )
      ).json;
    for (const [amount, required] of [
      ['1', 1],
      ['5000', 1],
      ['100', 1],
      ['30000', 2],
    ] as const) {
      const answer = await preview(amount);
      expect(
        answer.results.find((r: { action: string }) => r.action === 'approveDeposit'),
      ).toMatchObject({ required });
      expect(answer.deposit).toMatchObject({ currency: 'USDT(TRC20)', source: 'priceNow' });
      expect(answer.deposit.amount).toMatch(/^\d+\.\d+$/);
      expect(answer.base).toMatchObject({ currency: 'EUR', payout: amount });
    }
    // What the real transaction's deposit approval needs is what the preview said.
    for (const amount of ['100', '30000']) {
      const id = await quoted('sendc2f', amount);
      const controls = await t.call(who.approver, 'GET', `/controls/transactions/sendc2f/${id}`);
      const said = (await preview(amount)).results.find(
        (r: { action: string }) => r.action === 'approveDeposit',
      );
      expect(controls.json.actions.approveDeposit.required).toBe(said.required);
    }
    await clearPolicies();
  });

  it('never forwards an approval the state does not allow, even while a quote approval is in flight (10 rounds)', async () => {
    await addPolicy({ action: 'approveDeposit', currency: '*', minAmount: '0', approvers: 2 });
    for (let round = 0; round < 10; round++) {
      // Created by a person who is also an approver: their own deposit approvals must not count.
      const id = await quoted('sendc2f', '100', onboardingApprover);
      const depositApprovals = (cookie: string) =>
        Array.from({ length: 4 }, (_, i) =>
          new Promise((r) => setTimeout(r, i * 2)).then(() =>
            t.call(cookie, 'POST', `/v1/sendc2f/approveDeposit/${id}`, {}),
          ),
        );
      const answers = await Promise.all([
        t.call(who.approver, 'POST', `/v1/sendc2f/approveQuote/${id}`),
        ...depositApprovals(onboardingApprover),
        ...depositApprovals(who.approver2),
      ]);
      expect(answers[0]!.status).toBe(200);
      for (const answer of answers.slice(1)) expect([202, 400, 403, 409]).toContain(answer.status);
      // Never in progress: a second distinct approver (not the creator) has not approved.
      const state = await t.call(who.finance, 'GET', `/v1/sendc2f/${id}`);
      expect(state.json.clientStatus).toBe('OnOff_AWAITING_DEPOSIT');
      const controls = await t.call(who.approver, 'GET', `/controls/transactions/sendc2f/${id}`);
      for (const a of controls.json.approvals)
        expect(a.decisions.map((d: { userName: string }) => d.userName)).not.toContain(
          'Both Roles',
        );
    }
  }, 60_000);
});

describe('payee safety', () => {
  let merchantId: number;
  let accountId: number;
  let paidBefore: number;
  const iban = 'DE89 3704 0044 0532 0130 00';
  beforeAll(async () => {
    await clearPolicies();
    merchantId = (await parties()).merchantId;
    const account = await t.call(
      who.onboarding,
      'POST',
      '/v1/businessExternalAccount/',
      payoutAccountBody(merchantId, { accountNumber: '|ACTIVE', iban, swiftCode: 'COBADEFFXXX' }),
    );
    expect(account.status, JSON.stringify(account.json)).toBe(200);
    accountId = account.json.id;
    const created = await t.call(who.finance, 'POST', '/v1/sendc2f/', {
      fromBusinessId: merchantId,
      toBusinessExternalAccountId: accountId,
      fromCurrencySymbol: 'USDT(TRC20)',
      toAmount: '250.00',
      purpose: 'GOODS_PURCHASE',
    });
    expect(created.status).toBe(200);
    paidBefore = created.json.businessRequestId;
  });

  /** The fields every update names. */
  const named = {
    accountHolderName: 'Lumen Textiles GmbH',
    bankName: 'Commerzbank',
    countryIso: 'DE',
  };
  const current = async () =>
    (await t.call(who.viewer, 'GET', `/v1/businessExternalAccount/${accountId}`)).json;

  it("refuses an IBAN whose country disagrees with the bank's, naming the field", async () => {
    const refused = await t.call(
      who.onboarding,
      'PUT',
      `/v1/businessExternalAccount/${accountId}`,
      {
        ...named,
        iban: 'GB33BUKB20201555555555',
        countryIso: 'IN',
        swiftCode: 'SBININBB',
      },
    );
    expect(refused.status).toBe(400);
    expect(refused.json.errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['iban']),
    );
    expect((await current()).iban).toBe('DE89370400440532013000');
  });

  it("holds an onboarding person's IBAN change of an ACTIVE account for a second person", async () => {
    const held = await t.call(who.onboarding, 'PUT', `/v1/businessExternalAccount/${accountId}`, {
      ...named,
      iban: 'FR76 3000 6000 0112 3456 7890 189',
      countryIso: 'FR',
      swiftCode: 'AGRIFRPP',
      bankName: 'Crédit Agricole',
    });
    expect(held.status).toBe(202);
    expect(held.json.change).toMatchObject({
      status: 'pending',
      authorName: 'Olu Onboarding',
      changed: expect.arrayContaining(['iban', 'swiftCode', 'countryIso']),
    });
    const account = await current();
    expect(account).toMatchObject({ iban: 'DE89370400440532013000', accountStatus: 'ACTIVE' });
    // One pending change per account.
    const second = await t.call(who.onboarding, 'PUT', `/v1/businessExternalAccount/${accountId}`, {
      ...named,
      accountHolderName: 'Someone Else',
    });
    expect(second.status).toBe(409);
    expect(second.json).toMatchObject({ code: 'PAYEE_CHANGE_PENDING' });
    // The inbox shows it to approvers.
    const inbox = await t.call(who.approver, 'GET', '/controls/inbox');
    expect(inbox.json.changes.map((c: { change: { id: string } }) => c.change.id)).toContain(
      held.json.change.id,
    );
    const byOnboarding = await t.call(
      who.onboarding,
      'POST',
      `/controls/payee-changes/${held.json.change.id}/approve`,
    );
    expect(byOnboarding.status).toBe(403);
    const approved = await t.call(
      who.approver,
      'POST',
      `/controls/payee-changes/${held.json.change.id}/approve`,
    );
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    expect(approved.json.change.status).toBe('approved');
    expect((await current()).iban).toBe('FR7630006000011234567890189');
    // On the trail before it left for the API, then with its outcome.
    const trail = await t.call(who.admin, 'GET', '/audit?action=approve%20bank-detail%20change');
    expect(trail.json.results.map((e: { outcome: string }) => e.outcome).reverse()).toEqual([
      'refused',
      'sent',
      'ok',
    ]);
  });

  it('keeps what an earlier payment went to, and says the account has changed since', async () => {
    const controls = await t.call(
      who.viewer,
      'GET',
      `/controls/transactions/sendc2f/${paidBefore}`,
    );
    expect(controls.json.recipient).toMatchObject({
      accountId,
      number: 'DE89 •••• 3000',
      swiftCode: 'COBADEFFXXX',
      countryIso: 'DE',
      changedSince: true,
      numberNow: 'FR76 •••• 0189',
    });
  });

  it('never lets the author approve their own change, approver or not', async () => {
    const held = await t.call(
      onboardingApprover,
      'PUT',
      `/v1/businessExternalAccount/${accountId}`,
      {
        ...named,
        countryIso: 'FR',
        accountHolderName: 'Lumen Textiles SAS',
      },
    );
    expect(held.status).toBe(202);
    const own = await t.call(
      onboardingApprover,
      'POST',
      `/controls/payee-changes/${held.json.change.id}/approve`,
    );
    expect(own.status).toBe(403);
    expect(own.json).toMatchObject({ code: 'AUTHOR_CANNOT_APPROVE' });
    const withdrawn = await t.call(
      onboardingApprover,
      'POST',
      `/controls/payee-changes/${held.json.change.id}/withdraw`,
    );
    expect(withdrawn.json.status).toBe('withdrawn');
  });

  it('warns when another merchant has an account with the same IBAN', async () => {
    const other = (await parties()).merchantId;
    const check = await t.call(who.onboarding, 'POST', '/controls/payee-check', {
      businessId: other,
      iban: 'fr7630006000011234567890189',
      countryIso: 'FR',
    });
    expect(check.status).toBe(200);
    expect(check.json.warnings).toEqual([
      expect.objectContaining({ field: 'iban', accountId, businessId: merchantId }),
    ]);
    expect(check.json.fromIban).toEqual({ countryIso: 'FR', bankCode: '3000600001' });
  });

  it('keeps the warning with the held change, told in each reader’s language', async () => {
    const others = await parties();
    const held = await t.call(
      who.onboarding,
      'PUT',
      `/v1/businessExternalAccount/${others.accounts.GBP}`,
      {
        accountHolderName: 'Other Ltd',
        bankName: 'Crédit Agricole',
        countryIso: 'FR',
        iban: 'FR7630006000011234567890189',
        swiftCode: 'AGRIFRPP',
      },
    );
    expect(held.status, JSON.stringify(held.json)).toBe(202);
    // (Every test merchant's GBP account has the number ACC-GBP too: warned of as well.)
    expect(held.json.change.warnings).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^This IBAN is also on payout account #${accountId} of .+ \\(merchant #${merchantId}\\)\\.$`,
        ),
      ),
    );
    await t.call(who.approver, 'PUT', '/account/language', { language: 'de' });
    try {
      const listed = await t.call(
        who.approver,
        'GET',
        `/controls/payee-changes?accountId=${others.accounts.GBP}`,
      );
      expect(listed.json.results[0].warnings).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^Diese IBAN ist auch auf Auszahlungskonto #${accountId} von .+ \\(Händler #${merchantId}\\)\\.$`,
          ),
        ),
      );
    } finally {
      await t.call(who.approver, 'PUT', '/account/language', { language: null });
    }
    await t.call(who.onboarding, 'POST', `/controls/payee-changes/${held.json.change.id}/withdraw`);
  });

  it("refuses a tester's KYC simulation that renames the merchant or changes its email", async () => {
    const merchant = (await t.call(who.viewer, 'GET', `/v1/business/${merchantId}`)).json;
    const { id: _id, creationTime: _c, lastUpdateTime: _u, kycStatus: _k, ...fields } = merchant;
    const sneaky = await t.call(who.tester, 'PUT', `/v1/business/${merchantId}`, {
      ...fields,
      name: 'Someone Else Ltd',
      contactEmail: 'attacker@example.com',
      localRegNumber: `${merchant.localRegNumber ?? ''}|REJECTED`,
    });
    expect(sneaky.status).toBe(400);
    expect(sneaky.json.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'contactEmail',
      'name',
    ]);
    expect((await t.call(who.viewer, 'GET', `/v1/business/${merchantId}`)).json.name).toBe(
      merchant.name,
    );
  });

  it("refuses a tester's status simulation that carries other changes; a pure one goes through", async () => {
    const sneaky = await t.call(who.tester, 'PUT', `/v1/businessExternalAccount/${accountId}`, {
      accountNumber: '|FROZEN',
      iban: 'GB33BUKB20201555555555',
    });
    expect(sneaky.status).toBe(400);
    expect(sneaky.json.errors).toEqual([
      { field: 'iban', message: expect.stringContaining('status simulation') },
    ]);
    expect((await current()).iban).toBe('FR7630006000011234567890189');
    const account = await current();
    const pure = await t.call(who.tester, 'PUT', `/v1/businessExternalAccount/${accountId}`, {
      accountHolderName: account.accountHolderName,
      bankName: account.bankName,
      countryIso: account.countryIso,
      accountNumber: '|FROZEN',
    });
    expect(pure.status, JSON.stringify(pure.json)).toBe(200);
    expect(pure.json.accountStatus).toBe('FROZEN');
    // Frozen is no way around the control: the change is still held.
    const held = await t.call(who.onboarding, 'PUT', `/v1/businessExternalAccount/${accountId}`, {
      ...named,
      iban: 'DE89370400440532013000',
      countryIso: 'DE',
      swiftCode: 'COBADEFFXXX',
    });
    expect(held.status).toBe(202);
  });
});

describe('the approvals inbox', () => {
  beforeAll(clearPolicies);

  it('lists a quote nobody has approved yet to approvers, with its count, not to its creator', async () => {
    const id = await quoted('sendc2f', '640.00');
    const inbox = await t.call(who.approver, 'GET', '/controls/inbox?scope=you&limit=100');
    expect(inbox.status).toBe(200);
    const item = inbox.json.results.find((r: { transactionId: number }) => r.transactionId === id);
    expect(item).toMatchObject({
      action: 'approveQuote',
      approval: null,
      required: 1,
      canAct: true,
      payoutAmount: '640.00',
    });
    expect(inbox.json.counts.you).toBeGreaterThanOrEqual(1);
    const count = await t.call(who.approver, 'GET', '/controls/inbox/count');
    expect(count.json).toEqual(inbox.json.counts);

    const mine = await t.call(who.finance, 'GET', '/controls/inbox?scope=you');
    expect(mine.json.results).toEqual([]);
    expect(mine.json.counts.you).toBe(0);
    const everyone = await t.call(who.finance, 'GET', '/controls/inbox?scope=everyone&limit=100');
    const seen = everyone.json.results.find(
      (r: { transactionId: number }) => r.transactionId === id,
    );
    expect(seen).toMatchObject({ canAct: false });
    expect(seen.whoCan).toEqual(expect.arrayContaining(['Aiko Approver', 'Bruno Approver']));
    const controls = await t.call(who.finance, 'GET', `/controls/transactions/sendc2f/${id}`);
    expect(controls.json.actions.approveQuote).toMatchObject({
      canAct: false,
      why: expect.stringContaining('Approver role'),
    });
  });

  it('answers a bad query with the field named', async () => {
    const bad = await t.call(who.approver, 'GET', '/controls/inbox?scope=all&limit=1000');
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'limit',
      'scope',
    ]);
  });
});

describe('rejecting with a reason', () => {
  beforeAll(clearPolicies);

  const reject = (cookie: string, product: string, id: number, body: object) =>
    t.call(cookie, 'POST', `/controls/transactions/${product}/${id}/reject`, body);

  it('cancels the transaction with the reason and tells its creator, by an approver without the finance role', async () => {
    const id = await quoted('sendc2f', '1200');
    const rejected = await reject(who.approver, 'sendc2f', id, {
      action: 'approveQuote',
      reason: 'Rate is worse than agreed with the merchant',
    });
    expect(rejected.status, JSON.stringify(rejected.json)).toBe(200);
    expect(rejected.json).toMatchObject({
      approval: {
        status: 'rejected',
        rejectReason: 'Rate is worse than agreed with the merchant',
        decisions: [expect.objectContaining({ userName: 'Aiko Approver', decision: 'reject' })],
      },
      transaction: { clientStatus: 'OnOff_CANCELED', cancelReason: 'OTHER' },
      reasonSent: true,
    });
    // The API has it cancelled; the timeline's approvals say who rejected it and why.
    expect((await t.call(who.finance, 'GET', `/v1/sendc2f/${id}`)).json.clientStatus).toBe(
      'OnOff_CANCELED',
    );
    const controls = await t.call(who.finance, 'GET', `/controls/transactions/sendc2f/${id}`);
    expect(controls.json.approvals[0]).toMatchObject({
      status: 'rejected',
      rejectReason: 'Rate is worse than agreed with the merchant',
    });
    // Its creator is told, with the reason, once.
    const told = await t.call(who.finance, 'GET', '/notifications');
    const about = told.json.results.filter((n: { link: string }) =>
      n.link.endsWith(`/payouts/${id}`),
    );
    expect(about).toEqual([
      expect.objectContaining({
        kind: 'requestRejected',
        title: `Aiko Approver rejected the quote of Payout #${id} (1,200.00 EUR)`,
        body: expect.stringContaining('Rate is worse than agreed with the merchant'),
      }),
    ]);
    // On the trail.
    const trail = await t.call(who.admin, 'GET', '/audit?action=reject%20approval');
    expect(trail.json.results[0]).toMatchObject({
      target: `sendc2f/${id}`,
      outcome: 'ok',
      details: expect.objectContaining({ reason: 'Rate is worse than agreed with the merchant' }),
    });
  });

  it('rejects a collection, whose cancellation takes no reason, keeping the reason here', async () => {
    const id = await createdTransaction(t, who.finance, await parties(), 'receive');
    const rejected = await reject(who.approver2, 'receive', id, {
      action: 'approveDeposit',
      reason: 'No invoice for this collection',
    });
    expect(rejected.status, JSON.stringify(rejected.json)).toBe(200);
    expect(rejected.json).toMatchObject({
      approval: { status: 'rejected', rejectReason: 'No invoice for this collection' },
      transaction: { clientStatus: 'Receive_CANCELED' },
      reasonSent: false,
    });
  });

  it.each([
    ['no reason', { action: 'approveQuote' }, 400, 'reason'],
    ['a blank reason', { action: 'approveQuote', reason: '   ' }, 400, 'reason'],
    ['an unknown action', { action: 'approveAll', reason: 'x' }, 400, 'action'],
  ])('names the field of a body with %s', async (_what, body, status, field) => {
    const id = await quoted('sendf2f', '300');
    const answer = await reject(who.approver, 'sendf2f', id, body);
    expect(answer.status).toBe(status);
    expect(answer.json.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect((await t.call(who.finance, 'GET', `/v1/sendf2f/${id}`)).json.clientStatus).toBe(
      'OnOff_AWAITING_QUOTE_APPROVAL',
    );
  });

  it('refuses people who do not approve, and what waits for nothing', async () => {
    const id = await quoted('sendc2f', '80');
    const byFinance = await reject(who.finance, 'sendc2f', id, {
      action: 'approveQuote',
      reason: 'mine',
    });
    expect(byFinance.status).toBe(403);
    // Nothing waits for a deposit approval before the quote is approved.
    const early = await reject(who.approver, 'sendc2f', id, {
      action: 'approveDeposit',
      reason: 'too early',
    });
    expect(early.status).toBe(409);
    expect(early.json.code).toBe('INVALID_STATE_TRANSITION');
    expect((await t.call(who.finance, 'GET', `/v1/sendc2f/${id}`)).json.clientStatus).toBe(
      'OnOff_AWAITING_QUOTE_APPROVAL',
    );
    // A second approver cannot reject what is already rejected.
    expect(
      (await reject(who.approver, 'sendc2f', id, { action: 'approveQuote', reason: 'no' })).status,
    ).toBe(200);
    const again = await reject(who.approver2, 'sendc2f', id, {
      action: 'approveQuote',
      reason: 'no again',
    });
    expect(again.status).toBe(409);
  });

  it('rejects by the open approval too, once someone has approved under a two-approver policy', async () => {
    const policy = await addPolicy({ action: 'approveQuote', approvers: 2 });
    expect(policy.status).toBe(200);
    try {
      const id = await quoted('sendc2f', '40');
      const first = await t.call(who.approver, 'POST', `/v1/sendc2f/approveQuote/${id}`);
      expect(first.status).toBe(202);
      const rejected = await t.call(
        who.approver2,
        'POST',
        `/controls/approvals/${first.json.approval.id}/reject`,
        { reason: 'Payee unknown to us' },
      );
      expect(rejected.status, JSON.stringify(rejected.json)).toBe(200);
      expect(rejected.json.approval).toMatchObject({
        id: first.json.approval.id,
        status: 'rejected',
      });
      expect(rejected.json.transaction.clientStatus).toBe('OnOff_CANCELED');
    } finally {
      await clearPolicies();
    }
  });
});
