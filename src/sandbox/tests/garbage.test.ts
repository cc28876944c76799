// Garbage to every operation: wrong types, missing fields, huge strings, broken JSON, the wrong
// content type, unknown enum values, bad ids and 200-digit numbers. Each gets a 4xx problem that
// names the problem; nothing stored changes; the process keeps serving.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allOperations, type OperationDef } from '#/api/operations';
import { Problem } from '#/api/schemas/common';
import {
  createMerchant,
  createPayoutAccount,
  createTestSandbox,
  merchantBody,
  payoutAccountBody,
  snapshot,
  type TestSandbox,
} from '../testing';

let sandbox: TestSandbox;
let ids: { merchant: number; account: number };
const HUGE = 'x'.repeat(100_000);
const DIGITS_200 = '9'.repeat(200);

beforeAll(async () => {
  sandbox = await createTestSandbox();
  const merchant = await createMerchant(sandbox);
  const account = await createPayoutAccount(sandbox, merchant.id);
  ids = { merchant: merchant.id, account: account.id };
});
afterAll(() => sandbox.close());

/** Valid bodies, so that one bad field at a time is what a request gets wrong. */
function validBody(op: OperationDef): Record<string, unknown> {
  switch (op.id) {
    case 'createMerchant':
    case 'updateMerchant':
      return merchantBody();
    case 'createPayoutAccount':
      return payoutAccountBody(ids.merchant);
    case 'updatePayoutAccount': {
      const { businessId: _b, currencySymbol: _c, ...rest } = payoutAccountBody(ids.merchant);
      return rest;
    }
    case 'acceptAgreements':
      return { agreementIds: [1] };
    default:
      return {};
  }
}

function pathFor(
  op: OperationDef,
  id: string | number = op.path.includes('businessExternalAccount') ? ids.account : ids.merchant,
) {
  return op.path.replace('{id}', String(id));
}

const registered = () =>
  allOperations.filter((op) =>
    sandbox.app.hasRoute({ method: op.method, url: op.path.replace(/\{(\w+)\}/g, ':$1') }),
  );

async function expectProblem(request: Parameters<TestSandbox['request']>[0], status?: number) {
  const before = snapshot(sandbox.store);
  const response = await sandbox.request(request);
  expect(
    response.statusCode,
    `${request.method} ${request.url}: ${response.body.slice(0, 300)}`,
  ).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  if (status) expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const problem = Problem.parse(response.json());
  expect(problem.detail.length).toBeGreaterThan(10);
  expect(snapshot(sandbox.store)).toBe(before);
  return problem;
}

describe('garbage input', () => {
  it('covers the operations this sandbox serves', () => {
    expect(registered()).toHaveLength(allOperations.length);
  });

  it('refuses bad ids in every path with a 400 naming the id', async () => {
    for (const op of registered().filter((o) => o.path.includes('{id}'))) {
      for (const id of ['-1', '0', '1.5', 'abc', DIGITS_200, '%00', "1'--"]) {
        const problem = await expectProblem(
          { method: op.method, url: pathFor(op, id), payload: op.body ? validBody(op) : undefined },
          400,
        );
        expect(problem.errors?.map((e) => e.field)).toContain('id');
      }
    }
  });

  it('refuses bad query parameters naming them', async () => {
    // Every paged list: the console's moves take no page.
    const paged = registered().filter(
      (o) => o.query instanceof z.ZodObject && 'start' in o.query.shape,
    );
    expect(paged.length).toBeGreaterThan(5);
    for (const op of paged) {
      for (const [name, value] of [
        ['start', '-1'],
        ['limit', '1e3'],
        ['limit', DIGITS_200],
        ['start', HUGE.slice(0, 5000)],
        ['limit', '500'],
      ]) {
        const problem = await expectProblem(
          { method: op.method, url: `${pathFor(op)}?${name}=${value}` },
          400,
        );
        expect(problem.errors?.map((e) => e.field)).toContain(name);
      }
      // A parameter given twice is named, in words.
      const twice = await expectProblem(
        { method: op.method, url: `${pathFor(op)}?limit=5&limit=6` },
        400,
      );
      expect(twice.errors).toContainEqual({
        field: 'limit',
        message: 'is given more than once: give it once',
      });
    }
  });

  it('refuses broken JSON, non-object JSON, the wrong content type and oversized bodies', async () => {
    for (const op of registered().filter((o) => o.body)) {
      const url = pathFor(op);
      const json = { 'content-type': 'application/json' };
      expect(
        (await expectProblem({ method: op.method, url, headers: json, payload: '{"name": ' }, 400))
          .errors,
      ).toEqual([{ field: 'body', message: 'is not valid JSON' }]);
      // Valid JSON whose key could reach a prototype is refused as that, not as broken JSON.
      const proto = await expectProblem(
        { method: op.method, url, headers: json, payload: '{"a": {"__proto__": {"b": 1}}}' },
        400,
      );
      expect(proto.errors).toEqual([
        { field: 'body', message: 'has a key named "__proto__" or "constructor"' },
      ]);
      for (const payload of ['[]', '"text"', '42', 'null', 'true']) {
        await expectProblem({ method: op.method, url, headers: json, payload }, 400);
      }
      for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
        const headers = { 'content-type': type };
        await expectProblem({ method: op.method, url, headers, payload: 'name=Lumen' }, 415);
      }
      const oversized = JSON.stringify({ name: 'x'.repeat(1_100_000) });
      await expectProblem({ method: op.method, url, headers: json, payload: oversized }, 413);
    }
  });

  it('refuses a wrong value in any one field naming that field', async () => {
    const wrong: Array<[string, unknown]> = [
      ['an object', { nested: true }],
      ['an array', [1, 2]],
      ['a boolean', true],
      ['a 100,000-character string', HUGE],
      ['a 200-digit number', Number(DIGITS_200)],
      ['a negative number', -1],
      ['a fraction', 1.5],
    ];
    for (const op of registered().filter((o) => o.body)) {
      const base = validBody(op);
      const fields = Object.keys(
        (
          z.toJSONSchema(op.body!, { io: 'input', unrepresentable: 'any' }) as {
            properties?: object;
          }
        ).properties ?? {},
      );
      for (const field of fields) {
        for (const [label, value] of wrong) {
          const problem = await expectProblem(
            { method: op.method, url: pathFor(op), payload: { ...base, [field]: value } },
            400,
          );
          expect(
            problem.errors?.map((e) => e.field.split('.')[0]),
            `${op.id} ${field} as ${label}`,
          ).toContain(field);
        }
      }
    }
  });

  it('refuses unknown enum values naming the field', async () => {
    const cases: Array<[string, string, Record<string, unknown>, string]> = [
      ['POST', '/v1/business/', merchantBody({ industry: 'ALCHEMY' }), 'industry'],
      ['PUT', `/v1/business/{m}`, merchantBody({ countryIso: 'QQ' }), 'countryIso'],
      [
        'POST',
        '/v1/businessExternalAccount/',
        payoutAccountBody(0, { currencySymbol: 'DOGE' }),
        'currencySymbol',
      ],
    ];
    for (const [method, url, payload, field] of cases) {
      if (method === 'POST' && url.includes('External')) payload.businessId = ids.merchant;
      const problem = await expectProblem(
        { method: method as 'POST', url: url.replace('{m}', String(ids.merchant)), payload },
        400,
      );
      expect(problem.errors?.map((e) => e.field)).toContain(field);
    }
  });

  it('keeps serving afterwards', async () => {
    const response = await sandbox.send('GET', `/v1/business/${ids.merchant}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().name).toBe('Lumen Textiles GmbH');
  });
});
