// The payee approved is the payee paid (docs/decisions/040), on SQLite and PostgreSQL: a payout
// approved before its account's bank details change is paid, confirmed and receipted with the
// old details, whether it was created through the proxy or from a bulk file; the approver of the
// change is told which open payments keep the old details; and a bulk row whose account changed
// between the file's approval and its submission is not paid at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Parties } from '#/sandbox/testing';
import { transactionBody } from '#/sandbox/testing';
import { DIALECTS } from './store/testing';
import { quoteBatch, startTestDashboard, type TestDashboard, uploadBatchFile } from './testing';

const HOLDER = 'Lumen Textiles GmbH';

describe.each(DIALECTS)('the payee approved is the payee paid (%s)', (dialect) => {
  let t: TestDashboard;
  let operations: string, finance: string, approver: string, approver2: string;
  let onboarding: string;
  let parties: Parties;

  beforeAll(async () => {
    t = await startTestDashboard({ dialect });
    ({ operations, finance, approver, approver2, onboarding } = await t.demoCookies(
      'operations',
      'finance',
      'approver',
      'approver2',
      'onboarding',
    ));
    parties = await t.parties(operations);
  });
  afterAll(() => t.close());

  const status = async (id: number) =>
    (await t.call(finance, 'GET', `/v1/sendc2f/${id}`)).json.clientStatus as string;

  /** Proposes new bank details for an account and has `approver2` approve them. */
  async function divert(accountId: number, accountNumber: string) {
    const held = await t.call(onboarding, 'PUT', `/v1/businessExternalAccount/${accountId}`, {
      accountHolderName: 'Diverted Holdings Ltd',
      bankName: 'Elsewhere Bank',
      countryIso: 'DE',
      accountNumber,
    });
    expect(held.status, JSON.stringify(held.json)).toBe(202);
    const approved = await t.call(
      approver2,
      'POST',
      `/controls/payee-changes/${held.json.change.id}/approve`,
    );
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    expect(approved.json.change.status).toBe('approved');
    return { held: held.json.change, approved: approved.json.change };
  }

  /** Approves the deposit and waits for completion; the confirmation as the API gives it. */
  async function paid(id: number) {
    const deposit = await t.call(approver, 'POST', `/v1/sendc2f/approveDeposit/${id}`);
    expect(deposit.status, JSON.stringify(deposit.json)).toBe(200);
    await expect.poll(() => status(id), { timeout: 10_000 }).toBe('OnOff_COMPLETED');
    const confirmation = await t.call(finance, 'GET', `/v1/sendc2f/confirmation/${id}`);
    expect(confirmation.status).toBe(200);
    return confirmation.json;
  }

  it('pays a proxy-made payout to the details it was approved with', async () => {
    const accountId = parties.accounts.GBP;
    const created = await t.call(
      operations,
      'POST',
      '/v1/sendc2f/',
      transactionBody(parties, 'sendc2f', { toAmount: '250' }, 'GBP'),
    );
    expect(created.status).toBe(200);
    const id = created.json.businessRequestId as number;
    await expect.poll(() => status(id)).toBe('OnOff_AWAITING_QUOTE_APPROVAL');
    expect((await t.call(approver, 'POST', `/v1/sendc2f/approveQuote/${id}`)).status).toBe(200);

    const { held, approved } = await divert(accountId, '99990099');
    // The change's approver was told, before and after, that this payment keeps the old details.
    for (const change of [held, approved])
      expect(change.openPayments).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ product: 'sendc2f', transactionId: id, currency: 'GBP' }),
        ]),
      );

    const confirmation = await paid(id);
    expect(confirmation.recipient).toEqual({
      accountHolderName: HOLDER,
      bankName: 'Deutsche Bank',
      accountNumberLast4: '-GBP',
      countryIso: 'DE',
    });
    // The receipt's record: the account as it was paid, and that it has changed since.
    const controls = await t.call(finance, 'GET', `/controls/transactions/sendc2f/${id}`);
    expect(controls.json.recipient).toMatchObject({
      accountId,
      accountHolderName: HOLDER,
      number: '•••• CGBP',
      changedSince: true,
      numberNow: '•••• 0099',
    });
    // Events say the same.
    const events = await t.call(
      finance,
      'GET',
      `/v1/event/?objectType=transaction&objectId=${id}&limit=100`,
    );
    for (const event of events.json.results)
      expect(event.data.recipient).toMatchObject({ accountHolderName: HOLDER });
  });

  it('pays a bulk payout row to the details approved with its file', async () => {
    const accountId = parties.accounts.EUR;
    const uploaded = await uploadBatchFile(t.base, finance, [
      `${parties.merchantId},${accountId},USDT(TRC20),120,SUPPLIER_PAYMENT,FIX-1`,
    ]);
    expect(uploaded.json).toMatchObject({ status: 'validated' });
    const batchId = uploaded.id;
    const quoted = await quoteBatch(t.base, finance, batchId);
    expect(quoted.status, JSON.stringify(quoted.json)).toBe(200);
    // The approver sees who each row pays, by name and bank.
    expect(quoted.json.rows[0].payee).toEqual({
      accountId,
      accountHolderName: HOLDER,
      bankName: 'Deutsche Bank',
      number: '•••• CEUR',
      countryIso: 'DE',
      firstPayment: true,
    });
    const decided = await t.call(approver, 'POST', `/batches/${batchId}/decision`, {
      decision: 'approve',
    });
    expect(decided.status, JSON.stringify(decided.json)).toBe(200);
    let transactionId: number | null = null;
    await expect
      .poll(
        async () => {
          const batch = (await t.call(finance, 'GET', `/batches/${batchId}`)).json;
          transactionId = batch.rows[0].transactionId;
          return batch.status;
        },
        { timeout: 10_000 },
      )
      .toBe('submitted');
    const id = transactionId!;

    // Recorded for the transaction, as for one created through the proxy.
    const before = await t.call(finance, 'GET', `/controls/transactions/sendc2f/${id}`);
    expect(before.json.recipient).toMatchObject({
      accountId,
      accountHolderName: HOLDER,
      changedSince: false,
    });

    await divert(accountId, '88880088');
    const confirmation = await paid(id);
    expect(confirmation.recipient).toMatchObject({
      accountHolderName: HOLDER,
      accountNumberLast4: '-EUR',
    });
    const after = await t.call(finance, 'GET', `/controls/transactions/sendc2f/${id}`);
    expect(after.json.recipient).toMatchObject({ number: '•••• CEUR', changedSince: true });
  });

  it('does not pay a bulk row whose account changed after its file was quoted', async () => {
    const accountId = parties.accounts.USD;
    const uploaded = await uploadBatchFile(t.base, finance, [
      `${parties.merchantId},${accountId},USDT(TRC20),75,SUPPLIER_PAYMENT,MOVED-1`,
    ]);
    const batchId = uploaded.id;
    expect((await quoteBatch(t.base, finance, batchId)).status).toBe(200);
    await divert(accountId, '77770077');
    const decided = await t.call(approver, 'POST', `/batches/${batchId}/decision`, {
      decision: 'approve',
    });
    expect(decided.status).toBe(200);
    await expect
      .poll(async () => (await t.call(finance, 'GET', `/batches/${batchId}`)).json.status, {
        timeout: 10_000,
      })
      .toBe('partly_failed');
    const batch = (await t.call(finance, 'GET', `/batches/${batchId}`)).json;
    expect(batch.rows[0]).toMatchObject({ state: 'failed', transactionId: null });
    expect(batch.rows[0].failure).toMatch(/changed after the file was approved/);
  });
});
