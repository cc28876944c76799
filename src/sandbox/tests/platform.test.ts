import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CountryList, CurrencyList } from '#/api/schemas/reference';
import { createTestSandbox, type TestSandbox } from '../testing';
import { REQUEST_EXAMPLES } from '#/api/examples';
import { allOperations } from '#/api/operations';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

let sandbox: TestSandbox;
beforeEach(async () => {
  sandbox = await createTestSandbox();
});
afterEach(() => sandbox.close());

describe('authentication', () => {
  it('answers 401 with one body for a missing header, an unknown key and a wrong secret', async () => {
    const attempts = [
      {},
      { 'x-api-key': sandbox.alice.apiKey },
      { 'x-api-secret': sandbox.alice.apiSecret },
      { 'x-api-key': 'pk_unknown', 'x-api-secret': sandbox.alice.apiSecret },
      { 'x-api-key': sandbox.alice.apiKey, 'x-api-secret': 'wrong' },
      { 'x-api-key': sandbox.alice.apiKey, 'x-api-secret': sandbox.bob.apiSecret },
      { 'x-api-key': 'k'.repeat(5000), 'x-api-secret': 's' },
    ];
    const bodies = new Set<string>();
    for (const headers of attempts) {
      const response = await sandbox.request({
        method: 'GET',
        url: '/v1/business/',
        headers,
        as: null,
      });
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      const { requestId: _id, ...body } = response.json();
      bodies.add(JSON.stringify(body));
    }
    expect(bodies.size).toBe(1);
    expect(JSON.parse([...bodies][0]!)).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('stores secrets hashed, never as given', () => {
    const rows = sandbox.store.db.prepare('SELECT secret_hash FROM partner').all() as {
      secret_hash: string;
    }[];
    for (const row of rows) {
      expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.secret_hash).not.toContain(sandbox.alice.apiSecret);
    }
  });
});

describe('every response', () => {
  it('carries x-request-id, the same one as a problem body names', async () => {
    const ok = await sandbox.send('GET', '/v1/currency/');
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const failed = await sandbox.send('GET', '/v1/business/0');
    expect(failed.json().requestId).toBe(failed.headers['x-request-id']);
    const unauthorized = await sandbox.request({ method: 'GET', url: '/v1/business/', as: null });
    expect(unauthorized.json().requestId).toBe(unauthorized.headers['x-request-id']);
  });

  it('answers an unknown path with a 404 problem', async () => {
    const response = await sandbox.send('GET', '/v1/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'NOT_FOUND',
      detail: 'There is no operation at GET /v1/nothing-here.',
    });
  });

  it('accepts paths with and without the trailing slash', async () => {
    for (const url of ['/v1/currency', '/v1/currency/', '/v1/business', '/v1/business/']) {
      expect((await sandbox.request({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After past the partner’s rate, and not for another partner', async () => {
    const limited = await createTestSandbox({ rateLimit: 5 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 7; i++)
        codes.push((await limited.send('GET', '/v1/currency/')).statusCode);
      expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      const refused = await limited.send('GET', '/v1/currency/');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
      expect(
        (await limited.request({ method: 'GET', url: '/v1/currency/', as: limited.bob }))
          .statusCode,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('reference data', () => {
  it('serves fiat and crypto currencies with their capabilities', async () => {
    const currencies = CurrencyList.parse((await sandbox.send('GET', '/v1/currency/')).json());
    const bySymbol = new Map(currencies.map((c) => [c.symbol, c]));
    for (const fiat of ['USD', 'EUR', 'GBP', 'JPY', 'KWD'])
      expect(bySymbol.get(fiat)?.currencyType).toBe('FIAT');
    for (const crypto of ['USDT(TRC20)', 'USDT(ERC20)', 'USDC(ERC20)']) {
      expect(bySymbol.get(crypto)).toMatchObject({
        currencyType: 'CRYPTO',
        sendFrom: true,
        sendTo: false,
      });
    }
    expect(currencies.every((c) => c.currencyType === 'FIAT' || !c.sendTo)).toBe(true);
  });

  it('serves the ISO 3166-1 country list', async () => {
    const countries = CountryList.parse((await sandbox.send('GET', '/v1/country')).json());
    expect(countries).toHaveLength(249);
    expect(countries).toContainEqual({ countryIso: 'DE', name: 'Germany' });
  });
});

describe('documents', () => {
  it('serves the OpenAPI document and the reference page without credentials', async () => {
    const doc = await sandbox.request({ method: 'GET', url: '/openapi.json', as: null });
    expect(doc.statusCode).toBe(200);
    expect(doc.json()).toMatchObject({
      openapi: '3.1.0',
      servers: [{ url: 'http://localhost:80' }],
    });
    const page = await sandbox.request({ method: 'GET', url: '/docs', as: null });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('/v1/businessExternalAccount/{id}');
    expect(page.body).toContain('id="PAYOUT_ACCOUNT_NOT_ACTIVE"');
    // A newcomer is told where a key and secret come from.
    expect(page.body).toContain('id="credentials"');
    expect(page.body).toContain('npm run sandbox -- partner create --name');
    expect(page.body).toContain('sandbox-credentials.json');
  });

  it('gives every operation an example request, answer and its errors, in the contents’ order', async () => {
    const { body } = await sandbox.request({ method: 'GET', url: '/docs', as: null });
    const ops = [...body.matchAll(/<section class="op" id="(\w+)"[^>]*>([\s\S]*?)<\/section>/g)];
    expect(ops).toHaveLength(allOperations.length);
    for (const [, id, html] of ops) {
      expect(html, id).toContain('Example request');
      expect(html, id).toContain('curl -X ');
      expect(html, id).toContain('Example answer');
      expect(html, id).toContain('<h4>Errors</h4>');
    }
    // A body's example is the one the document gives, so a copied curl sends a valid body.
    expect(body).toContain(
      escapeHtml(`--data '${JSON.stringify(REQUEST_EXAMPLES.createMerchant)}'`),
    );
    // No leftovers: no repeated design note, no ".;" between a description and its limits.
    expect(body).not.toContain('Path or payload chosen');
    expect(body).not.toMatch(/\.;/);
    // Nested objects are listed field by field, or link to their schema: never a bare "object".
    expect(body).not.toContain('<td>object</td>');
    expect(body).toContain('<a href="#schema-BankDetails">BankDetails</a>');
    // The contents list the sections in the page's order.
    const order = (pattern: RegExp) => [...body.matchAll(pattern)].map((m) => m[1]);
    expect(order(/<li data-part="([\w-]+)">/g)).toEqual(
      order(/<section class="part[^"]*" id="([\w-]+)">/g),
    );
    // The signature check, and the script and styles from this origin only.
    expect(body).toContain('isSignedBySandbox');
    expect(body).toContain('<script src="docs.js" defer></script>');
    const script = await sandbox.request({ method: 'GET', url: '/docs.js', as: null });
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
  });
});
