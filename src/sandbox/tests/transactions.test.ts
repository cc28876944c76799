// Transaction creation checks, cancellation, listing, prices over HTTP, and idempotency keys.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { page } from '#/api/schemas/common';
import { Price, Transaction } from '#/api/schemas/transaction';
import {
  createMerchant,
  createParties,
  createPayoutAccount,
  createTestSandbox,
  merchantBody,
  reopenTestSandbox,
  snapshot,
  transactionBody,
} from '../testing';
import { sandboxWithParties } from './with-parties';

const HOUR = 3_600_000;
const env = sandboxWithParties({
  settings: { quoteDelayMs: HOUR, settlementDelayMs: HOUR, webhookRetryBaseMs: HOUR },
});

const create = (product: string, payload: object, headers: Record<string, string> = {}) =>
  env.sandbox.request({ method: 'POST', url: `/v1/${product}/`, payload, headers });

describe('POST /v1/{product}/price', () => {
  it.each(['sendc2f', 'sendf2f', 'receive'] as const)(
    '%s answers the rate as a number and the amount as a string',
    async (product) => {
      const from = product === 'sendc2f' ? 'USDT(TRC20)' : 'USD';
      const response = await env.sandbox.send('POST', `/v1/${product}/price`, {
        fromCurrencySymbol: from,
        toCurrencySymbol: 'EUR',
        toAmount: '100',
      });
      expect(response.statusCode).toBe(200);
      const price = Price.parse(response.json());
      expect(typeof price.rate).toBe('number');
      expect(price).toMatchObject({
        fromCurrencySymbol: from,
        toCurrencySymbol: 'EUR',
        amount: expect.stringMatching(/^\d+\.\d+$/),
      });
    },
  );

  it('refuses a pair the product does not allow, naming the field', async () => {
    const response = await env.sandbox.send('POST', '/v1/sendc2f/price', {
      fromCurrencySymbol: 'USD',
      toCurrencySymbol: 'EUR',
      toAmount: '100',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'CURRENCY_NOT_SUPPORTED',
      errors: [{ field: 'fromCurrencySymbol' }],
    });
  });

  it.each([['1e5'], ['-5'], ['12,50'], [' '], ['0x10'], ['1.'], ['.5']])(
    'refuses the amount %j',
    async (toAmount) => {
      const response = await env.sandbox.send('POST', '/v1/sendf2f/price', {
        fromCurrencySymbol: 'USD',
        toCurrencySymbol: 'EUR',
        toAmount,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].field).toBe('toAmount');
    },
  );

  it('refuses an amount sent as a JSON number', async () => {
    const response = await env.sandbox.send('POST', '/v1/sendf2f/price', {
      fromCurrencySymbol: 'USD',
      toCurrencySymbol: 'EUR',
      toAmount: 100.5,
    });
    expect(response.json().errors).toEqual([
      { field: 'toAmount', message: 'must be a decimal amount as a string, such as "100.50"' },
    ]);
  });
});

