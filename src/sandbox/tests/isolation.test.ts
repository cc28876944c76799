// Tenant isolation: a second partner sees none of the first partner's records, and the first
// partner's ids answer it 404 for reads and for writes, exactly like ids that do not exist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allOperations, type OperationDef } from '#/api/operations';
import {
  createMerchant,
  createPayoutAccount,
  createTestSandbox,
  merchantBody,
  snapshot,
  type TestSandbox,
} from '../testing';

let sandbox: TestSandbox;
const ids: Record<string, number> = {};

beforeAll(async () => {
  // Long delays: nothing moves by itself while snapshots are compared.
  sandbox = await createTestSandbox({
    settings: { quoteDelayMs: 3_600_000, webhookRetryBaseMs: 3_600_000 },
  });
  const merchant = await createMerchant(sandbox, { localRegNumber: 'R|VALID' });
  const account = await createPayoutAccount(sandbox, merchant.id, { accountNumber: '1|ACTIVE' });
  ids.business = merchant.id;
  ids.businessExternalAccount = account.id;
  for (const product of ['sendc2f', 'sendf2f', 'receive']) {
    const payload = {
      fromBusinessId: merchant.id,
      toBusinessExternalAccountId: account.id,
      fromCurrencySymbol: product === 'sendc2f' ? 'USDT(TRC20)' : 'USD',
      toAmount: '100',
      purpose: 'GOODS_PURCHASE',
    };
    const created = await sandbox.request({ method: 'POST', url: `/v1/${product}/`, payload });
    expect(created.statusCode, created.body).toBe(200);
    ids[product] = created.json().businessRequestId;
  }
  const upload = await sandbox.request({
    method: 'POST',
    url: '/v1/file/',
    headers: { 'content-type': 'multipart/form-data; boundary=X' },
    payload:
      '--X\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n--X--\r\n',
  });
  expect(upload.statusCode, upload.body).toBe(200);
  ids.file = upload.json().id;
  ids.webhook = (
    await sandbox.send('POST', '/v1/webhook/', { url: 'http://127.0.0.1:9/hook' })
  ).json().id;
  const events = (await sandbox.send('GET', '/v1/event/')).json();
  ids.event = events.results[0].id;
  // A fault of the first partner's, on an operation this test does not call.
  ids.sandbox = (
    await sandbox.send('POST', '/v1/sandbox/faults/', {
      operationId: 'listCountries',
      kind: 'error',
      count: 100,
    })
  ).json().id;
});
afterAll(() => sandbox.close());

function idFor(op: OperationDef): number {
  const family = op.path.split('/')[2]!;
  const id = ids[family];
  if (id === undefined) throw new Error(`no record for ${op.path}`);
  return id;
}

function bodyFor(op: OperationDef): unknown {
  if (op.id === 'updateMerchant') return merchantBody();
  if (op.id === 'updatePayoutAccount')
    return { accountHolderName: 'X', bankName: 'Y', countryIso: 'DE', accountNumber: '1|CLOSED' };
  if (op.id === 'acceptAgreements') return { agreementIds: [1, 2, 3] };
  if (op.id === 'addMerchantDocument') return { type: 'PROOF_OF_ADDRESS', fileId: 1 };
  if (op.id === 'receiveApproveDeposit')
    return { depositConfirmationUrl: 'https://example.com/c.pdf' };
  return undefined;
}

describe('another partner', () => {
  const byId = () =>
    allOperations.filter(
      (op) =>
        op.path.includes('{id}') &&
        sandbox.app.hasRoute({ method: op.method, url: op.path.replace('{id}', ':id') }),
    );

  it('gets 404 for each of the first partner’s ids, reading or writing, and changes nothing', async () => {
    expect(byId()).toHaveLength(allOperations.filter((op) => op.path.includes('{id}')).length);
    for (const op of byId()) {
      const url = op.path.replace('{id}', String(idFor(op)));
      const before = snapshot(sandbox.store);
      const theirs = await sandbox.request({
        method: op.method,
        url,
        payload: bodyFor(op) as object,
        as: sandbox.bob,
      });
      expect(theirs.statusCode, `${op.method} ${url}`).toBe(404);
      expect(snapshot(sandbox.store)).toBe(before);
      const missing = await sandbox.request({
        method: op.method,
        url: op.path.replace('{id}', '987654'),
        payload: bodyFor(op) as object,
        as: sandbox.bob,
      });
      const { requestId: _a, ...a } = theirs.json();
      const { requestId: _b, ...b } = missing.json();
      expect(a.code).toBe(b.code);
      expect(a.detail.replace(String(idFor(op)), 'N')).toBe(b.detail.replace('987654', 'N'));
    }
  });

  it('lists none of the first partner’s records', async () => {
    for (const url of [
      '/v1/business/',
      '/v1/businessExternalAccount/',
      '/v1/event/',
      `/v1/businessExternalAccount/?businessId=${ids.business}`,
    ]) {
      const response = await sandbox.request({ method: 'GET', url, as: sandbox.bob });
      expect(response.statusCode).toBe(200);
      expect(response.json().results, url).toEqual([]);
    }
    expect(
      (await sandbox.request({ method: 'GET', url: '/v1/webhook/', as: sandbox.bob })).json(),
    ).toEqual([]);
  });
});
