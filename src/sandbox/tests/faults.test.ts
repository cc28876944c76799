// Chosen faults: the next N requests to one operation answer 500, 503 with Retry-After, or not at
// all; nothing stored changes for a faulted request; other partners are not touched.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSandbox, merchantBody, snapshot, type TestSandbox } from '../testing';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await createTestSandbox();
});
afterAll(() => sandbox.close());

const switchOn = async (body: Record<string, unknown>, as = sandbox.alice) => {
  const response = await sandbox.request({
    method: 'POST',
    url: '/v1/sandbox/faults/',
    payload: body,
    as,
  });
  return response;
};

describe('chosen faults', () => {
  it('answer 503 with Retry-After for the next N requests to one operation, then stop', async () => {
    const on = await switchOn({
      operationId: 'listMerchants',
      kind: 'unavailable',
      count: 2,
      retryAfterSeconds: 7,
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({
      operationId: 'listMerchants',
      kind: 'unavailable',
      remaining: 2,
    });
    // Another operation and another partner are not touched.
    expect((await sandbox.send('GET', '/v1/currency/')).statusCode).toBe(200);
    expect(
      (await sandbox.request({ method: 'GET', url: '/v1/business/', as: sandbox.bob })).statusCode,
    ).toBe(200);
    for (let i = 0; i < 2; i++) {
      const failed = await sandbox.send('GET', '/v1/business/');
      expect(failed.statusCode).toBe(503);
      expect(failed.headers['retry-after']).toBe('7');
      expect(failed.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    }
    expect((await sandbox.send('GET', '/v1/business/')).statusCode).toBe(200);
    expect((await sandbox.send('GET', '/v1/sandbox/faults/')).json()).toEqual([]);
  });

  it('change nothing stored, and keep no idempotency key: the retry does the work once', async () => {
    await switchOn({ operationId: 'createMerchant', kind: 'error' });
    const before = snapshot(sandbox.store);
    const headers = { 'idempotency-key': 'fault-retry-1' };
    const send = () =>
      sandbox.request({ method: 'POST', url: '/v1/business/', headers, payload: merchantBody() });
    const failed = await send();
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
    expect(snapshot(sandbox.store)).toBe(before);
    const retried = await send();
    expect(retried.statusCode).toBe(200);
    const replayed = await send();
    expect(replayed.json().id).toBe(retried.json().id);
  });

  it('leave the dashboard’s background reads alone: they would use the fault up', async () => {
    await switchOn({ operationId: 'listPayoutAccounts', kind: 'error' });
    const background = await sandbox.request({
      method: 'GET',
      url: '/v1/businessExternalAccount/',
      headers: { 'x-sandbox-background': 'dashboard' },
    });
    expect(background.statusCode).toBe(200);
    const client = await sandbox.send('GET', '/v1/businessExternalAccount/');
    expect(client.statusCode).toBe(500);
  });

  it('switch off before they are used up', async () => {
    const on = (await switchOn({ operationId: 'listCountries', kind: 'error', count: 5 })).json();
    const off = await sandbox.send('DELETE', `/v1/sandbox/faults/${on.id}`);
    expect(off.json()).toEqual({ id: on.id, deleted: true });
    expect((await sandbox.send('GET', '/v1/country/')).statusCode).toBe(200);
    const again = await sandbox.send('DELETE', `/v1/sandbox/faults/${on.id}`);
    expect(again.statusCode).toBe(404);
    // Bob cannot see or switch off Alice's.
    const alices = (await switchOn({ operationId: 'listCountries', kind: 'error' })).json();
    const byBob = await sandbox.request({
      method: 'DELETE',
      url: `/v1/sandbox/faults/${alices.id}`,
      as: sandbox.bob,
    });
    expect(byBob.statusCode).toBe(404);
    expect(
      (
        await sandbox.request({ method: 'GET', url: '/v1/sandbox/faults/', as: sandbox.bob })
      ).json(),
    ).toEqual([]);
    await sandbox.send('DELETE', `/v1/sandbox/faults/${alices.id}`);
  });

  it('refuse what is not an operation of the API, naming the field', async () => {
    for (const body of [
      { operationId: 'listFaults', kind: 'error' },
      { operationId: 'noSuchThing', kind: 'error' },
      { operationId: 'getMerchant', kind: 'explode' },
      { operationId: 'getMerchant', kind: 'error', count: 0 },
    ]) {
      const refused = await switchOn(body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0].field).toMatch(/operationId|kind|count/);
    }
  });

  it('a timeout holds the request and closes the connection without an answer', async () => {
    await sandbox.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (sandbox.app.server.address() as AddressInfo).port;
    await switchOn({ operationId: 'listCurrencies', kind: 'timeout', timeoutSeconds: 1 });
    const started = Date.now();
    const outcome = await new Promise<string>((resolve) => {
      http
        .get(
          `http://127.0.0.1:${port}/v1/currency/`,
          {
            headers: { 'x-api-key': sandbox.alice.apiKey, 'x-api-secret': sandbox.alice.apiSecret },
          },
          (res) => resolve(`answered ${res.statusCode}`),
        )
        .on('error', (error) => resolve(`closed: ${(error as NodeJS.ErrnoException).code}`));
    });
    expect(outcome).toBe('closed: ECONNRESET');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('reach the embedded dashboard’s direct reads too', async () => {
    await switchOn({ operationId: 'getMerchant', kind: 'unavailable' });
    const headers = { 'x-api-key': sandbox.alice.apiKey, 'x-api-secret': sandbox.alice.apiSecret };
    // Left to HTTP, where the fault is met.
    expect(await sandbox.direct('/v1/business/1', headers)).toBeUndefined();
    const failed = await sandbox.send('GET', '/v1/business/1');
    expect(failed.statusCode).toBe(503);
  });
});
