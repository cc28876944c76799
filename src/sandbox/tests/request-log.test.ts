// The request log: every request a partner makes, found again by path, status, request id and
// record; never a credential; each partner sees only its own (docs/decisions/023).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptBody, objectOf, REQUEST_LOG_BODY_LIMIT } from '../request-log';
import { createTestSandbox, merchantBody, type TestSandbox } from '../testing';

let sandbox: TestSandbox;
let merchantId: number;
let webhookSecret: string;

beforeAll(async () => {
  sandbox = await createTestSandbox();
  const created = await sandbox.request({
    method: 'POST',
    url: '/v1/business/',
    headers: { 'idempotency-key': 'create-lumen-1', 'user-agent': 'acme-integration/2.1' },
    payload: merchantBody(),
  });
  merchantId = created.json().id;
  await sandbox.request({ method: 'GET', url: `/v1/business/${merchantId}` });
  await sandbox.request({ method: 'GET', url: '/v1/business/999999' });
  await sandbox.request({
    method: 'POST',
    url: '/v1/business/',
    payload: merchantBody({ countryIso: 'XX' }),
  });
  const webhook = await sandbox.request({
    method: 'POST',
    url: '/v1/webhook/',
    payload: { url: 'https://hooks.example.com/payments' },
  });
  webhookSecret = webhook.json().secret;
  // One request by Bob, and one refused for its credentials (no partner: not kept).
  await sandbox.request({ method: 'GET', url: '/v1/business/', as: sandbox.bob });
  await sandbox.request({
    method: 'GET',
    url: '/v1/business/',
    as: { apiKey: sandbox.alice.apiKey, apiSecret: 'wrong' },
  });
});
afterAll(() => sandbox.close());

const search = async (query: string, as = sandbox.alice) => {
  const response = await sandbox.request({
    method: 'GET',
    url: `/v1/sandbox/requests/?${query}`,
    as,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { results: Record<string, unknown>[]; hasMore: boolean };
};

describe('the request log', () => {
  it('keeps each request with its answer, newest first', async () => {
    const { results } = await search('limit=100');
    expect(results.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'POST /v1/webhook/ 200',
      'POST /v1/business/ 400',
      'GET /v1/business/999999 404',
      `GET /v1/business/${merchantId} 200`,
      'POST /v1/business/ 200',
    ]);
    const created = results[4]!;
    expect(created).toMatchObject({
      operationId: 'createMerchant',
      idempotencyKey: 'create-lumen-1',
      source: 'acme-integration/2.1',
      objectType: 'merchant',
      objectId: merchantId,
      requestType: 'application/json',
    });
    expect(JSON.parse(String(created.requestBody))).toMatchObject({ name: 'Lumen Textiles GmbH' });
    expect(JSON.parse(String(created.responseBody))).toMatchObject({ id: merchantId });
    expect(created.durationMs).toBeGreaterThan(0);
  });

  it('is searched by path, status or its class, request id and record', async () => {
    expect((await search('path=999999')).results).toHaveLength(1);
    expect((await search('status=4')).results.map((r) => r.status)).toEqual([400, 404]);
    expect((await search('status=404')).results).toHaveLength(1);
    const failed = (await search('status=400')).results[0]!;
    const byId = await search(`requestId=${String(failed.requestId)}`);
    expect(byId.results).toEqual([failed]);
    const one = await sandbox.request({
      method: 'GET',
      url: `/v1/sandbox/requests/${String(failed.requestId)}`,
    });
    expect(one.json()).toEqual(failed);
    expect(String(failed.responseBody)).toContain('countryIso');
    const touched = await search(`objectType=merchant&objectId=${merchantId}`);
    expect(touched.results.map((r) => r.operationId)).toEqual(['getMerchant', 'createMerchant']);
  });

  it('the request id of an error answer is the one the log keeps', async () => {
    const refused = await sandbox.request({
      method: 'GET',
      url: '/v1/businessExternalAccount/77777',
    });
    const requestId = refused.json().requestId as string;
    expect(refused.headers['x-request-id']).toBe(requestId);
    expect((await search(`requestId=${requestId}`)).results[0]).toMatchObject({ status: 404 });
  });

  it('never holds an API secret, and redacts a webhook’s signing secret', async () => {
    const rows = sandbox.store.db.prepare('SELECT * FROM request_log').all();
    const everything = JSON.stringify(rows);
    expect(everything).not.toContain(sandbox.alice.apiSecret);
    expect(everything).not.toContain(sandbox.bob.apiSecret);
    expect(everything).not.toContain(webhookSecret);
    expect(everything).toContain('[redacted]');
  });

  it('shows each partner only its own requests', async () => {
    const bobs = await search('limit=100', sandbox.bob);
    expect(bobs.results.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/business/']);
    const alices = (await search('limit=100')).results;
    const foreign = await sandbox.request({
      method: 'GET',
      url: `/v1/sandbox/requests/${String(alices[0]!.requestId)}`,
      as: sandbox.bob,
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await search(`objectType=merchant&objectId=${merchantId}`, sandbox.bob)).results,
    ).toEqual([]);
  });

  it('keeps reads answered without HTTP (the embedded dashboard’s) too', async () => {
    const answer = await sandbox.direct(`/v1/business/${merchantId}`, {
      'x-api-key': sandbox.alice.apiKey,
      'x-api-secret': sandbox.alice.apiSecret,
      'user-agent': 'partner-dashboard',
    });
    const requestId = answer!.headers['x-request-id']!;
    expect((await search(`requestId=${requestId}`)).results[0]).toMatchObject({
      path: `/v1/business/${merchantId}`,
      status: 200,
      source: 'partner-dashboard',
      objectType: 'merchant',
      objectId: merchantId,
    });
  });

  it('refuses a bad search with the field named', async () => {
    const bad = await sandbox.request({ method: 'GET', url: '/v1/sandbox/requests/?status=42x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('status');
  });
});

describe('what the log keeps of a body', () => {
  it('caps it and redacts secrets and passwords', () => {
    expect(keptBody('{"url":"https://x","secret":"whsec_1"}')).toBe(
      '{"url":"https://x","secret":"[redacted]"}',
    );
    expect(keptBody('x'.repeat(REQUEST_LOG_BODY_LIMIT + 10))!.length).toBeLessThan(
      REQUEST_LOG_BODY_LIMIT + 60,
    );
    expect(keptBody('')).toBeNull();
  });

  it('names the record an operation touched', () => {
    expect(objectOf('getPayoutAccount', { id: '7' }, null)).toEqual({
      objectType: 'payout_account',
      objectId: 7,
    });
    expect(objectOf('sendc2fCreate', {}, '{"businessRequestId":12,"x":1}')).toEqual({
      objectType: 'transaction',
      objectId: 12,
    });
    expect(objectOf('listMerchants', {}, '{"results":[]}')).toEqual({
      objectType: null,
      objectId: null,
    });
  });
});
