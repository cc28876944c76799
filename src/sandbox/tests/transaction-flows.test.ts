// Each product from creation to COMPLETED through HTTP with short real delays, each step's fields
// checked against the specification's transition table, nulls included.
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { PayoutConfirmation, Transaction } from '#/api/schemas/transaction';
import { transactionBody } from '../testing';
import { sandboxWithParties } from './with-parties';

const env = sandboxWithParties({ settings: { quoteDelayMs: 100, settlementDelayMs: 150 } });

const get = async (product: string, id: number) =>
  Transaction.parse((await env.sandbox.send('GET', `/v1/${product}/${id}`)).json());
const post = async (url: string, payload?: object) => {
  const response = await env.sandbox.request({ method: 'POST', url, payload });
  expect(response.statusCode, response.body).toBe(200);
  return Transaction.parse(response.json());
};
/** Creates a `product` transaction for the shared parties (see `transactionBody`). */
const create = (
  product: 'sendc2f' | 'sendf2f' | 'receive',
  overrides?: Record<string, unknown>,
  currency?: 'EUR' | 'USD' | 'GBP',
) => post(`/v1/${product}/`, transactionBody(env.parties, product, overrides, currency));
async function until(product: string, id: number, status: string) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const t = await get(product, id);
    if (t.clientStatus === status || Date.now() > deadline) return t;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const NOTHING_YET = {
  fromAmount: null,
  quoteApprovedDate: null,
  depositApprovedDate: null,
  depositReceivedDate: null,
  depositReceivedAmount: null,
  payout: null,
  payoutStatus: 'NONE',
  cancelReason: null,
  rate: null,
  referenceRate: null,
};
const ts = expect.any(Number);
const amount = expect.stringMatching(/^\d+\.\d+$/);

describe('a payout (sendc2f) from creation to completion', () => {
  it('walks PENDING → AWAITING_QUOTE_APPROVAL → AWAITING_DEPOSIT → IN_PROGRESS → COMPLETED', async () => {
    const created = await create('sendc2f', {
      toAmount: '2500',
      invoiceUrl: 'https://files.example/invoice.pdf',
    });
    expect(created).toEqual({
      businessRequestId: expect.any(Number),
      creationTime: ts,
      lastUpdateTime: ts,
      toAmount: '2500.00',
      purpose: 'GOODS_PURCHASE',
      fromCurrencySymbol: 'USDT(TRC20)',
      toCurrencySymbol: 'EUR',
      fromBusinessId: env.parties.merchantId,
      toBusinessExternalAccountId: env.parties.accounts.EUR,
      toBusinessId: env.parties.merchantId,
      clientStatus: 'OnOff_PENDING',
      walletDetails: null,
      ...NOTHING_YET,
    });
    expect(created).not.toHaveProperty('bankDetails');
    expect(String(created.creationTime)).toHaveLength(13);
    const id = created.businessRequestId;

    const quoted = await until('sendc2f', id, 'OnOff_AWAITING_QUOTE_APPROVAL');
    expect(quoted).toEqual({
      ...created,
      clientStatus: 'OnOff_AWAITING_QUOTE_APPROVAL',
      fromAmount: '2739.898990',
      // The price's rate and reference, as POST /v1/sendc2f/price gives them (decision 067).
      rate: 0.9124423963,
      referenceRate: 0.9216589862,
      lastUpdateTime: ts,
    });

    const approved = await post(`/v1/sendc2f/approveQuote/${id}`);
    expect(approved).toEqual({
      ...quoted,
      clientStatus: 'OnOff_AWAITING_DEPOSIT',
      quoteApprovedDate: ts,
      lastUpdateTime: approved.quoteApprovedDate,
      walletDetails: { walletAddress: expect.stringMatching(/^T[1-9A-HJ-NP-Za-km-z]{33}$/) },
    });
    const confirmationTooEarly = await env.sandbox.send('GET', `/v1/sendc2f/confirmation/${id}`);
    expect(confirmationTooEarly.json()).toMatchObject({
      status: 400,
      code: 'CONFIRMATION_NOT_AVAILABLE',
    });

    const deposited = await post(`/v1/sendc2f/approveDeposit/${id}`);
    expect(deposited).toEqual({
      ...approved,
      clientStatus: 'OnOff_IN_PROGRESS',
      depositApprovedDate: ts,
      depositReceivedDate: deposited.depositApprovedDate,
      depositReceivedAmount: '2739.898990',
      payout: null,
      lastUpdateTime: deposited.depositApprovedDate,
    });
    expect(deposited.depositApprovedDate!).toBeGreaterThanOrEqual(approved.quoteApprovedDate!);

    const completed = await until('sendc2f', id, 'OnOff_COMPLETED');
    expect(completed).toEqual({
      ...deposited,
      clientStatus: 'OnOff_COMPLETED',
      payout: '2500.00',
      lastUpdateTime: ts,
    });
    expect(completed.lastUpdateTime).toBeGreaterThanOrEqual(deposited.depositApprovedDate! + 150);

    const confirmation = PayoutConfirmation.parse(
      (await env.sandbox.send('GET', `/v1/sendc2f/confirmation/${id}`)).json(),
    );
    expect(confirmation).toMatchObject({
      businessRequestId: id,
      completedTime: completed.lastUpdateTime,
      fromAmount: '2739.898990',
      fromCurrencySymbol: 'USDT(TRC20)',
      payout: '2500.00',
      toCurrencySymbol: 'EUR',
      rate: 0.9124423963,
      sender: { businessId: env.parties.merchantId, name: 'Lumen Textiles GmbH' },
      recipient: {
        accountHolderName: 'Lumen Textiles GmbH',
        bankName: 'Deutsche Bank',
        accountNumberLast4: '-EUR',
        countryIso: 'DE',
      },
    });
  });
});