describe('creating a transaction', () => {
  it('takes the payout currency and the recipient from the payout account', async () => {
    const contact = await createMerchant(env.sandbox, {
      name: 'Contact',
      contactOwnerBusinessId: env.parties.merchantId,
    });
    const account = await createPayoutAccount(env.sandbox, contact.id, {
      currencySymbol: 'GBP',
      accountNumber: '9|ACTIVE',
      iban: undefined,
    });
    const response = await create('sendf2f', {
      ...transactionBody(env.parties, 'sendf2f'),
      toBusinessExternalAccountId: account.id,
    });
    expect(Transaction.parse(response.json())).toMatchObject({
      toCurrencySymbol: 'GBP',
      toBusinessId: contact.id,
      fromBusinessId: env.parties.merchantId,
    });
  });

  it('accepts a JPY payout in whole yen', async () => {
    const response = await create(
      'sendf2f',
      transactionBody(env.parties, 'sendf2f', { toAmount: '150000' }, 'JPY'),
    );
    expect(response.json()).toMatchObject({ toAmount: '150000', toCurrencySymbol: 'JPY' });
  });

  async function merchantIn(status: string) {
    return (await createMerchant(env.sandbox, { localRegNumber: `X|${status}` })).id;
  }
  async function accountIn(status: string) {
    const overrides = { accountNumber: `7|${status}`, iban: undefined };
    return (await createPayoutAccount(env.sandbox, env.parties.merchantId, overrides)).id;
  }

  it.each([
    [
      'a merchant that is not VALID',
      async () => ({ fromBusinessId: await merchantIn('PENDING') }),
      'MERCHANT_NOT_VALID',
      'fromBusinessId',
    ],
    [
      'a FLAGGED merchant',
      async () => ({ fromBusinessId: await merchantIn('FLAGGED') }),
      'MERCHANT_NOT_VALID',
      'fromBusinessId',
    ],
    [
      'a merchant that does not exist',
      async () => ({ fromBusinessId: 999999 }),
      'VALIDATION_ERROR',
      'fromBusinessId',
    ],
    [
      'a PENDING payout account',
      async () => ({ toBusinessExternalAccountId: await accountIn('PENDING') }),
      'PAYOUT_ACCOUNT_NOT_ACTIVE',
      'toBusinessExternalAccountId',
    ],
    [
      'a FROZEN payout account',
      async () => ({ toBusinessExternalAccountId: await accountIn('FROZEN') }),
      'PAYOUT_ACCOUNT_NOT_ACTIVE',
      'toBusinessExternalAccountId',
    ],
    [
      'a payout account that does not exist',
      async () => ({ toBusinessExternalAccountId: 999999 }),
      'VALIDATION_ERROR',
      'toBusinessExternalAccountId',
    ],
    [
      'an amount under the limit',
      async () => ({ toAmount: '0.50' }),
      'AMOUNT_OUT_OF_RANGE',
      'toAmount',
    ],
    [
      'an amount over the limit',
      async () => ({ toAmount: '1000000.01' }),
      'AMOUNT_OUT_OF_RANGE',
      'toAmount',
    ],
    ['too many decimals', async () => ({ toAmount: '10.001' }), 'VALIDATION_ERROR', 'toAmount'],
    [
      'a fiat deposit for a payout',
      async () => ({ fromCurrencySymbol: 'USD' }),
      'CURRENCY_NOT_SUPPORTED',
      'fromCurrencySymbol',
    ],
    ['an unknown purpose', async () => ({ purpose: 'GIFT' }), 'VALIDATION_ERROR', 'purpose'],
    [
      'an invoice URL that is not http(s)',
      async () => ({ invoiceUrl: 'ftp://files.example/a.pdf' }),
      'VALIDATION_ERROR',
      'invoiceUrl',
    ],
    [
      'a javascript: URL',
      async () => ({ depositConfirmationUrl: 'javascript:alert(1)' }),
      'VALIDATION_ERROR',
      'depositConfirmationUrl',
    ],
  ])('refuses %s', async (_label, overrides, code, field) => {
    const body = { ...transactionBody(env.parties, 'sendc2f'), ...(await overrides()) };
    const before = snapshot(env.sandbox.store);
    const response = await create('sendc2f', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code,
      errors: expect.arrayContaining([expect.objectContaining({ field })]),
    });
    expect(snapshot(env.sandbox.store)).toBe(before);
  });

  it('refuses another partner’s merchant and payout account like missing ones', async () => {
    const bobs = await createParties(env.sandbox, env.sandbox.bob);
    const response = await create('sendf2f', transactionBody(bobs, 'sendf2f'));
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: [{ field: 'fromBusinessId' }],
    });
  });
});

