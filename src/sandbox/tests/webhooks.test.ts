// Webhook endpoints and delivery to a real HTTP receiver on loopback.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '#/api/testing';
import { EventWithAttempts, Webhook } from '#/api/schemas/platform';
import { createMerchant, createTestSandbox, type TestSandbox } from '../testing';
import { verifySignature } from '#/api/webhook-signing';
import { localReceiver, type Received } from '#/http/testing';

/**
 * A receiver whose answers the test scripts: one status per request, the last one repeating.
 * Events of the record's creation (`*.created`) are taken at once and not counted: the tests
 * follow the status events made after them.
 */
async function receiver(statuses: number[] | (() => number), hangMs = 0) {
  const received: Received[] = [];
  const server = await localReceiver((call, res) => {
    if (/"type":"[a-z_]+\.created"/.test(call.body)) {
      res.writeHead(204).end();
      return;
    }
    received.push(call);
    const status =
      typeof statuses === 'function'
        ? statuses()
        : (statuses[received.length - 1] ?? statuses.at(-1)!);
    setTimeout(() => res.writeHead(status).end('ok'), hangMs);
  });
  return { ...server, received };
}

const cleanup: Array<() => Promise<unknown> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function sandboxWith(options: Parameters<typeof createTestSandbox>[0] = {}) {
  const sandbox = await createTestSandbox(options);
  cleanup.push(() => sandbox.close());
  return sandbox;
}

async function addWebhook(sandbox: TestSandbox, url: string) {
  const response = await sandbox.send('POST', '/v1/webhook/', { url });
  expect(response.statusCode).toBe(200);
  return Webhook.parse(response.json());
}

/** Makes one event: a KYC simulation on a new merchant. Returns the event's id. */
async function emitEvent(sandbox: TestSandbox) {
  const merchant = await createMerchant(sandbox, { localRegNumber: 'R|VALID' });
  const events = (
    await sandbox.send('GET', `/v1/event/?objectType=merchant&objectId=${merchant.id}`)
  ).json();
  // Newest first: the status event, then the creation's.
  return events.results.find((e: { type: string }) => e.type === 'merchant.kyc_status.changed')
    .id as number;
}

const eventById = async (sandbox: TestSandbox, id: number) => {
  const page = (
    await sandbox.request({ method: 'GET', url: '/v1/event/?limit=100', as: sandbox.alice })
  ).json();
  return EventWithAttempts.parse(page.results.find((e: { id: number }) => e.id === id));
};

describe('webhook endpoints', () => {
  it('are added with a signing secret, listed with it masked, and deleted', async () => {
    const sandbox = await sandboxWith();
    const hook = await addWebhook(sandbox, 'https://partner.example/hooks');
    expect(hook.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(String(hook.creationTime)).toHaveLength(13);
    const list = (await sandbox.send('GET', '/v1/webhook/')).json();
    expect(list).toEqual([{ ...hook, secret: `whsec_…${hook.secret.slice(-4)}` }]);
    expect(
      (await sandbox.request({ method: 'GET', url: '/v1/webhook/', as: sandbox.bob })).json(),
    ).toEqual([]);
    expect(
      (await sandbox.request({ method: 'DELETE', url: `/v1/webhook/${hook.id}`, as: sandbox.bob }))
        .statusCode,
    ).toBe(404);
    const deleted = await sandbox.send('DELETE', `/v1/webhook/${hook.id}`);
    expect(deleted.json()).toEqual({ id: hook.id, deleted: true });
    expect((await sandbox.send('GET', '/v1/webhook/')).json()).toEqual([]);
    expect((await sandbox.send('DELETE', `/v1/webhook/${hook.id}`)).statusCode).toBe(404);
  });

  it.each([['ftp://partner.example/hooks'], ['not a url'], ['']])(
    'refuses the URL %j',
    async (url) => {
      const sandbox = await sandboxWith();
      const response = await sandbox.send('POST', '/v1/webhook/', { url });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].field).toBe('url');
    },
  );
});

