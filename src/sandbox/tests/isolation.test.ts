// Tenant isolation: a second partner sees none of the first partner's records, and the first
// partner's ids answer it 404 for reads and for writes, exactly like ids that do not exist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allOperations, type OperationDef } from '../../api/operations';
import {
  createTestSandbox,
  merchantBody,
  payoutAccountBody,
  snapshot,
  type TestSandbox,
} from '../testing';

let sandbox: TestSandbox;
const ids: Record<string, number> = {};

beforeAll(async () => {
  sandbox = await createTestSandbox();
  const merchant = (
    await sandbox.request({
      method: 'POST',
      url: '/v1/business/',
      payload: merchantBody({ localRegNumber: 'R|VALID' }),
    })
  ).json();
  const account = (
    await sandbox.request({
      method: 'POST',
      url: '/v1/businessExternalAccount/',
      payload: payoutAccountBody(merchant.id, { accountNumber: '1|ACTIVE' }),
    })
  ).json();
  ids.business = merchant.id;
  ids.businessExternalAccount = account.id;
  const events = (await sandbox.request({ method: 'GET', url: '/v1/event/' })).json();
  ids.event = events.results[0].id;
});
afterAll(() => sandbox.close());

function idFor(op: OperationDef): number {
  const family = op.path.split('/')[2]!;
  return ids[family] ?? 1;
}

function bodyFor(op: OperationDef): unknown {
  if (op.id === 'updateMerchant') return merchantBody();
  if (op.id === 'updatePayoutAccount')
    return { accountHolderName: 'X', bankName: 'Y', countryIso: 'DE', accountNumber: '1|CLOSED' };
  if (op.id === 'acceptAgreements') return { agreementIds: [1, 2, 3] };
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
    expect(byId().length).toBeGreaterThanOrEqual(7);
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
  });
});
