// The server's one client of the partner's API, against a real sandbox: the contract's
// operations, the rule for "is this answer final?", and a refusal in the API's words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { operations } from '#/api/operations';
import { createTestSandbox, merchantBody, type TestSandbox } from '#/sandbox/testing';
import { apiPacer } from './pacer';
import { isFinalAnswer, partnerClient, refusalText } from './partner-client';
import { embeddedUpstream } from './upstream';

describe('an answer of the partner API', () => {
  it.each([
    [200, true],
    [400, true],
    [404, true],
    [422, true],
    [408, false],
    [409, false],
    [429, false],
    [500, false],
    [502, false],
    [503, false],
  ])('%i is final: %s', (status, final) => {
    expect(isFinalAnswer(status)).toBe(final);
  });

  it('is read as its detail, then each field', () => {
    const body = (value: unknown) => ({ body: Buffer.from(JSON.stringify(value)) });
    expect(
      refusalText(
        body({
          detail: 'The quote expired.',
          errors: [{ field: 'toAmount', message: 'must be positive' }],
        }),
      ),
    ).toBe('The quote expired. toAmount must be positive');
    expect(refusalText(body({ detail: 'Nope.' }))).toBe('Nope.');
    expect(refusalText(body({}))).toBeUndefined();
    expect(refusalText({ body: Buffer.from('<html>') })).toBeUndefined();
    expect(refusalText(body({ detail: 7, errors: 'x' }))).toBeUndefined();
  });
});

describe('the partner client', () => {
  let sandbox: TestSandbox;
  let client: ReturnType<typeof partnerClient>;
  const noted: { kind: string; path: string }[] = [];
  beforeAll(async () => {
    sandbox = await createTestSandbox();
    client = partnerClient({
      environment: 'sandbox',
      upstream: embeddedUpstream(sandbox.app, '', () => 'http://localhost'),
      credentials: sandbox.alice,
      pacer: apiPacer(),
      noteAnswer: async (_environment, kind, path) => {
        noted.push({ kind, path });
      },
    });
  });
  afterAll(() => sandbox.close());

  it('calls an operation of the contract and reads its answer with the schema', async () => {
    const made = await client.call(operations.createMerchant, { body: merchantBody() });
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    const read = await client.call(operations.getMerchant, { params: { id: made.data.id } });
    expect(read).toMatchObject({ ok: true, status: 200, data: { id: made.data.id } });
    // Each record an answer carries is kept in the local index, by the path it was read at.
    expect(noted).toContainEqual({ kind: 'merchant', path: `/v1/business/${made.data.id}` });
  });

  it('tells a refusal in the API’s words, and whether it is final', async () => {
    const missing = await client.call(operations.getMerchant, { params: { id: 999_999 } });
    expect(missing).toMatchObject({ ok: false, status: 404, final: true });
    const bad = await client.call(operations.createMerchant, {
      body: merchantBody({ contactEmail: 'not an address' }),
    });
    expect(bad).toMatchObject({ ok: false, status: 400, final: true });
    expect(!bad.ok && bad.refusal).toMatch(/contactEmail/);
  });

  it('answers 502 when a 2xx does not fit the contract, and keeps nothing of it', async () => {
    noted.length = 0;
    const shape = z.object({ notThere: z.string() });
    const read = await client.call(
      { ...operations.getMerchant, response: shape },
      { params: { id: 1 } },
    );
    expect(read).toMatchObject({ ok: false, status: 502, final: true });
    expect(!read.ok && read.refusal).toMatch(/getMerchant in a shape .*notThere/);
    expect(!read.ok && JSON.parse(read.response.body.toString('utf8'))).toMatchObject({
      code: 'INVALID_RESPONSE',
    });
    expect(noted).toEqual([]);
  });

  it('fills the path and query from the input, as the SPA’s client does', async () => {
    const page = await client.call(operations.listMerchants, { query: { start: 0, limit: 1 } });
    expect(page).toMatchObject({ ok: true, data: { start: 0, limit: 1 } });
    expect(page.ok && page.data.results.length).toBeLessThanOrEqual(1);
  });
});