describe('delivery', () => {
  it('signs every attempt, retries with doubling delays, and records each attempt; the third succeeds', async () => {
    const sandbox = await sandboxWith({ settings: { webhookRetryBaseMs: 100 } });
    const hooks = await receiver([500, 500, 200]);
    cleanup.push(hooks.close);
    const hook = await addWebhook(sandbox, hooks.url);
    const eventId = await emitEvent(sandbox);

    const event = await eventually(
      () => eventById(sandbox, eventId),
      (e) => e.attempts.some((a) => a.delivered),
    );
    expect(hooks.received).toHaveLength(3);
    for (const [index, request] of hooks.received.entries()) {
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['x-webhook-id']).toBe(String(eventId));
      expect(request.headers['x-webhook-attempt']).toBe(String(index + 1));
      expect(
        verifySignature(hook.secret, String(request.headers['x-webhook-signature']), request.body),
      ).toBe(true);
      expect(
        verifySignature(
          'whsec_wrong',
          String(request.headers['x-webhook-signature']),
          request.body,
        ),
      ).toBe(false);
      expect(
        verifySignature(
          hook.secret,
          String(request.headers['x-webhook-signature']),
          `${request.body} `,
        ),
      ).toBe(false);
      expect(JSON.parse(request.body)).toMatchObject({
        id: eventId,
        type: 'merchant.kyc_status.changed',
        objectType: 'merchant',
        data: { kycStatus: 'VALID' },
      });
    }
    const gaps = [
      hooks.received[1]!.at - hooks.received[0]!.at,
      hooks.received[2]!.at - hooks.received[1]!.at,
    ];
    expect(gaps[0]).toBeGreaterThanOrEqual(95);
    expect(gaps[1]).toBeGreaterThanOrEqual(195);
    expect(event.attempts.map((a) => [a.attempt, a.statusCode, a.delivered])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 200, true],
    ]);
    expect(event.attempts[0]).toMatchObject({
      webhookId: hook.id,
      url: hooks.url,
      error: 'answered 500',
    });
    await sandbox.handles.deliveriesIdle();
    await new Promise((r) => setTimeout(r, 300));
    expect(hooks.received).toHaveLength(3);
  });

  it('resumes after a restart: an attempt due while the sandbox was down is made when it is back', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webhook-restart-'));
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'sandbox.db');
    let status = 503;
    const hooks = await receiver(() => status);
    cleanup.push(hooks.close);

    const first = await createTestSandbox({ file, settings: { webhookRetryBaseMs: 400 } });
    const credentials = first.alice;
    await addWebhook(first, hooks.url);
    const eventId = await emitEvent(first);
    await eventually(
      () => hooks.received.length,
      (n) => n >= 1,
    );
    await first.handles.deliveriesIdle();
    await first.close();
    expect(hooks.received).toHaveLength(1);

    status = 204;
    await new Promise((r) => setTimeout(r, 500));
    const second = await sandboxWith({ file, settings: { webhookRetryBaseMs: 400 } });
    const event = await eventually(
      async () => {
        const page = (
          await second.request({ method: 'GET', url: '/v1/event/?limit=100', as: credentials })
        ).json();
        return EventWithAttempts.parse(page.results.find((e: { id: number }) => e.id === eventId));
      },
      (e) => e.attempts.some((a) => a.delivered),
    );
    expect(event.attempts.map((a) => [a.attempt, a.statusCode, a.delivered])).toEqual([
      [1, 503, false],
      [2, 204, true],
    ]);
    expect(hooks.received).toHaveLength(2);
  });

  it('gives up after the last attempt and records a timeout as such', async () => {
    const sandbox = await sandboxWith({
      settings: { webhookRetryBaseMs: 20, webhookMaxAttempts: 3, webhookTimeoutMs: 100 },
    });
    const hooks = await receiver([200], 300);
    cleanup.push(hooks.close);
    await addWebhook(sandbox, hooks.url);
    const eventId = await emitEvent(sandbox);
    const event = await eventually(
      () => eventById(sandbox, eventId),
      (e) => e.attempts.length >= 3,
    );
    await new Promise((r) => setTimeout(r, 300));
    const final = await eventById(sandbox, eventId);
    expect(final.attempts).toHaveLength(3);
    expect(
      event.attempts.every(
        (a) => !a.delivered && a.error === 'no answer within 100 ms' && a.statusCode === null,
      ),
    ).toBe(true);
  });

  it('stops retrying for an endpoint that was deleted', async () => {
    const sandbox = await sandboxWith({ settings: { webhookRetryBaseMs: 200 } });
    const hooks = await receiver([500]);
    cleanup.push(hooks.close);
    const hook = await addWebhook(sandbox, hooks.url);
    await emitEvent(sandbox);
    await eventually(
      () => hooks.received.length,
      (n) => n >= 1,
    );
    await sandbox.send('DELETE', `/v1/webhook/${hook.id}`);
    await new Promise((r) => setTimeout(r, 500));
    expect(hooks.received).toHaveLength(1);
  });

  it('resends an event to every endpoint on request', async () => {
    const sandbox = await sandboxWith();
    const hooks = await receiver([200]);
    cleanup.push(hooks.close);
    await addWebhook(sandbox, hooks.url);
    const eventId = await emitEvent(sandbox);
    await eventually(
      () => eventById(sandbox, eventId),
      (e) => e.attempts.length === 1,
    );
    const resent = await sandbox.send('POST', `/v1/event/${eventId}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({
      id: eventId,
      attempts: [expect.objectContaining({ delivered: true })],
    });
    const event = await eventually(
      () => eventById(sandbox, eventId),
      (e) => e.attempts.length === 2,
    );
    expect(event.attempts.map((a) => a.delivered)).toEqual([true, true]);
    expect(hooks.received).toHaveLength(2);
    expect(
      (
        await sandbox.request({
          method: 'POST',
          url: `/v1/event/${eventId}/resend`,
          as: sandbox.bob,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('says per endpoint where delivery stands, and keeps the start of each answer', async () => {
    // Base delay long enough that the failing endpoint is seen waiting for its next attempt.
    const sandbox = await sandboxWith({ settings: { webhookRetryBaseMs: 60_000 } });
    const good = await receiver([200]);
    const bad = await receiver([503]);
    cleanup.push(good.close, bad.close);
    const goodHook = await addWebhook(sandbox, good.url);
    const badHook = await addWebhook(sandbox, bad.url);
    const eventId = await emitEvent(sandbox);
    const event = await eventually(
      () => eventById(sandbox, eventId),
      (e) => e.attempts.length === 2,
    );
    const byHook = new Map(event.deliveries.map((d) => [d.webhookId, d]));
    expect(byHook.get(goodHook.id)).toMatchObject({
      url: good.url,
      state: 'delivered',
      attempts: 1,
      nextAttemptTime: null,
    });
    const retrying = byHook.get(badHook.id)!;
    expect(retrying).toMatchObject({ url: bad.url, state: 'pending', attempts: 1 });
    expect(retrying.nextAttemptTime).toBeGreaterThan(Date.now() + 50_000);
    const failed = event.attempts.find((a) => a.webhookId === badHook.id)!;
    expect(failed).toMatchObject({ delivered: false, statusCode: 503, responseBody: 'ok' });
    expect(failed.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('keeps at most 512 bytes of an answer', async () => {
    const sandbox = await sandboxWith();
    const server = await localReceiver((_call, res) => res.writeHead(500).end('é'.repeat(2000)));
    cleanup.push(server.close);
    const hook = await addWebhook(sandbox, server.url);
    const tested = await sandbox.send('POST', `/v1/webhook/${hook.id}/test`);
    const body = tested.json().responseBody as string;
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(512);
    expect(body).toMatch(/^(é)+$/);
  });

  it('sends a signed test event to one endpoint on request, storing nothing', async () => {
    const sandbox = await sandboxWith();
    const hooks = await receiver([202]);
    const other = await receiver([200]);
    cleanup.push(hooks.close, other.close);
    const hook = await addWebhook(sandbox, hooks.url);
    await addWebhook(sandbox, other.url);
    const before = (await sandbox.send('GET', '/v1/event/')).json().total;
    const tested = await sandbox.send('POST', `/v1/webhook/${hook.id}/test`);
    expect(tested.statusCode).toBe(200);
    expect(tested.json()).toMatchObject({
      webhookId: hook.id,
      url: hooks.url,
      eventType: 'webhook.test',
      statusCode: 202,
      delivered: true,
      error: null,
      responseBody: 'ok',
    });
    expect(hooks.received).toHaveLength(1);
    expect(other.received).toHaveLength(0);
    const { headers, body } = hooks.received[0]!;
    expect(JSON.parse(body)).toMatchObject({ type: 'webhook.test', objectId: hook.id });
    expect(verifySignature(hook.secret, String(headers['x-webhook-signature']), body)).toBe(true);
    expect((await sandbox.send('GET', '/v1/event/')).json().total).toBe(before);
    // Another partner's endpoint, or none: 404.
    const foreign = await sandbox.request({
      method: 'POST',
      url: `/v1/webhook/${hook.id}/test`,
      as: sandbox.bob,
    });
    expect(foreign.statusCode).toBe(404);
    expect(hooks.received).toHaveLength(1);
  });

  it('gives an endpoint a new secret: deliveries are signed with it, never with the old one', async () => {
    const sandbox = await sandboxWith();
    const hooks = await receiver([200]);
    cleanup.push(hooks.close);
    const hook = await addWebhook(sandbox, hooks.url);
    const rotated = await sandbox.send('POST', `/v1/webhook/${hook.id}/secret`);
    expect(rotated.statusCode).toBe(200);
    const fresh = Webhook.parse(rotated.json());
    expect(fresh).toMatchObject({ id: hook.id, url: hook.url, creationTime: hook.creationTime });
    expect(fresh.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(fresh.secret).not.toBe(hook.secret);
    // Listed masked, as before.
    const list = (await sandbox.send('GET', '/v1/webhook/')).json();
    expect(list).toEqual([{ ...fresh, secret: `whsec_…${fresh.secret.slice(-4)}` }]);
    await sandbox.send('POST', `/v1/webhook/${hook.id}/test`);
    const { headers, body } = hooks.received[0]!;
    const signature = String(headers['x-webhook-signature']);
    expect(verifySignature(fresh.secret, signature, body)).toBe(true);
    expect(verifySignature(hook.secret, signature, body)).toBe(false);
    // Another partner's endpoint, or a deleted one: 404.
    for (const as of [sandbox.bob, sandbox.alice]) {
      if (as === sandbox.alice) await sandbox.send('DELETE', `/v1/webhook/${hook.id}`);
      const refused = await sandbox.request({
        method: 'POST',
        url: `/v1/webhook/${hook.id}/secret`,
        as,
      });
      expect(refused.statusCode).toBe(404);
    }
  });

  it('sends a test event of every type, about the partner’s newest record of its kind, signed', async () => {
    const sandbox = await sandboxWith({ settings: { quoteDelayMs: 3_600_000 } });
    const hooks = await receiver([200]);
    cleanup.push(hooks.close);
    const hook = await addWebhook(sandbox, hooks.url);
    const test = (type: string) => sandbox.send('POST', `/v1/webhook/${hook.id}/test`, { type });
    // Nothing to describe yet: said, naming what is missing.
    const early = await test('merchant.updated');
    expect(early.statusCode).toBe(400);
    expect(early.json().detail).toBe(
      'A merchant.updated test event describes your newest merchant: create one first.',
    );
    const { createParties, transactionBody } = await import('../testing');
    const parties = await createParties(sandbox);
    const payout = (
      await sandbox.send('POST', '/v1/sendc2f/', transactionBody(parties, 'sendc2f'))
    ).json();
    const { EVENT_TYPES } = await import('#/api/schemas/platform');
    for (const type of EVENT_TYPES) {
      const sent = await test(type);
      expect(sent.json(), type).toMatchObject({ eventType: type, delivered: true });
    }
    // The real events of the records made above arrive too; the test events have id 0.
    const events = hooks.received
      .map(({ headers, body }) => {
        expect(verifySignature(hook.secret, String(headers['x-webhook-signature']), body)).toBe(
          true,
        );
        return JSON.parse(body) as {
          id: number;
          type: string;
          objectType: string;
          objectId: number;
        };
      })
      .filter((e) => e.id === 0);
    // (This receiver answers *.created without keeping them.)
    expect(events.map((e) => e.type)).toEqual(EVENT_TYPES.filter((t) => !t.endsWith('.created')));
    expect(events.find((e) => e.type === 'transaction.status.changed')).toMatchObject({
      objectType: 'transaction',
      objectId: payout.businessRequestId,
      product: 'sendc2f',
    });
    expect(events.find((e) => e.type === 'merchant.kyc_status.changed')).toMatchObject({
      objectType: 'merchant',
      objectId: parties.merchantId,
    });
    const bad = await test('merchant.exploded');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('type');
  });

  it('records an event for every transaction status change, with the product', async () => {
    const sandbox = await sandboxWith({ settings: { quoteDelayMs: 3_600_000 } });
    const { createParties, transactionBody } = await import('../testing');
    const parties = await createParties(sandbox);
    const id = (
      await sandbox.send('POST', '/v1/sendf2f/', transactionBody(parties, 'sendf2f'))
    ).json().businessRequestId;
    await sandbox.send('POST', `/v1/sendf2f/approveQuote/${id}`);
    await sandbox.send('POST', `/v1/sendf2f/cancel/${id}`);
    const events = (
      await sandbox.send('GET', `/v1/event/?objectType=transaction&objectId=${id}`)
    ).json().results;
    expect(
      events.map((e: { type: string; product: string; data: { clientStatus: string } }) => [
        e.type,
        e.product,
        e.data.clientStatus,
      ]),
    ).toEqual([
      ['transaction.status.changed', 'sendf2f', 'OnOff_CANCELED'],
      ['transaction.status.changed', 'sendf2f', 'OnOff_AWAITING_DEPOSIT'],
      ['transaction.status.changed', 'sendf2f', 'OnOff_PENDING'],
    ]);
  });
});

describe('webhook target policy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.9.9.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.20.0.1', 'private'],
    ['192.168.1.10', 'private'],
    ['100.64.0.1', 'private'],
    ['169.254.169.254', 'link-local or metadata'],
    ['0.0.0.0', 'reserved'],
    ['::1', 'loopback'],
    ['fe80::1', 'link-local or metadata'],
    ['fd00:ec2::254', 'private'],
    ['::ffff:7f00:1', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['8.8.8.8', undefined],
    ['2606:4700:4700::1111', undefined],
  ])('judges %s as %s', async (address, label) => {
    const { refusedAddress } = await import('#/http/outbound-targets');
    expect(refusedAddress(address)).toBe(label);
  });

  it.each([
    'http://127.0.0.1:9/hook',
    'http://localhost:9/hook',
    'http://[::1]:9/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://10.0.0.5/hook',
    'http://[::ffff:127.0.0.1]/hook',
  ])('refuses %s when private targets are not allowed, and stores nothing', async (url) => {
    const sandbox = await sandboxWith({ settings: { webhookAllowPrivate: false } });
    const response = await sandbox.send('POST', '/v1/webhook/', { url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: [{ field: 'url', message: expect.stringMatching(/SANDBOX_WEBHOOK_ALLOW_PRIVATE/) }],
    });
    expect((await sandbox.send('GET', '/v1/webhook/')).json()).toEqual([]);
  });

  it('accepts a public address when private targets are not allowed', async () => {
    const sandbox = await sandboxWith({ settings: { webhookAllowPrivate: false } });
    await addWebhook(sandbox, 'https://93.184.215.14/hooks');
  });

  it('checks again at delivery: a target that became private is refused and nothing is sent', async () => {
    const target = await receiver([200]);
    cleanup.push(target.close);
    const sandbox = await sandboxWith({ settings: { webhookMaxAttempts: 1 } });
    await addWebhook(sandbox, target.url);
    // The policy changes between adding and delivering, as a DNS answer can.
    sandbox.handles.ctx.settings.webhookAllowPrivate = false;
    const id = await emitEvent(sandbox);
    const event = await eventually(
      () => eventById(sandbox, id),
      (e) => e.attempts.length > 0,
    );
    expect(event.attempts[0]).toMatchObject({
      delivered: false,
      statusCode: null,
      error: expect.stringMatching(/^refused: 127\.0\.0\.1 is a loopback address/),
    });
    expect(target.received).toHaveLength(0);
  });

  it('defaults to allowed on loopback only; an explicit setting wins', async () => {
    const { SandboxEnv, settingsFrom } = await import('../env');
    const allow = (env: Record<string, string>) =>
      settingsFrom(SandboxEnv.parse(env)).webhookAllowPrivate;
    expect(allow({})).toBe(true);
    expect(allow({ HOST: '::1' })).toBe(true);
    expect(allow({ HOST: '0.0.0.0', PUBLIC_URL: 'https://sandbox.example' })).toBe(false);
    expect(allow({ HOST: '127.0.0.1', SANDBOX_WEBHOOK_ALLOW_PRIVATE: 'false' })).toBe(false);
    expect(
      allow({
        HOST: '0.0.0.0',
        PUBLIC_URL: 'https://sandbox.example',
        SANDBOX_WEBHOOK_ALLOW_PRIVATE: 'true',
      }),
    ).toBe(true);
  });
});
