// Time control: a record's waiting automatic move done now; a partner's moves held, then
// released; only the partner's own records (docs/decisions/023).
import { describe, expect, it } from 'vitest';
import {
  createParties,
  createTestSandbox,
  merchantBody,
  SLOW_MOVES,
  transactionBody,
} from '../testing';
import { sandboxWithParties } from './with-parties';

const env = sandboxWithParties({ settings: SLOW_MOVES });

const createPayout = async () =>
  (
    await env.sandbox.send('POST', '/v1/sendc2f/', transactionBody(env.parties, 'sendc2f'))
  ).json() as { businessRequestId: number; clientStatus: string };

const moves = async (query = '', as = env.sandbox.alice) =>
  (await env.sandbox.request({ method: 'GET', url: `/v1/sandbox/moves/${query}`, as })).json();

const post = (url: string, payload?: object, as = env.sandbox.alice) =>
  env.sandbox.request({ method: 'POST', url, ...(payload ? { payload } : {}), as });

describe('time control', () => {
  it('does a transaction’s waiting quote now', async () => {
    const { businessRequestId: id, clientStatus } = await createPayout();
    expect(clientStatus).toBe('OnOff_PENDING');
    const waiting = await moves(`?objectType=transaction&objectId=${id}`);
    expect(waiting).toMatchObject({
      held: false,
      moves: [{ kind: 'transaction_quote', objectType: 'transaction', objectId: id }],
    });
    const done = await post('/v1/sandbox/moves/run', { objectType: 'transaction', objectId: id });
    expect(done.statusCode).toBe(200);
    expect(done.json().moves).toEqual([]);
    const after = (await env.sandbox.send('GET', `/v1/sendc2f/${id}`)).json();
    expect(after.clientStatus).toBe('OnOff_AWAITING_QUOTE_APPROVAL');
    // Nothing waits any more: saying so, not pretending.
    const again = await post('/v1/sandbox/moves/run', { objectType: 'transaction', objectId: id });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe(`Transaction ${id} is not waiting for an automatic move.`);
  });

  it('does a merchant’s KYC review now', async () => {
    const merchant = (await post('/v1/business/', merchantBody())).json();
    await post(`/v1/business/${merchant.id}/agreements/accept`, { agreementIds: [1, 2, 3] });
    const submitted = await post(`/v1/business/${merchant.id}/onboarding`);
    expect(submitted.json().kycStatus).toBe('UNDER_REVIEW');
    await post('/v1/sandbox/moves/run', { objectType: 'merchant', objectId: merchant.id });
    const reviewed = (await env.sandbox.send('GET', `/v1/business/${merchant.id}`)).json();
    expect(reviewed.kycStatus).not.toBe('UNDER_REVIEW');
  });

  it('holds a partner’s moves until released; then what fell due happens at once', async () => {
    let time = Date.now();
    const clocked = await createTestSandbox({ now: () => time, settings: { quoteDelayMs: 1_000 } });
    const own = await createParties(clocked);
    try {
      const held = await clocked.send('POST', '/v1/sandbox/moves/hold');
      expect(held.json()).toMatchObject({ held: true, heldSince: time });
      const id = (
        await clocked.send('POST', '/v1/sendc2f/', transactionBody(own, 'sendc2f'))
      ).json().businessRequestId as number;
      time += 5_000;
      clocked.handles.runDueTasks();
      const status = async () =>
        (await clocked.send('GET', `/v1/sendc2f/${id}`)).json().clientStatus;
      expect(await status()).toBe('OnOff_PENDING');
      // Another partner's moves go on.
      const bobs = await createParties(clocked, clocked.bob);
      const bobId = (
        await clocked.request({
          method: 'POST',
          url: '/v1/sendc2f/',
          payload: transactionBody(bobs, 'sendc2f'),
          as: clocked.bob,
        })
      ).json().businessRequestId as number;
      time += 5_000;
      clocked.handles.runDueTasks();
      expect(
        (
          await clocked.request({ method: 'GET', url: `/v1/sendc2f/${bobId}`, as: clocked.bob })
        ).json().clientStatus,
      ).toBe('OnOff_AWAITING_QUOTE_APPROVAL');
      expect(await status()).toBe('OnOff_PENDING');
      const released = await clocked.send('POST', '/v1/sandbox/moves/release');
      expect(released.json()).toMatchObject({ held: false, heldSince: null, moves: [] });
      expect(await status()).toBe('OnOff_AWAITING_QUOTE_APPROVAL');
    } finally {
      await clocked.close();
    }
  });

  it('touches only the partner’s own records, and names a bad target', async () => {
    const { businessRequestId: id } = await createPayout();
    const byBob = await post(
      '/v1/sandbox/moves/run',
      { objectType: 'transaction', objectId: id },
      env.sandbox.bob,
    );
    expect(byBob.statusCode).toBe(404);
    const look = await env.sandbox.request({
      method: 'GET',
      url: `/v1/sandbox/moves/?objectType=transaction&objectId=${id}`,
      as: env.sandbox.bob,
    });
    expect(look.statusCode).toBe(404);
    expect((await moves(`?objectType=transaction&objectId=${id}`)).moves).toHaveLength(1);
    const bad = await post('/v1/sandbox/moves/run', { objectType: 'planet', objectId: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('objectType');
    const half = await env.sandbox.send('GET', '/v1/sandbox/moves/?objectId=3');
    expect(half.json().errors[0].field).toBe('objectType');
  });
});
