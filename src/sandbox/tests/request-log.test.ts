// The request log: every request a partner makes, found again by path, status, request id and
// record; never a credential; each partner sees only its own (docs/decisions/023).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  keptBody,
  type NewLoggedRequest,
  objectOf,
  REQUEST_LOG_BODY_LIMIT,
  REQUEST_LOG_BYTES,
  REQUEST_LOG_DAYS,
  REQUEST_LOG_KEEP,
  requestLog,
} from '../request-log';
import { createTestSandbox, merchantBody, reopenTestSandbox, type TestSandbox } from '../testing';

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
  await sandbox.send('GET', `/v1/business/${merchantId}`);
  await sandbox.send('GET', '/v1/business/999999');
  await sandbox.send('POST', '/v1/business/', merchantBody({ countryIso: 'XX' }));
  const webhook = await sandbox.send('POST', '/v1/webhook/', {
    url: 'https://hooks.example.com/payments',
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
    const one = await sandbox.send('GET', `/v1/sandbox/requests/${String(failed.requestId)}`);
    expect(one.json()).toEqual(failed);
    expect(String(failed.responseBody)).toContain('countryIso');
    const touched = await search(`objectType=merchant&objectId=${merchantId}`);
    expect(touched.results.map((r) => r.operationId)).toEqual(['getMerchant', 'createMerchant']);
    // A record's changes without the reads around them, and the other way round.
    const changes = await search(`objectType=merchant&objectId=${merchantId}&kind=writes`);
    expect(changes.results.map((r) => r.operationId)).toEqual(['createMerchant']);
    const reads = await search('kind=reads');
    expect(reads.results.length).toBeGreaterThan(0);
    expect(reads.results.every((r) => r.method === 'GET')).toBe(true);
  });

  it('the request id of an error answer is the one the log keeps', async () => {
    const refused = await sandbox.send('GET', '/v1/businessExternalAccount/77777');
    const requestId = refused.json().requestId as string;
    expect(refused.headers['x-request-id']).toBe(requestId);
    expect((await search(`requestId=${requestId}`)).results[0]).toMatchObject({ status: 404 });
  });

  it('never holds an API secret, and redacts a webhook’s signing secret', async () => {
    const everything = JSON.stringify([
      ...(await search('limit=100')).results,
      ...(await search('limit=100', sandbox.bob)).results,
    ]);
    expect(everything).toContain(merchantId.toString());
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
    const byDashboard = (await search('client=dashboard')).results;
    expect(byDashboard.map((r) => r.requestId)).toEqual([requestId]);
    const byIntegration = (await search('client=integration&limit=100')).results;
    expect(byIntegration.map((r) => r.requestId)).not.toContain(requestId);
    expect(byIntegration.length).toBeGreaterThan(3);
  });

  it('leaves out a request that asks to be left out (the dashboard’s background reads)', async () => {
    const skipped = await sandbox.request({
      method: 'GET',
      url: '/v1/business/',
      headers: { 'x-sandbox-background': 'dashboard' },
    });
    expect(skipped.statusCode).toBe(200);
    const requestId = skipped.headers['x-request-id'] as string;
    expect((await search(`requestId=${requestId}`)).results).toEqual([]);
  });

  it('refuses a bad search with the field named', async () => {
    const bad = await sandbox.send('GET', '/v1/sandbox/requests/?status=42x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('status');
    const kind = await sandbox.send('GET', '/v1/sandbox/requests/?kind=all');
    expect(kind.statusCode).toBe(400);
    expect(kind.json().errors[0]).toMatchObject({
      field: 'kind',
      message: 'must be writes or reads',
    });
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

describe('the log on disk', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'request-log-'));
    dirs.push(dir);
    return dir;
  };
  const entry = (partnerId: number, time: number, n: number): NewLoggedRequest => ({
    partnerId,
    time,
    method: 'GET',
    path: `/v1/business/${n}`,
    operationId: 'getMerchant',
    status: 200,
    durationMs: 0.2,
    requestId: `req-${partnerId}-${n}`,
    idempotencyKey: null,
    source: 'test',
    objectType: 'merchant',
    objectId: n,
    requestType: null,
    requestBody: null,
    responseBody: '{}',
  });

  it('is there again after a restart, with no secret in its files', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'sandbox.db');
    const first = await createTestSandbox({ file });
    const created = await first.send('POST', '/v1/business/', merchantBody());
    const requestId = created.headers['x-request-id'] as string;
    await first.close();
    const files = fs.readdirSync(path.join(dir, 'request-log'));
    expect(files).toEqual([`${first.alice.id}.log`]);
    const text = files.map((f) => fs.readFileSync(path.join(dir, 'request-log', f), 'utf8')).join();
    expect(text).toContain(requestId);
    expect(text).not.toContain(first.alice.apiSecret);
    const again = await reopenTestSandbox(file, first);
    const found = await again.send('GET', `/v1/sandbox/requests/${requestId}`);
    expect(found.json()).toMatchObject({ requestId, status: 200, objectId: created.json().id });
    await again.close();
  });

  it('keeps each partner’s newest 10,000, none older than 7 days', () => {
    const dir = tempDir();
    let time = 1_000_000_000_000;
    const log = requestLog(dir, () => time);
    for (let n = 1; n <= REQUEST_LOG_KEEP + 1_500; n++) log.record(entry(1, time, n));
    log.record(entry(2, time, 1));
    const newest = log.search(1, {}, 0, 1)[0]!;
    expect(newest.path).toBe(`/v1/business/${REQUEST_LOG_KEEP + 1_500}`);
    expect(log.search(1, {}, REQUEST_LOG_KEEP - 1, 5)).toHaveLength(1);
    expect(log.search(1, { requestId: 'req-1-1' }, 0, 1)).toEqual([]);
    log.flush();
    // The file holds what is kept: the next batch starts a new one, the full one is kept as old.
    log.record(entry(1, time, 0));
    log.flush();
    expect(fs.readdirSync(dir).sort()).toEqual(['1.log', '1.old.log', '2.log']);
    const latest = log.search(1, {}, 0, 1)[0]!;
    // Read back by a new process: the same newest entries, ids going on from there.
    const reread = requestLog(dir, () => time);
    expect(reread.search(1, {}, 0, 1)[0]).toEqual(latest);
    expect(reread.search(1, {}, 1, 1)[0]).toEqual(newest);
    expect(reread.search(1, {}, 0, REQUEST_LOG_KEEP + 5)).toHaveLength(REQUEST_LOG_KEEP);
    expect(reread.search(2, {}, 0, 5)).toHaveLength(1);
    time += (REQUEST_LOG_DAYS + 1) * 86_400_000;
    expect(reread.search(1, {}, 0, 5)).toEqual([]);
    expect(reread.search(2, {}, 0, 5)).toEqual([]);
  });

  it('keeps no more than its byte budget of bodies, in memory and in each file', () => {
    const dir = tempDir();
    const log = requestLog(dir, () => 1_000_000_000_000);
    const body = `{"x":"${'y'.repeat(REQUEST_LOG_BODY_LIMIT - 10)}"}`;
    const count = Math.ceil((REQUEST_LOG_BYTES * 1.5) / body.length);
    for (let n = 1; n <= count; n++) {
      log.record({ ...entry(1, 1_000_000_000_000, n), responseBody: body });
      if (n % 100 === 0) log.flush();
    }
    log.flush();
    const kept = log.search(1, {}, 0, count);
    expect(kept[0]!.path).toBe(`/v1/business/${count}`);
    expect(kept.length * body.length).toBeLessThanOrEqual(REQUEST_LOG_BYTES);
    expect(kept.length).toBeGreaterThan((REQUEST_LOG_BYTES / body.length) * 0.9);
    for (const file of fs.readdirSync(dir))
      expect(fs.statSync(path.join(dir, file)).size).toBeLessThan(REQUEST_LOG_BYTES * 1.1);
    // Read back: the same budget.
    const reread = requestLog(dir, () => 1_000_000_000_000).search(1, {}, 0, count);
    expect(reread.length).toBe(kept.length);
    expect(reread[0]).toEqual(kept[0]);
  });
});
