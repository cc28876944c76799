// Bodies built to break a parser: each is answered with a 4xx problem, on the dashboard (through
// the proxy and at its webhook intake) and on the sandbox, never a 500 or a bare framework error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '#/http/server';
import { CSRF, JSON_CSRF, startTestDashboard, type TestDashboard } from './testing';

let t: TestDashboard;
let cookie: string;
beforeAll(async () => {
  t = await startTestDashboard();
  cookie = (await t.signIn('operations@demo.example')).cookie;
});
afterAll(() => t.close());

const sandboxHeaders = () => ({ 'x-api-key': t.demo.apiKey, 'x-api-secret': t.demo.apiSecret });

async function expectProblem(response: Response, status: number, field?: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const problem = await response.json();
  expect(problem).toMatchObject({ status, code: expect.any(String), detail: expect.any(String) });
  if (field) expect(problem.errors.map((e: { field: string }) => e.field)).toContain(field);
}

describe('nesting', () => {
  it('counts brackets outside strings only, without recursion', () => {
    expect(nestsDeeperThan('[[1]]', 2)).toBe(false);
    expect(nestsDeeperThan('[[[1]]]', 2)).toBe(true);
    expect(nestsDeeperThan('{"a":"[[[[[[","b":"\\\\"}', 1)).toBe(false);
    expect(nestsDeeperThan('['.repeat(1_000_000), MAX_JSON_DEPTH)).toBe(true);
  });

  it('refuses a body nested 100,000 deep, through the dashboard and at the sandbox', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const proxied = await fetch(`${t.base}/api/v1/business/`, {
      method: 'POST',
      headers: { cookie, ...JSON_CSRF },
      body: deep,
    });
    await expectProblem(proxied, 400, 'body');
    const direct = await fetch(`${t.base}/sandbox/v1/business/`, {
      method: 'POST',
      headers: { ...sandboxHeaders(), 'content-type': 'application/json' },
      body: `{"name":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}`,
    });
    await expectProblem(direct, 400, 'body');
  });
});

describe('a file upload cut short', () => {
  const boundary = 'cut-here';
  const cut = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="invoice.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 only the start`;
  const type = `multipart/form-data; boundary=${boundary}`;

  it('is a 400 problem through the dashboard and at the sandbox', async () => {
    const proxied = await fetch(`${t.base}/api/v1/file/`, {
      method: 'POST',
      headers: { cookie, ...CSRF, 'content-type': type },
      body: cut,
    });
    await expectProblem(proxied, 400, 'body');
    const direct = await fetch(`${t.base}/sandbox/v1/file/`, {
      method: 'POST',
      headers: { ...sandboxHeaders(), 'content-type': type },
      body: cut,
    });
    await expectProblem(direct, 400, 'body');
  });
});

describe("the dashboard's webhook intake", () => {
  it('answers a body over 1 MB with a 413 problem', async () => {
    const response = await fetch(`${t.base}/hooks/index/sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(1_100_000),
    });
    await expectProblem(response, 413);
  });
});
