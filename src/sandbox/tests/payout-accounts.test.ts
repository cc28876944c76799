import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PayoutAccount } from '#/api/schemas/payout-account';
import {
  createMerchant,
  createTestSandbox,
  payoutAccountBody,
  snapshot,
  type TestSandbox,
} from '../testing';

let sandbox: TestSandbox;
let merchantId: number;
beforeEach(async () => {
  sandbox = await createTestSandbox();
  merchantId = (await createMerchant(sandbox)).id;
});
afterEach(() => sandbox.close());

async function create(body: Record<string, unknown> = payoutAccountBody(merchantId)) {
  const response = await sandbox.send('POST', '/v1/businessExternalAccount/', body);
  expect(response.statusCode, response.body).toBe(200);
  return PayoutAccount.parse(response.json());
}

const updateBody = (overrides: Record<string, unknown> = {}): Record<string, unknown> => {
  const { businessId: _b, currencySymbol: _c, ...rest } = payoutAccountBody(merchantId, overrides);
  return rest;
};

describe('POST /v1/businessExternalAccount/', () => {
  it('creates a PENDING account with the IBAN in electronic form and the BIC upper-cased', async () => {
    const account = await create();
    expect(account).toMatchObject({
      businessId: merchantId,
      currencySymbol: 'EUR',
      iban: 'DE89370400440532013000',
      swiftCode: 'DEUTDEFF',
      accountStatus: 'PENDING',
      accountNumber: null,
      zipCode: null,
    });
    expect(String(account.creationTime)).toHaveLength(13);
  });

  it('takes an account number without an IBAN', async () => {
    const account = await create(
      payoutAccountBody(merchantId, {
        iban: undefined,
        accountNumber: '40982211',
        currencySymbol: 'USD',
        routingNumber: '021000089',
        zipCode: '10001',
      }),
    );
    expect(account).toMatchObject({
      accountNumber: '40982211',
      iban: null,
      routingNumber: '021000089',
      zipCode: '10001',
    });
  });

  it.each([
    [
      { iban: undefined, accountNumber: undefined },
      'accountNumber',
      'is required when there is no IBAN',
      'VALIDATION_ERROR',
    ],
    [
      { iban: 'DE89370400440532013001' },
      'iban',
      'is not a valid IBAN (check the country code, length and check digits)',
      'VALIDATION_ERROR',
    ],
    [
      { swiftCode: 'DEUT' },
      'swiftCode',
      'is not a valid BIC: 8 or 11 characters, such as DEUTDEFF or DEUTDEFF500',
      'VALIDATION_ERROR',
    ],
    [
      { currencySymbol: 'USDT(TRC20)' },
      'currencySymbol',
      expect.stringContaining('must be a fiat payout currency'),
      'CURRENCY_NOT_SUPPORTED',
    ],
    [
      { currencySymbol: 'XXX' },
      'currencySymbol',
      expect.stringContaining('must be a fiat payout currency'),
      'CURRENCY_NOT_SUPPORTED',
    ],
    [
      { businessId: 999999 },
      'businessId',
      'must be one of your merchants; merchant 999999 was not found',
      'VALIDATION_ERROR',
    ],
    [{ accountHolderName: '' }, 'accountHolderName', 'is required', 'VALIDATION_ERROR'],
    [{ countryIso: 'ZZ' }, 'countryIso', expect.stringContaining('ISO 3166-1'), 'VALIDATION_ERROR'],
    [
      { accountNumber: '123|OPEN' },
      'accountNumber',
      expect.stringContaining('|ACTIVE'),
      'VALIDATION_ERROR',
    ],
  ])('refuses %j', async (overrides, field, message, code) => {
    const before = snapshot(sandbox.store);
    const response = await sandbox.send(
      'POST',
      '/v1/businessExternalAccount/',
      payoutAccountBody(merchantId, overrides),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code,
      errors: expect.arrayContaining([{ field, message }]),
    });
    expect(snapshot(sandbox.store)).toBe(before);
  });

  it('refuses another partner’s merchant as the owner', async () => {
    const response = await sandbox.request({
      method: 'POST',
      url: '/v1/businessExternalAccount/',
      payload: payoutAccountBody(merchantId),
      as: sandbox.bob,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toBe('businessId');
  });
});

describe('PUT /v1/businessExternalAccount/{id}', () => {
  it('sets accountStatus from a |STATUS suffix, keeps the number, and records an event', async () => {
    const account = await create(payoutAccountBody(merchantId, { accountNumber: '555' }));
    const response = await sandbox.send(
      'PUT',
      `/v1/businessExternalAccount/${account.id}`,
      updateBody({ accountNumber: '555|ACTIVE' }),
    );
    expect(response.statusCode).toBe(200);
    expect(PayoutAccount.parse(response.json())).toMatchObject({
      accountStatus: 'ACTIVE',
      accountNumber: '555',
    });
    const events = (
      await sandbox.send('GET', `/v1/event/?objectType=payout_account&objectId=${account.id}`)
    ).json();
    expect(events.results[0]).toMatchObject({
      type: 'payout_account.status.changed',
      data: { accountStatus: 'ACTIVE' },
    });
  });

  it('sets the status of an IBAN-only account from a bare suffix', async () => {
    const account = await create();
    const response = await sandbox.send(
      'PUT',
      `/v1/businessExternalAccount/${account.id}`,
      updateBody({ accountNumber: '|FROZEN' }),
    );
    expect(PayoutAccount.parse(response.json())).toMatchObject({
      accountStatus: 'FROZEN',
      accountNumber: null,
      iban: 'DE89370400440532013000',
    });
  });

  it('keeps optional fields that are absent, and clears those sent as null', async () => {
    const account = await create(
      payoutAccountBody(merchantId, { city: 'Berlin', zipCode: '10119' }),
    );
    const { city: _c, ...body } = updateBody({ zipCode: null, bankName: 'Commerzbank' });
    const updated = PayoutAccount.parse(
      (await sandbox.send('PUT', `/v1/businessExternalAccount/${account.id}`, body)).json(),
    );
    expect(updated).toMatchObject({
      city: 'Berlin',
      zipCode: null,
      bankName: 'Commerzbank',
      businessId: merchantId,
      currencySymbol: 'EUR',
    });
  });

  it('refuses every update to a CLOSED account', async () => {
    const account = await create();
    await sandbox.send(
      'PUT',
      `/v1/businessExternalAccount/${account.id}`,
      updateBody({ accountNumber: '|CLOSED' }),
    );
    const before = snapshot(sandbox.store);
    const response = await sandbox.send(
      'PUT',
      `/v1/businessExternalAccount/${account.id}`,
      updateBody({ accountNumber: '|ACTIVE' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'INVALID_STATE_TRANSITION',
      detail: expect.stringContaining('CLOSED'),
    });
    expect(snapshot(sandbox.store)).toBe(before);
  });

  it('refuses to remove both the account number and the IBAN', async () => {
    const account = await create();
    const response = await sandbox.send(
      'PUT',
      `/v1/businessExternalAccount/${account.id}`,
      updateBody({ iban: null }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'accountNumber', message: 'is required when there is no IBAN' },
    ]);
  });

  it('answers 404 to another partner and changes nothing', async () => {
    const account = await create();
    const before = snapshot(sandbox.store);
    const put = await sandbox.request({
      method: 'PUT',
      url: `/v1/businessExternalAccount/${account.id}`,
      payload: updateBody({ accountNumber: '|ACTIVE' }),
      as: sandbox.bob,
    });
    const get = await sandbox.request({
      method: 'GET',
      url: `/v1/businessExternalAccount/${account.id}`,
      as: sandbox.bob,
    });
    expect([put.statusCode, get.statusCode]).toEqual([404, 404]);
    expect(snapshot(sandbox.store)).toBe(before);
  });
});

describe('GET /v1/businessExternalAccount/', () => {
  it('filters by merchant and by currency, exactly', async () => {
    const other = (await createMerchant(sandbox, { name: 'Other' })).id;
    const eur = await create();
    const usd = await create(
      payoutAccountBody(merchantId, { currencySymbol: 'USD', iban: undefined, accountNumber: '1' }),
    );
    const otherEur = await create(payoutAccountBody(other));
    const ids = async (query: string) =>
      (await sandbox.send('GET', `/v1/businessExternalAccount/?${query}`))
        .json()
        .results.map((a: PayoutAccount) => a.id);
    expect(await ids('')).toEqual([otherEur.id, usd.id, eur.id]);
    expect(await ids(`businessId=${merchantId}`)).toEqual([usd.id, eur.id]);
    expect(await ids('currencySymbol=EUR')).toEqual([otherEur.id, eur.id]);
    expect(await ids(`businessId=${merchantId}&currencySymbol=EUR`)).toEqual([eur.id]);
    expect(await ids('currencySymbol=eur')).toEqual([]);
    expect(await ids('currencySymbol=USDT%28TRC20%29')).toEqual([]);
    expect(await ids('limit=1&start=1')).toEqual([usd.id]);
  });

  it('refuses a malformed filter', async () => {
    const response = await sandbox.send('GET', '/v1/businessExternalAccount/?businessId=-4');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toBe('businessId');
  });
});
