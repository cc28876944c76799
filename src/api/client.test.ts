// The typed client against a real sandbox on loopback.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestSandbox,
  merchantBody,
  payoutAccountBody,
  type TestSandbox,
} from '#/sandbox/testing';
import {
  ApiError,
  acceptAgreements,
  createMerchant,
  createPayoutAccount,
  getMerchant,
  getPayoutAccount,
  listAgreements,
  listCountries,
  listCurrencies,
  listEvents,
  listMerchants,
  listPayoutAccounts,
  submitOnboarding,
  updateMerchant,
  updatePayoutAccount,
  type Connection,
} from './client';
import type { MerchantCreate } from './schemas/merchant';
import type { PayoutAccountCreate } from './schemas/payout-account';

let sandbox: TestSandbox;
let conn: Connection;

beforeAll(async () => {
  sandbox = await createTestSandbox();
  await sandbox.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = sandbox.app.server.address() as AddressInfo;
  conn = {
    baseUrl: `http://127.0.0.1:${port}/`,
    headers: { 'x-api-key': sandbox.alice.apiKey, 'x-api-secret': sandbox.alice.apiSecret },
  };
});
afterAll(() => sandbox.close());

describe('the typed client', () => {
  it('calls each merchant, onboarding and payout-account operation and parses the answers', async () => {
    const merchant = await createMerchant(conn, merchantBody() as MerchantCreate);
    expect(merchant.kycStatus).toBe('PENDING');
    expect((await getMerchant(conn, merchant.id)).name).toBe(merchant.name);
    const updated = await updateMerchant(
      conn,
      merchant.id,
      merchantBody({ localRegNumber: 'X|PENDING', city: 'Potsdam' }) as MerchantCreate,
    );
    expect(updated.city).toBe('Potsdam');
    const merchants = await listMerchants(conn, { start: 0, limit: 1 });
    expect(merchants.results[0]!.id).toBe(merchant.id);
    expect((await listAgreements(conn, merchant.id)).length).toBe(3);
    await acceptAgreements(conn, merchant.id, { agreementIds: [1, 2, 3] });
    expect((await submitOnboarding(conn, merchant.id)).kycStatus).toBe('UNDER_REVIEW');

    const account = await createPayoutAccount(
      conn,
      payoutAccountBody(merchant.id) as PayoutAccountCreate,
    );
    expect((await getPayoutAccount(conn, account.id)).iban).toBe('DE89370400440532013000');
    const active = await updatePayoutAccount(conn, account.id, {
      accountHolderName: 'L',
      bankName: 'B',
      countryIso: 'DE',
      accountNumber: '|ACTIVE',
    });
    expect(active.accountStatus).toBe('ACTIVE');
    const accounts = await listPayoutAccounts(conn, {
      businessId: merchant.id,
      currencySymbol: 'EUR',
    });
    expect(accounts.results.map((a) => a.id)).toEqual([account.id]);

    const events = await listEvents(conn, { objectType: 'payout_account', objectId: account.id });
    expect(events.results[0]!.type).toBe('payout_account.status.changed');
    expect((await listCurrencies(conn)).length).toBeGreaterThan(10);
    expect((await listCountries(conn)).length).toBe(249);
  });

  it('throws one ApiError carrying the problem details, field errors and request id', async () => {
    const error = await createMerchant(
      conn,
      merchantBody({ contactEmail: 'nope' }) as MerchantCreate,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.code).toBe('VALIDATION_ERROR');
    expect(apiError.fieldErrors).toEqual([
      { field: 'contactEmail', message: 'must be an email address' },
    ]);
    expect(apiError.requestId).toMatch(/^[0-9a-f-]{36}$/);

    const missing = (await getMerchant(conn, 424242).catch((e: unknown) => e)) as ApiError;
    expect(missing).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const unauthorized = (await listMerchants({ baseUrl: conn.baseUrl }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(unauthorized).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('reports an unreachable service and an unexpected answer as ApiErrors too', async () => {
    const down = (await listCurrencies({ baseUrl: 'http://127.0.0.1:9' }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(down).toBeInstanceOf(ApiError);
    expect(down.code).toBe('NETWORK_ERROR');
    const wrongShape = (await listCurrencies({
      baseUrl: 'http://x',
      fetch: async () => new Response(JSON.stringify([{ symbol: 1 }]), { status: 200 }),
    }).catch((e: unknown) => e)) as ApiError;
    expect(wrongShape).toMatchObject({ code: 'INVALID_RESPONSE' });
    expect(wrongShape.message).toContain('listCurrencies');
    const gateway = (await listCurrencies({
      baseUrl: 'http://x',
      fetch: async () =>
        new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    }).catch((e: unknown) => e)) as ApiError;
    expect(gateway).toMatchObject({ status: 502, code: 'HTTP_502' });
  });
});