describe('cancelling', () => {
  it.each([
    [undefined, 'CLIENT_REQUEST'],
    [{}, 'CLIENT_REQUEST'],
    [{ reason: 'WRONG_PAYMENT_AMOUNT' }, 'WRONG_PAYMENT_AMOUNT'],
    [{ reason: 'WRONG_RECIPIENT' }, 'WRONG_RECIPIENT'],
    [{ reason: 'DUPLICATE' }, 'DUPLICATE'],
    [{ reason: 'OTHER', otherReason: 'Customer changed supplier' }, 'OTHER'],
  ])('with %j records %s', async (payload, reason) => {
    const id = (await create('sendf2f', transactionBody(env.parties, 'sendf2f'))).json()
      .businessRequestId;
    const response = await env.sandbox.request({
      method: 'POST',
      url: `/v1/sendf2f/cancel/${id}`,
      payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ clientStatus: 'OnOff_CANCELED', cancelReason: reason });
  });

  it('needs otherReason with OTHER, and a known reason', async () => {
    const id = (await create('sendf2f', transactionBody(env.parties, 'sendf2f'))).json()
      .businessRequestId;
    const noText = await env.sandbox.send('POST', `/v1/sendf2f/cancel/${id}`, { reason: 'OTHER' });
    expect(noText.json().errors).toEqual([
      { field: 'otherReason', message: 'is required when the reason is OTHER' },
    ]);
    const unknown = await env.sandbox.send('POST', `/v1/sendf2f/cancel/${id}`, { reason: 'BORED' });
    expect(unknown.json().errors[0].field).toBe('reason');
    expect((await env.sandbox.send('GET', `/v1/sendf2f/${id}`)).json().clientStatus).toBe(
      'OnOff_PENDING',
    );
  });

  it('a COMPLETED transaction: 400 TRANSACTION_ALREADY_PROCESSED', async () => {
    const id = (await create('sendc2f', transactionBody(env.parties, 'sendc2f'))).json()
      .businessRequestId;
    await env.sandbox.send('POST', `/v1/sendc2f/approveQuote/${id}`);
    await env.sandbox.send('POST', `/v1/sendc2f/approveDeposit/${id}`);
    env.sandbox.store.tasks.schedule('transaction_settle', id, 0);
    env.sandbox.handles.runDueTasks();
    const response = await env.sandbox.send('POST', `/v1/sendc2f/cancel/${id}`, {
      reason: 'DUPLICATE',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'TRANSACTION_ALREADY_PROCESSED' });
  });

  it('approving a deposit before the quote: 400 INVALID_STATE_TRANSITION', async () => {
    const id = (await create('sendf2f', transactionBody(env.parties, 'sendf2f'))).json()
      .businessRequestId;
    const response = await env.sandbox.send('POST', `/v1/sendf2f/approveDeposit/${id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'INVALID_STATE_TRANSITION',
      detail: expect.stringContaining('OnOff_PENDING'),
    });
  });

  it('collections need the deposit confirmation to approve the deposit', async () => {
    const id = (await create('receive', transactionBody(env.parties, 'receive'))).json()
      .businessRequestId;
    const response = await env.sandbox.send('POST', `/v1/receive/approveDeposit/${id}`);
    expect(response.json().errors).toEqual([
      { field: 'body', message: 'is required: send a JSON object' },
    ]);
  });
});

describe('listing', () => {
  it('filters by merchant on either side and by creation time, inclusive, newest first', async () => {
    let clock = 1_700_000_000_000;
    const timed = await createTestSandbox({ now: () => clock, settings: { quoteDelayMs: HOUR } });
    try {
      const p = await createParties(timed);
      const other = await createParties(timed);
      const ids: number[] = [];
      for (let i = 0; i < 4; i++) {
        clock += 1000;
        const who = i === 3 ? other : p;
        ids.push(
          (await timed.send('POST', '/v1/sendf2f/', transactionBody(who, 'sendf2f'))).json()
            .businessRequestId,
        );
      }
      const list = async (query: string) =>
        page(Transaction)
          .parse((await timed.send('GET', `/v1/sendf2f/?${query}`)).json())
          .results.map((t) => t.businessRequestId);
      const t0 = (await timed.send('GET', `/v1/sendf2f/${ids[0]}`)).json().creationTime;
      expect(await list('')).toEqual([...ids].reverse());
      expect(await list(`businessId=${p.merchantId}`)).toEqual([ids[2], ids[1], ids[0]]);
      expect(await list(`businessId=${other.merchantId}`)).toEqual([ids[3]]);
      expect(await list(`fromDate=${t0 + 1000}&toDate=${t0 + 2000}`)).toEqual([ids[2], ids[1]]);
      expect(await list(`fromDate=${t0 + 3000}`)).toEqual([ids[3]]);
      expect(await list(`toDate=${t0}`)).toEqual([ids[0]]);
      expect(await list('limit=2&start=1')).toEqual([ids[2], ids[1]]);
      expect(await list('')).not.toContain(undefined);
      expect((await timed.send('GET', '/v1/receive/')).json().results).toEqual([]);
      const bad = await timed.send('GET', `/v1/sendf2f/?fromDate=${t0 + 5}&toDate=${t0}`);
      expect(bad.json().errors).toEqual([
        { field: 'fromDate', message: 'must not be after toDate' },
      ]);
    } finally {
      await timed.close();
    }
  });
});

describe('Idempotency-Key', () => {
  it('the same key twice creates one transaction and replays the first answer', async () => {
    const headers = { 'idempotency-key': 'order-7781-payout' };
    const body = transactionBody(env.parties, 'sendc2f', { toAmount: '777' });
    const first = await create('sendc2f', body, headers);
    const second = await create('sendc2f', { ...body }, headers);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json()).toEqual(first.json());
    const all = (await env.sandbox.send('GET', '/v1/sendc2f/?limit=100')).json().results;
    expect(all.filter((t: Transaction) => t.toAmount === '777.00')).toHaveLength(1);
  });

  it('does not care about key order in the body', async () => {
    const headers = { 'idempotency-key': 'key-order' };
    const body = transactionBody(env.parties, 'sendf2f', { toAmount: '778' });
    const reversed = Object.fromEntries(Object.entries(body).reverse());
    const first = await create('sendf2f', body, headers);
    const second = await create('sendf2f', reversed, headers);
    expect(second.json().businessRequestId).toBe(first.json().businessRequestId);
  });

  it('the same key with another body is 422 and creates nothing', async () => {
    const headers = { 'idempotency-key': 'order-7782' };
    await create('sendc2f', transactionBody(env.parties, 'sendc2f', { toAmount: '100' }), headers);
    const before = snapshot(env.sandbox.store);
    const reused = await create(
      'sendc2f',
      transactionBody(env.parties, 'sendc2f', { toAmount: '200' }),
      headers,
    );
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    const otherPath = await create(
      'sendf2f',
      transactionBody(env.parties, 'sendc2f', { toAmount: '100' }),
      headers,
    );
    expect(otherPath.statusCode).toBe(422);
    expect(snapshot(env.sandbox.store)).toBe(before);
  });

  it('writes the key in the same transaction as the work: if the key cannot be kept, nothing is', async () => {
    const before = snapshot(env.sandbox.store);
    const record = env.sandbox.store.idempotency.record;
    env.sandbox.store.idempotency.record = () => {
      throw new Error('disk full');
    };
    try {
      const response = await create('sendc2f', transactionBody(env.parties, 'sendc2f'), {
        'idempotency-key': 'atomic-1',
      });
      expect(response.statusCode).toBe(500);
    } finally {
      env.sandbox.store.idempotency.record = record;
    }
    expect(snapshot(env.sandbox.store)).toBe(before);
    const retried = await create('sendc2f', transactionBody(env.parties, 'sendc2f'), {
      'idempotency-key': 'atomic-1',
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it('an acknowledged keyed request is on disk with its answer, so a retry after a restart replays it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'idem-'));
    const file = path.join(dir, 'sandbox.db');
    const first = await createTestSandbox({ file });
    const mine = await createParties(first, first.alice);
    const body = transactionBody(mine, 'sendf2f', { toAmount: '321' });
    const headers = { 'idempotency-key': 'after-restart' };
    const answered = await first.request({
      method: 'POST',
      url: '/v1/sendf2f/',
      payload: body,
      headers,
    });
    expect(answered.statusCode).toBe(200);
    // The process ends right after the commit: the database file is all that is left.
    await first.close();
    const second = await reopenTestSandbox(file, first);
    const retry = await second.request({
      method: 'POST',
      url: '/v1/sendf2f/',
      payload: body,
      headers,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(answered.json());
    const list = await second.send('GET', '/v1/sendf2f/?limit=100');
    expect(list.json().results.filter((t: Transaction) => t.toAmount === '321.00')).toHaveLength(1);
    await second.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a refused request keeps nothing, so the same key works once the request is fixed', async () => {
    const headers = { 'idempotency-key': 'fix-and-retry' };
    const refused = await create(
      'sendc2f',
      transactionBody(env.parties, 'sendc2f', { toAmount: '0.10' }),
      headers,
    );
    expect(refused.statusCode).toBe(400);
    const fixed = await create(
      'sendc2f',
      transactionBody(env.parties, 'sendc2f', { toAmount: '10' }),
      headers,
    );
    expect(fixed.statusCode).toBe(200);
  });

  it('is scoped to the partner', async () => {
    const bobs = await createParties(env.sandbox, env.sandbox.bob);
    const headers = { 'idempotency-key': 'shared-key' };
    const alice = await create('sendf2f', transactionBody(env.parties, 'sendf2f'), headers);
    const bob = await env.sandbox.request({
      method: 'POST',
      url: '/v1/sendf2f/',
      payload: transactionBody(bobs, 'sendf2f'),
      headers,
      as: env.sandbox.bob,
    });
    expect(bob.statusCode).toBe(200);
    expect(bob.json().businessRequestId).not.toBe(alice.json().businessRequestId);
  });

  it('works on every POST: approvals replay instead of failing', async () => {
    const id = (await create('sendf2f', transactionBody(env.parties, 'sendf2f'))).json()
      .businessRequestId;
    const headers = { 'idempotency-key': `approve-${id}` };
    const first = await env.sandbox.request({
      method: 'POST',
      url: `/v1/sendf2f/approveQuote/${id}`,
      headers,
    });
    const again = await env.sandbox.request({
      method: 'POST',
      url: `/v1/sendf2f/approveQuote/${id}`,
      headers,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const merchant = await env.sandbox.request({
      method: 'POST',
      url: '/v1/business/',
      payload: merchantBody(),
      headers: { 'idempotency-key': 'm-1' },
    });
    const merchantAgain = await env.sandbox.request({
      method: 'POST',
      url: '/v1/business/',
      payload: merchantBody(),
      headers: { 'idempotency-key': 'm-1' },
    });
    expect(merchantAgain.json().id).toBe(merchant.json().id);
  });

  it('refuses a malformed key', async () => {
    const response = await create('sendf2f', transactionBody(env.parties, 'sendf2f'), {
      'idempotency-key': 'x'.repeat(256),
    });
    expect(response.json().errors).toEqual([
      { field: 'Idempotency-Key', message: 'must be 1 to 255 visible ASCII characters' },
    ]);
  });
});