describe('an end to end transfer (sendf2f) from creation to completion', () => {
  it('walks the OnOff states with bank details to deposit to', async () => {
    const created = await create('sendf2f', { fromCurrencySymbol: 'GBP', toAmount: '1000' }, 'USD');
    expect(created).toMatchObject({
      clientStatus: 'OnOff_PENDING',
      bankDetails: null,
      toAmount: '1000.00',
      toCurrencySymbol: 'USD',
      ...NOTHING_YET,
    });
    expect(created).not.toHaveProperty('walletDetails');
    const id = created.businessRequestId;
    const quoted = await until('sendf2f', id, 'OnOff_AWAITING_QUOTE_APPROVAL');
    expect(quoted).toMatchObject({
      fromAmount: amount,
      quoteApprovedDate: null,
      depositApprovedDate: null,
      bankDetails: null,
    });
    const approved = await post(`/v1/sendf2f/approveQuote/${id}`);
    expect(approved).toMatchObject({
      clientStatus: 'OnOff_AWAITING_DEPOSIT',
      quoteApprovedDate: ts,
      fromAmount: quoted.fromAmount,
      bankDetails: {
        bankName: 'Sandbox Settlement Bank UK',
        accountNumber: 'GB33BUKB20201555555555',
        reference: `PPS-${id}-${approved.bankDetails?.reference.slice(-6)}`,
      },
    });
    const deposited = await post(`/v1/sendf2f/approveDeposit/${id}`, {
      depositConfirmationUrl: 'https://files.example/receipt.pdf',
    });
    expect(deposited).toMatchObject({
      clientStatus: 'OnOff_IN_PROGRESS',
      depositApprovedDate: ts,
      depositReceivedDate: ts,
      depositReceivedAmount: quoted.fromAmount,
      payout: null,
      bankDetails: approved.bankDetails,
    });
    const completed = await until('sendf2f', id, 'OnOff_COMPLETED');
    expect(completed).toMatchObject({
      payout: '1000.00',
      depositReceivedAmount: quoted.fromAmount,
      cancelReason: null,
    });
  });
});

describe('a collection (receive) from creation to completion', () => {
  it('stays PENDING through the quote approval, then IN_PROGRESS and COMPLETED', async () => {
    const created = await create('receive', { fromCurrencySymbol: 'EUR', toAmount: '5000' }, 'GBP');
    expect(created).toMatchObject({
      clientStatus: 'Receive_PENDING',
      bankDetails: null,
      ...NOTHING_YET,
    });
    const id = created.businessRequestId;
    await new Promise((r) => setTimeout(r, 200));
    expect((await get('receive', id)).clientStatus).toBe('Receive_PENDING');
    const approved = await post(`/v1/receive/approveQuote/${id}`);
    expect(approved).toMatchObject({
      clientStatus: 'Receive_PENDING',
      quoteApprovedDate: ts,
      fromAmount: amount,
      bankDetails: { bankName: 'Sandbox Settlement Bank Europe' },
      depositApprovedDate: null,
    });
    const deposited = await post(`/v1/receive/approveDeposit/${id}`, {
      depositConfirmationUrl: 'https://files.example/receipt.pdf',
    });
    expect(deposited).toMatchObject({
      clientStatus: 'Receive_IN_PROGRESS',
      quoteApprovedDate: approved.quoteApprovedDate,
      depositApprovedDate: ts,
      depositReceivedDate: ts,
      depositReceivedAmount: approved.fromAmount,
      bankDetails: approved.bankDetails,
      payout: null,
    });
    const completed = await until('receive', id, 'Receive_COMPLETED');
    expect(completed).toMatchObject({
      payout: '5000.00',
      depositReceivedAmount: approved.fromAmount,
      bankDetails: approved.bankDetails,
    });
  });

  it('keeps bankDetails when cancelled after the quote', async () => {
    const created = await create('receive');
    const approved = await post(`/v1/receive/approveQuote/${created.businessRequestId}`);
    const cancelled = await post(`/v1/receive/cancel/${created.businessRequestId}`);
    expect(cancelled).toMatchObject({
      clientStatus: 'Receive_CANCELED',
      bankDetails: approved.bankDetails,
      cancelReason: 'CLIENT_REQUEST',
    });
  });
});

describe('concurrent approvals', () => {
  it('ten approvals of one quote at once give exactly one 200 and one event', async () => {
    await env.sandbox.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = env.sandbox.app.server.address() as AddressInfo;
    const created = await create('sendc2f');
    const id = created.businessRequestId;
    const headers = {
      'x-api-key': env.sandbox.alice.apiKey,
      'x-api-secret': env.sandbox.alice.apiSecret,
    };
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(`http://127.0.0.1:${port}/v1/sendc2f/approveQuote/${id}`, {
          method: 'POST',
          headers,
        }),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400, 400, 400, 400, 400, 400]);
    for (const r of responses.filter((r) => r.status === 400)) {
      expect(await r.json()).toMatchObject({ code: 'INVALID_STATE_TRANSITION' });
    }
    const events = (
      await env.sandbox.send('GET', `/v1/event/?objectType=transaction&objectId=${id}&limit=100`)
    ).json();
    const approvals = events.results.filter(
      (e: { data: Transaction }) => e.data.clientStatus === 'OnOff_AWAITING_DEPOSIT',
    );
    expect(approvals).toHaveLength(1);
  });
});
