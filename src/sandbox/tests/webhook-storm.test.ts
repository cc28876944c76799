// Webhook delivery that cannot storm (decision 045): attempts in flight are capped overall and
// per endpoint, an endpoint that keeps failing gets probes instead of every retry, and what
// waited is delivered once it answers again. Real sockets, real receivers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '#/api/testing';
import { createMerchant, createTestSandbox, type TestSandbox } from '../testing';
import { MAX_IN_FLIGHT, PER_ENDPOINT, retryDelay } from '../webhooks/worker';
import { FAST_SETTINGS } from '../testing';

const cleanup: Array<() => Promise<unknown> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** Counts requests in flight, here and over every receiver of the test (`shared`). */
async function receiver(
  shared: { now: number; max: number },
  answer: () => number,
  holdMs: number,
) {
  const state = { received: 0, now: 0, max: 0, delivered: 0 };
  const server = http.createServer((req, res) => {
    state.now++;
    shared.now++;
    state.max = Math.max(state.max, state.now);
    shared.max = Math.max(shared.max, shared.now);
    req.resume();
    req.on('end', () => {
      state.received++;
      setTimeout(() => {
        const status = answer();
        if (status < 300) state.delivered++;
        state.now--;
        shared.now--;
        res.writeHead(status).end();
      }, holdMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => new Promise((r) => server.close(r)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, state };
}

async function sandboxWith(settings: Partial<typeof FAST_SETTINGS> = {}) {
  const sandbox = await createTestSandbox({ settings });
  cleanup.push(() => sandbox.close());
  return sandbox;
}

const addWebhook = (sandbox: TestSandbox, url: string) =>
  sandbox.send('POST', '/v1/webhook/', { url });

describe('webhook delivery under load', () => {
  it('never has more than its caps in flight, overall and per endpoint, and delivers all', async () => {
    const sandbox = await sandboxWith();
    const shared = { now: 0, max: 0 };
    const receivers = await Promise.all([1, 2, 3, 4, 5].map(() => receiver(shared, () => 204, 30)));
    for (const r of receivers) expect((await addWebhook(sandbox, r.url)).statusCode).toBe(200);
    // 15 merchants: an event each (their creation), to every endpoint: 75 deliveries.
    for (let i = 0; i < 15; i++) await createMerchant(sandbox, { localRegNumber: `R${i}|VALID` });
    await eventually(() => receivers.every((r) => r.state.delivered === 15), Boolean, {
      ms: 20_000,
    });
    for (const r of receivers) expect(r.state.max).toBeLessThanOrEqual(PER_ENDPOINT);
    expect(shared.max).toBeLessThanOrEqual(MAX_IN_FLIGHT);
    expect(shared.max).toBeGreaterThan(PER_ENDPOINT);
  });

  it('sends probes, not every retry, to an endpoint that keeps failing; all arrive once it answers', async () => {
    const sandbox = await sandboxWith({ webhookRetryBaseMs: 50, webhookMaxAttempts: 8 });
    let status = 500;
    const failing = await receiver({ now: 0, max: 0 }, () => status, 0);
    await addWebhook(sandbox, failing.url);
    for (let i = 0; i < 20; i++) await createMerchant(sandbox, { localRegNumber: `F${i}|VALID` });
    // 20 deliveries, retried from 50 ms doubling: without a circuit, about 100 attempts in 1.5 s.
    await new Promise((r) => setTimeout(r, 1500));
    expect(failing.state.received).toBeGreaterThanOrEqual(5);
    expect(failing.state.received).toBeLessThan(20);
    status = 204;
    await eventually(() => failing.state.delivered === 20, Boolean, { ms: 20_000 });
  });

  it('waits longer at each retry, never shorter, with up to half again at random', () => {
    const settings = { ...FAST_SETTINGS, webhookRetryBaseMs: 1000 };
    expect([1, 2, 3, 4].map((n) => retryDelay(settings, n, () => 0))).toEqual([
      1000, 2000, 4000, 8000,
    ]);
    expect([1, 2, 3, 4].map((n) => retryDelay(settings, n, () => 1))).toEqual([
      1500, 3000, 6000, 12000,
    ]);
  });
});
