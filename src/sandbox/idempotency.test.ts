// The in-flight rule of Idempotency-Key: a retry that arrives while the first request is still
// awaiting its preparation (an upload being judged) is 409, and the key is free again after.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { idempotent, REPLAYED } from './idempotency';
import { createStore } from './store';
import { openDatabase } from './store/db';
import { createPartner } from './domain/partners';

const store = createStore(openDatabase(':memory:'));
const partner = createPartner(store, 'Alice', Date.now());
afterAll(() => store.db.close());

function request(key: string) {
  return { headers: { 'idempotency-key': key }, partner } as unknown as FastifyRequest;
}
function reply() {
  const sent: { code?: number; body?: unknown; headers: Record<string, string> } = {
    headers: {},
  };
  const r = {
    code: (c: number) => ((sent.code = c), r),
    header: (k: string, v: string) => ((sent.headers[k] = v), r),
    type: () => r,
    send: (b: unknown) => ((sent.body = b), r),
  };
  return { reply: r as unknown as FastifyReply, sent };
}

describe('idempotent()', () => {
  it('answers 409 to a retry while the first request is being prepared, then replays it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    const work = () => ({ id: ++runs });
    const first = idempotent(store, request('k1'), reply().reply, ['x'], work, () => gate);
    await expect(
      idempotent(store, request('k1'), reply().reply, ['x'], work, async () => undefined),
    ).rejects.toMatchObject({ status: 409, code: 'IDEMPOTENCY_REQUEST_IN_PROGRESS' });
    release();
    await expect(first).resolves.toEqual({ id: 1 });
    const later = reply();
    await expect(idempotent(store, request('k1'), later.reply, ['x'], work)).resolves.toBe(
      REPLAYED,
    );
    expect(later.sent.body).toBe('{"id":1}');
    expect(later.sent.headers['idempotent-replayed']).toBe('true');
    expect(runs).toBe(1);
  });

  it('keeps nothing when the preparation fails, so the key can be used again', async () => {
    const failing = idempotent(
      store,
      request('k2'),
      reply().reply,
      ['y'],
      () => 1,
      async () => {
        throw new Error('not a PDF');
      },
    );
    await expect(failing).rejects.toThrow('not a PDF');
    expect(store.idempotency.get(partner.id, 'k2')).toBeUndefined();
    await expect(idempotent(store, request('k2'), reply().reply, ['z'], () => 2)).resolves.toBe(2);
  });

  it('refuses work that returns a promise, which would commit without it', async () => {
    await expect(
      idempotent(store, request('k3'), reply().reply, ['w'], () => Promise.resolve(1)),
    ).rejects.toThrow(/synchronous/);
    expect(store.idempotency.get(partner.id, 'k3')).toBeUndefined();
  });
});
