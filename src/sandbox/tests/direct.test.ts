// The embedded sandbox's reads answered without HTTP give what the same reads give over HTTP:
// status, content type, body (request ids aside) and headers such as retry-after, for every
// GET operation that answers JSON, whether it succeeds or is refused.
import { beforeAll, describe, expect, it } from 'vitest';
import { allOperations } from '#/api/operations';
import { createTestSandbox, transactionBody } from '../testing';
import { sandboxWithParties } from './with-parties';

let transactions: Record<string, number>;

const env = sandboxWithParties();
beforeAll(async () => {
  transactions = {};
  for (const product of ['sendc2f', 'sendf2f', 'receive'] as const) {
    const created = await env.sandbox.send(
      'POST',
      `/v1/${product}/`,
      transactionBody(env.parties, product),
    );
    transactions[product] = created.json().businessRequestId;
  }
});

const withoutId = (body: string) => {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  if (parsed && typeof parsed === 'object' && 'requestId' in parsed) delete parsed.requestId;
  return parsed;
};

async function same(path: string, headers: Record<string, string>) {
  const overHttp = await env.sandbox.app.inject({ method: 'GET', url: path, headers });
  const direct = await env.sandbox.direct(path, headers);
  expect(direct, path).toBeDefined();
  expect(direct!.status, path).toBe(overHttp.statusCode);
  expect(direct!.headers['content-type'], path).toBe(overHttp.headers['content-type']);
  expect(withoutId(direct!.body.toString()), path).toEqual(withoutId(overHttp.body));
  expect(direct!.headers['retry-after'], path).toBe(overHttp.headers['retry-after']);
  return direct!;
}

describe('reads answered directly', () => {
  const creds = () => ({
    'x-api-key': env.sandbox.alice.apiKey,
    'x-api-secret': env.sandbox.alice.apiSecret,
  });

  it('match the answers over HTTP for every JSON read, found or not, valid or not', async () => {
    const reads = allOperations.filter(
      (op) => op.method === 'GET' && typeof op.response !== 'string',
    );
    expect(reads.length).toBeGreaterThan(10);
    for (const op of reads) {
      const id = op.path.startsWith('/v1/business')
        ? env.parties.merchantId
        : op.path.startsWith('/v1/businessExternalAccount')
          ? env.parties.accounts.EUR
          : (transactions[op.path.split('/')[2]!] ?? 1);
      const path = op.path.replace('{id}', String(id));
      await same(path, creds());
      if (op.path.includes('{id}')) {
        await same(op.path.replace('{id}', '999999'), creds());
        await same(op.path.replace('{id}', 'abc'), creds());
      }
      if (op.query) await same(`${path}?limit=0&start=-1`, creds());
      await same(path, {});
      await same(path, { ...creds(), 'x-api-secret': 'wrong' });
    }
  });

  it('lists with their filters, and both spellings of a path', async () => {
    await same(`/v1/business/?start=1&limit=2`, creds());
    await same(`/v1/businessExternalAccount/?businessId=${env.parties.merchantId}`, creds());
    await same(`/v1/sendc2f?businessId=${env.parties.merchantId}&limit=5`, creds());
    await same(`/v1/event/?objectType=merchant&objectId=${env.parties.merchantId}`, creds());
  });

  it('leave to HTTP what is not a JSON read', async () => {
    expect(await env.sandbox.direct('/v1/file/1', creds())).toBeUndefined();
    expect(await env.sandbox.direct('/v1/nothing/here', creds())).toBeUndefined();
    expect(await env.sandbox.direct('/v1/business/?limit=1&limit=2', creds())).toBeUndefined();
  });

  it('count against the rate limit like any request, with its retry-after', async () => {
    const limited = await createTestSandbox({ rateLimit: 2 });
    try {
      const headers = {
        'x-api-key': limited.alice.apiKey,
        'x-api-secret': limited.alice.apiSecret,
      };
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await limited.direct('/v1/business/', headers));
      expect(answers.map((a) => a!.status)).toEqual([200, 200, 429, 429]);
      expect(Number(answers[2]!.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
