// Releasing money asks again for the second factor (docs/decisions/041), refused by the server
// and not only by the screen: a deposit approval, a bulk file's approval and new bank details,
// by someone with an authenticator enrolled, wait for its code, given at most every few minutes
// (the workspace's window); people without one are not asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionBody } from '#/sandbox/testing';
import {
  sessionCookieOf,
  personWithAuthenticator,
  startTestDashboard,
  type TestDashboard,
  uploadBatchFile,
  quoteBatch,
} from '../testing';

let t: TestDashboard;
let ahead = 0;
let finance: string, operations: string, onboarding: string, aiko: string;
let sam: string;
let recovery: string[];

beforeAll(async () => {
  t = await startTestDashboard({ now: () => Date.now() + ahead });
  ({
    finance,
    operations,
    onboarding,
    approver: aiko,
  } = await t.demoCookies('finance', 'operations', 'onboarding', 'approver'));
  // Sam approves, with an authenticator app enrolled.
  const sam0 = await personWithAuthenticator(t, {
    email: 'sam@example.com',
    name: 'Sam Secure',
    roles: ['approver'],
  });
  const password = sam0.password;
  recovery = sam0.recoveryCodes;
  const signedIn = await t.signIn({
    email: 'sam@example.com',
    password,
    code: recovery.pop(),
  });
  sam = sessionCookieOf(signedIn.response);
});
afterAll(() => t.close());

/** A payout whose deposit waits for approval (its quote approved by Aiko). */
async function awaitingDeposit(): Promise<number> {
  const p = await t.parties(operations);
  const created = await t.call(finance, 'POST', '/v1/sendc2f/', transactionBody(p, 'sendc2f'));
  const id = created.json.businessRequestId as number;
  await expect
    .poll(async () => (await t.call(finance, 'GET', `/v1/sendc2f/${id}`)).json.clientStatus)
    .toBe('OnOff_AWAITING_QUOTE_APPROVAL');
  expect((await t.call(aiko, 'POST', `/v1/sendc2f/approveQuote/${id}`)).status).toBe(200);
  return id;
}

describe('releasing money with an authenticator enrolled', () => {
  it('refuses a deposit approval without the code, then lets it through for the window', async () => {
    const id = await awaitingDeposit();
    const session = await t.call(sam, 'GET', '/session');
    expect(session.json).toMatchObject({ secondFactor: true, stepUpUntil: null });

    const refused = await t.call(sam, 'POST', `/v1/sendc2f/approveDeposit/${id}`);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    expect((await t.call(finance, 'GET', `/v1/sendc2f/${id}`)).json.clientStatus).toBe(
      'OnOff_AWAITING_DEPOSIT',
    );
    // On the trail as refused.
    const admin = (await t.signIn('admin@demo.example')).cookie;
    const trail = await t.call(admin, 'GET', '/audit?outcome=refused&limit=5');
    expect(
      trail.json.results.some(
        (e: { details: { reason?: string } | null }) => e.details?.reason === 'STEP_UP_REQUIRED',
      ),
    ).toBe(true);

    // A wrong code is named at its field; the right one opens the window.
    const wrong = await t.call(sam, 'POST', '/session/step-up', { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toEqual([{ field: 'code', message: 'is wrong or already used' }]);
    const empty = await t.call(sam, 'POST', '/session/step-up', { code: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.json.errors[0].field).toBe('code');
    const given = await t.call(sam, 'POST', '/session/step-up', { code: recovery.pop() });
    expect(given.status, JSON.stringify(given.json)).toBe(200);
    expect(given.json.stepUpUntil).toBeGreaterThan(Date.now() + 4 * 60_000);
    expect((await t.call(sam, 'GET', '/session')).json.stepUpUntil).toBe(given.json.stepUpUntil);

    const approved = await t.call(sam, 'POST', `/v1/sendc2f/approveDeposit/${id}`);
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);

    // Six minutes later the window (five by default) has closed.
    const next = await awaitingDeposit();
    ahead = 6 * 60_000;
    try {
      const again = await t.call(sam, 'POST', `/v1/sendc2f/approveDeposit/${next}`);
      expect(again.status).toBe(403);
      expect(again.json.code).toBe('STEP_UP_REQUIRED');
    } finally {
      ahead = 0;
    }
  });

  it('refuses new bank details and a bulk file without the code', async () => {
    const p = await t.parties(operations);
    const held = await t.call(onboarding, 'PUT', `/v1/businessExternalAccount/${p.accounts.USD}`, {
      accountHolderName: 'Lumen Textiles GmbH',
      bankName: 'Other Bank',
      countryIso: 'DE',
      accountNumber: '12345678',
    });
    expect(held.status).toBe(202);
    const uploaded = await uploadBatchFile(
      t.base,
      finance,
      `merchant,payout_account,deposit_currency,payout_amount,purpose,reference\n${p.merchantId},${p.accounts.EUR},USDT(TRC20),50,SALARY,SU-1\n`,
    );
    const batchId = uploaded.json.id as string;
    expect((await quoteBatch(t.base, finance, batchId)).status).toBe(200);

    ahead = 10 * 60_000;
    try {
      // Ten minutes on, Sam's code of the first test no longer counts.
      const change = await t.call(
        sam,
        'POST',
        `/controls/payee-changes/${held.json.change.id}/approve`,
      );
      expect(change.status).toBe(403);
      expect(change.json.code).toBe('STEP_UP_REQUIRED');
      const file = await t.call(sam, 'POST', `/batches/${batchId}/decision`, {
        decision: 'approve',
      });
      expect(file.status).toBe(403);
      expect(file.json.code).toBe('STEP_UP_REQUIRED');
      // Rejecting releases nothing: no code asked.
      const rejected = await t.call(sam, 'POST', `/batches/${batchId}/decision`, {
        decision: 'reject',
        reason: 'Not this month',
      });
      expect(rejected.status, JSON.stringify(rejected.json)).toBe(200);
      // With the code, in one step for what follows.
      expect((await t.call(sam, 'POST', '/session/step-up', { code: recovery.pop() })).status).toBe(
        200,
      );
      const applied = await t.call(
        sam,
        'POST',
        `/controls/payee-changes/${held.json.change.id}/approve`,
      );
      expect(applied.status, JSON.stringify(applied.json)).toBe(200);
    } finally {
      ahead = 0;
    }
  });

  it('asks nothing of someone without an authenticator', async () => {
    const id = await awaitingDeposit();
    expect((await t.call(aiko, 'GET', '/session')).json).toMatchObject({
      secondFactor: false,
      stepUpUntil: null,
    });
    expect((await t.call(aiko, 'POST', `/v1/sendc2f/approveDeposit/${id}`)).status).toBe(200);
    const nothing = await t.call(aiko, 'POST', '/session/step-up', { code: '123456' });
    expect(nothing.status).toBe(409);
    expect(nothing.json.code).toBe('NO_SECOND_FACTOR');
  });
});
