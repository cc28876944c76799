// Property-based: requests generated from the contract for every operation, valid and broken.
// Never a 5xx; every 4xx a problem body with a code; valid requests succeed (or, where success
// depends on the record's state, meet a business rule); broken ones are refused and write
// nothing. Afterwards the database is whole and every status has the event that set it.
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { allOperations, type OperationDef } from '#/api/operations';
import { Problem } from '#/api/schemas/common';
import { AGREEMENTS } from '../domain/merchants';
import {
  CRYPTO_FROM,
  FIAT_FROM,
  FIAT_TO,
  fieldOverrides,
  openApi,
  type Overrides,
  payoutAmount,
  resolve,
  valueFor,
  wrongValueFor,
} from './contract-arbitraries';
import { merchantBody, payoutAccountBody, transactionBody, type Parties } from '../testing';
import { sandboxWithParties } from './with-parties';

const HOUR = 3_600_000;
const RUNS = 20;
const pools = {
  merchants: [] as number[],
  customers: [] as number[],
  accounts: [] as number[],
  transactions: { sendc2f: [] as number[], sendf2f: [] as number[], receive: [] as number[] },
  webhooks: [] as number[],
  files: [] as number[],
};
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

const env = sandboxWithParties({
  settings: {
    quoteDelayMs: HOUR,
    settlementDelayMs: HOUR,
    kycReviewDelayMs: HOUR,
    webhookRetryBaseMs: HOUR,
  },
});
beforeAll(async () => {
  const post = async (url: string, payload: object) =>
    (await env.sandbox.request({ method: 'POST', url, payload })).json();
  for (let i = 0; i < 3; i++) {
    const customer = await post('/v1/business/', merchantBody({ name: `Scratch ${i}` }));
    pools.merchants.push(customer.id);
    pools.customers.push(customer.id);
    const account = await post('/v1/businessExternalAccount/', payoutAccountBody(customer.id));
    pools.accounts.push(account.id);
  }
  for (const product of ['sendc2f', 'sendf2f', 'receive'] as const) {
    for (let i = 0; i < 3; i++) {
      const created = await post(`/v1/${product}/`, transactionBody(env.parties, product));
      pools.transactions[product].push(created.businessRequestId);
    }
  }
  pools.webhooks.push((await post('/v1/webhook/', { url: 'http://127.0.0.1:9/hooks' })).id);
  const upload = await env.sandbox.request({
    method: 'POST',
    url: '/v1/file/',
    ...multipart(PNG, 'invoice.png'),
  });
  pools.files.push(upload.json().id);
});

function multipart(data: Buffer, fileName: string) {
  const boundary = 'contract-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Any element of a pool that may grow while the test runs. */
const from = (pool: number[]) => fc.nat().map((i) => pool[i % pool.length]!);

interface Generated {
  method: string;
  url: string;
  /** Set when the request was built from the operation's path template. */
  query?: Record<string, string>;
  payload?: unknown;
  headers?: Record<string, string>;
}

const productOf = (op: OperationDef) =>
  (/^(sendc2f|sendf2f|receive)/.exec(op.id)?.[1] as keyof typeof pools.transactions) ?? undefined;

/** The pool an operation's `{id}` comes from. */
function idPool(op: OperationDef): number[] {
  const product = productOf(op);
  if (product) return pools.transactions[product];
  if (op.id === 'getPayoutConfirmation') return pools.transactions.sendc2f;
  if (op.id.includes('PayoutAccount')) return pools.accounts;
  if (op.id === 'getFile') return pools.files;
  if (/^(deleteWebhook|testWebhook|rotateWebhookSecret)$/.test(op.id)) return pools.webhooks;
  if (op.id === 'resendEvent') return eventIds();
  return pools.merchants;
}

function eventIds(): number[] {
  return env.sandbox.store.db
    .prepare<[], { id: number }>('SELECT id FROM event ORDER BY id DESC LIMIT 50')
    .all()
    .map((row) => row.id);
}

/** Operations whose success depends on the record's state rather than on the request. */
const STATEFUL =
  /Approve|Cancel|^submitOnboarding$|^acceptAgreements$|^addMerchantDocument$|^updatePayoutAccount$|^getPayoutConfirmation$|^deleteWebhook$|^testWebhook$|^rotateWebhookSecret$|^getRequest$|^listMoves$/;

/** Values for the fields an operation's body or query needs from the sandbox's state. */
function overridesFor(op: OperationDef): Overrides {
  const base: Overrides = {
    ...fieldOverrides,
    businessId: from(pools.merchants),
    objectId: fc.integer({ min: 1, max: 1000 }).map(String),
    currencySymbol: fc.constantFrom(...FIAT_TO),
    contactOwnerBusinessId: fc.option(from(pools.customers), { nil: null }),
    agreementIds: fc.subarray(
      AGREEMENTS.map((a) => a.id),
      { minLength: 1 },
    ),
    url: fc.nat({ max: 999 }).map((n) => `http://127.0.0.1:9/hooks/${n}`),
    fileId: from(pools.files),
  };
  if (op.query) base.businessId = from(pools.merchants).map(String);
  return base;
}

/** The body of a valid request, with what must agree inside it drawn together. */
function validBody(op: OperationDef, overrides: Overrides): fc.Arbitrary<unknown> | undefined {
  if (!op.body) return undefined;
  const product = productOf(op);
  if (product && op.id.endsWith('Price')) {
    const fromSymbols = product === 'sendc2f' ? CRYPTO_FROM : FIAT_FROM;
    return fc
      .tuple(fc.constantFrom(...fromSymbols), fc.constantFrom(...FIAT_TO))
      .chain(([fromSymbol, toSymbol]) =>
        payoutAmount(toSymbol).map((toAmount) => ({
          fromCurrencySymbol: fromSymbol,
          toCurrencySymbol: toSymbol,
          toAmount,
        })),
      );
  }
  if (product && op.id.endsWith('Create')) {
    const currencies = Object.keys(env.parties.accounts) as (keyof Parties['accounts'])[];
    const fromSymbols = product === 'sendc2f' ? CRYPTO_FROM : FIAT_FROM;
    return fc
      .tuple(fc.constantFrom(...currencies), fc.constantFrom(...fromSymbols))
      .chain(([currency, fromSymbol]) =>
        fc
          .tuple(
            payoutAmount(currency),
            valueFor(
              openApi.components.schemas[
                op.id === 'receiveCreate' ? 'CollectionCreate' : 'TransactionCreate'
              ]!,
              overrides,
            ),
          )
          .map(([toAmount, rest]) => ({
            ...(rest as object),
            fromBusinessId: env.parties.merchantId,
            toBusinessExternalAccountId: env.parties.accounts[currency],
            fromCurrencySymbol: fromSymbol,
            toAmount,
          })),
      );
  }
  return valueFor(bodySchemaOf(op)!, overrides);
}

function bodySchemaOf(op: OperationDef): Record<string, unknown> | undefined {
  const method = op.method.toLowerCase();
  const entry = (
    openApi.paths as Record<
      string,
      Record<
        string,
        { requestBody?: { content: Record<string, { schema: Record<string, unknown> }> } }
      >
    >
  )[op.path]![method]!;
  return entry.requestBody?.content['application/json']?.schema;
}

function validQuery(op: OperationDef, overrides: Overrides): fc.Arbitrary<Record<string, string>> {
  if (!op.query) return fc.constant({});
  return fc
    .record(
      {
        start: fc.nat({ max: 50 }).map(String),
        limit: fc.integer({ min: 1, max: 100 }).map(String),
        businessId: overrides.businessId!,
        currencySymbol: overrides.currencySymbol!,
        objectType: fc.constantFrom('merchant', 'payout_account', 'transaction'),
        objectId: overrides.objectId!,
        fromDate: fc.nat().map(String),
        toDate: fc.integer({ min: 0, max: 2 ** 45 }).map(String),
      },
      { requiredKeys: [] },
    )
    .map((query) => {
      const known = new Set(Object.keys((op.query as { shape?: object }).shape ?? {}));
      return Object.fromEntries(
        Object.entries(query).filter(([key]) => known.size === 0 || known.has(key)),
      ) as Record<string, string>;
    });
}

function urlOf(op: OperationDef, id: string | number | undefined, query: Record<string, string>) {
  const path = op.path.replace('{id}', String(id));
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

function validRequest(op: OperationDef): fc.Arbitrary<Generated> {
  const overrides = overridesFor(op);
  if (op.multipart) {
    return fc
      .tuple(fc.uint8Array({ maxLength: 64 }), fc.stringMatching(/^[\w-]{1,20}\.png$/))
      .map(([extra, name]) => ({
        method: 'POST',
        url: op.path,
        ...multipart(Buffer.concat([PNG, Buffer.from(extra)]), name),
      }));
  }
  const id = op.path.includes('{id}')
    ? fc.nat().map((i) => idPool(op)[i % idPool(op).length])
    : fc.constant(undefined);
  const body = validBody(op, overrides) ?? fc.constant(undefined);
  return fc
    .tuple(
      id,
      validQuery(op, overrides),
      body,
      fc.option(fc.stringMatching(/^[\x21-\x7e]{8,40}$/), { nil: undefined }),
    )
    .filter(([, query, payload]) => {
      if (op.query && !op.query.safeParse(query).success) return false;
      if (op.body && payload !== undefined && !op.body.safeParse(payload).success) return false;
      return true;
    })
    .map(([recordId, query, payload, key]) => ({
      method: op.method,
      url: urlOf(op, recordId, query),
      query,
      ...(payload !== undefined ? { payload } : {}),
      ...(op.method === 'POST' && key ? { headers: { 'idempotency-key': key } } : {}),
    }));
}

/** A request that the contract refuses: one thing broken in an otherwise valid request. */
function brokenRequest(op: OperationDef): fc.Arbitrary<Generated> {
  const breakers: fc.Arbitrary<(request: Generated) => Generated>[] = [];
  if (op.path.includes('{id}')) {
    breakers.push(
      fc
        .constantFrom('abc', '0', '-3', '1.5', '99999999999999999999', '1e3')
        .map((bad) => (r) => ({ ...r, url: urlOf(op, bad, r.query ?? {}) })),
    );
  }
  if (
    op.query &&
    /limit|start/.test(Object.keys((op.query as { shape?: object }).shape ?? {}).join())
  ) {
    breakers.push(
      fc
        .constantFrom('limit=0', 'limit=101', 'limit=x', 'start=-1', 'start=1.5')
        .map((bad) => (r) => ({ ...r, url: `${r.url.split('?')[0]}?${bad}` })),
    );
  }
  if (op.method === 'POST') {
    breakers.push(
      fc
        .constantFrom('two words', 'x'.repeat(256))
        .map((key) => (r) => ({ ...r, headers: { ...r.headers, 'idempotency-key': key } })),
    );
  }
  const schema = bodySchemaOf(op);
  if (schema) {
    const resolved = resolve(schema);
    const properties = (resolved.properties ?? {}) as Record<string, Record<string, unknown>>;
    const required = (resolved.required as string[] | undefined) ?? [];
    breakers.push(
      fc
        .constantFrom<unknown>([], 'text', 42, true)
        .map((value) => (r) => ({ ...r, payload: value })),
    );
    const names = Object.keys(properties);
    if (names.length > 0) {
      breakers.push(
        fc
          .constantFrom(...names)
          .chain((name) => wrongValueFor(properties[name]!).map((value) => ({ name, value })))
          .map(({ name, value }) => (r) => ({
            ...r,
            payload: { ...((r.payload as object) ?? {}), [name]: value },
          })),
      );
    }
    if (required.length > 0) {
      breakers.push(
        fc.constantFrom(...required).map((name) => (r) => {
          const { [name]: _dropped, ...rest } = (r.payload ?? {}) as Record<string, unknown>;
          return { ...r, payload: rest };
        }),
      );
    }
  }
  if (op.multipart) {
    breakers.push(
      fc
        .uint8Array({ minLength: 1, maxLength: 64 })
        .filter((bytes) => bytes[0] !== 0x89 && bytes[0] !== 0x25 && bytes[0] !== 0xff)
        .map((bytes) => (r) => ({ ...r, ...multipart(Buffer.from(bytes), 'x.pdf') })),
    );
  }
  if (breakers.length === 0) return fc.constant(undefined as never);
  return fc
    .tuple(validRequest(op), fc.oneof(...breakers))
    .map(([request, breakIt]) => breakIt(request));
}

let sent = 0;
function send(request: Generated) {
  // Keys are made unique per request: a key reused with another body is rightly refused (422).
  const key = request.headers?.['idempotency-key'];
  if (key && /^[\x21-\x7e]{1,200}$/.test(key))
    request = {
      ...request,
      headers: { ...request.headers, 'idempotency-key': `${++sent}-${key}` },
    };
  const json = request.payload !== undefined && !Buffer.isBuffer(request.payload);
  return env.sandbox.request({
    method: request.method as 'GET',
    url: request.url,
    ...(request.payload !== undefined
      ? { payload: json ? JSON.stringify(request.payload) : (request.payload as Buffer) }
      : {}),
    headers: { ...(json ? { 'content-type': 'application/json' } : {}), ...request.headers },
  });
}

/** The statuses the document lists for an operation. */
const listed = (op: OperationDef) =>
  Object.keys(
    (openApi.paths as Record<string, Record<string, { responses: object }>>)[op.path]![
      op.method.toLowerCase()
    ]!.responses,
  );

function expectSound(op: OperationDef, response: LightMyRequestResponse, context: string) {
  expect(response.statusCode, context).toBeLessThan(500);
  expect(listed(op), `${context}: is ${response.statusCode} listed?`).toContain(
    String(response.statusCode),
  );
  if (response.statusCode >= 400) {
    expect(response.headers['content-type'], context).toMatch(/^application\/problem\+json/);
    const problem = Problem.safeParse(response.json());
    expect(problem.success, context).toBe(true);
    expect(problem.data!.code, context).toMatch(/^[A-Z_]+$/);
    expect(problem.data!.requestId, context).toBe(response.headers['x-request-id']);
  }
}

/** A fingerprint of the records and keys; webhook delivery attempts go on in the background. */
const FINGERPRINT = [
  'SELECT count(*), max(last_update_time) FROM merchant',
  'SELECT count(*), max(last_update_time) FROM payout_account',
  'SELECT count(*), max(last_update_time) FROM txn',
  'SELECT count(*), max(id) FROM event',
  'SELECT count(*), max(id) FROM file',
  'SELECT count(*), max(id), count(deleted_time) FROM webhook_endpoint',
  'SELECT count(*), total(accepted_time) FROM agreement_acceptance',
  'SELECT count(*), total(creation_time) FROM idempotency_key',
  'SELECT count(*), total(due_time) FROM scheduled_task',
];
const changes = () =>
  JSON.stringify(FINGERPRINT.map((sql) => env.sandbox.store.db.prepare(sql).raw().get()));

// The console's writes change how the sandbox answers everything else (a fault fails the next
// requests): they have tests of their own (faults.test.ts), not random ones here.
// The event stream never ends: its own test follows it (src/server/listen.test.ts).
const operations = allOperations.filter(
  (op) =>
    (op.response !== 'binary' || op.id === 'getFile') &&
    op.response !== 'event-stream' &&
    (op.source !== 'sandbox' || op.method === 'GET'),
);

describe.each(operations.map((op) => [op.id, op] as const))('%s', (_id, op) => {
  it('answers valid requests with success, or with a business rule where the state decides', async () => {
    await fc.assert(
      fc.asyncProperty(validRequest(op), async (request) => {
        const response = await send(request);
        const context = `${request.method} ${request.url} ${JSON.stringify(request.payload ?? '')} → ${response.statusCode} ${response.body.slice(0, 300)}`;
        expectSound(op, response, context);
        if (STATEFUL.test(op.id)) {
          if (response.statusCode !== 200) {
            expect([400, 404], context).toContain(response.statusCode);
            // The one rule on the merged record: it must keep an account number or an IBAN.
            if (op.id === 'updatePayoutAccount' && response.json().code === 'VALIDATION_ERROR')
              expect(response.json().errors, context).toEqual([
                { field: 'accountNumber', message: 'is required when there is no IBAN' },
              ]);
            // A record's moves need its type and its id together.
            else if (op.id === 'listMoves' && response.json().code === 'VALIDATION_ERROR')
              expect(response.json().errors[0].message, context).toBe(
                'is needed with the other one',
              );
            else expect(response.json().code, context).not.toBe('VALIDATION_ERROR');
          }
        } else {
          expect(response.statusCode, context).toBe(200);
          if (
            typeof op.response !== 'string' &&
            response.headers['idempotent-replayed'] === undefined
          )
            expect((op.sent ?? op.response).safeParse(response.json()).success, context).toBe(true);
        }
        const product = productOf(op);
        if (response.statusCode === 200 && product && op.id.endsWith('Create'))
          pools.transactions[product].push(response.json().businessRequestId);
        if (response.statusCode === 200 && op.id === 'createMerchant') {
          pools.merchants.push(response.json().id);
          if (response.json().contactOwnerBusinessId == null)
            pools.customers.push(response.json().id);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses broken requests with a problem naming what is wrong, and writes nothing', async () => {
    const broken = brokenRequest(op);
    if ((broken as unknown) === undefined) return;
    await fc.assert(
      fc.asyncProperty(broken, async (request) => {
        if (!request) return;
        const before = changes();
        const response = await send(request);
        const context = `${request.method} ${request.url} ${JSON.stringify(request.payload ?? '').slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
        expectSound(op, response, context);
        expect([400, 415], context).toContain(response.statusCode);
        expect(changes(), context).toBe(before);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('afterwards', () => {
  it('the database passes its integrity check', () => {
    expect(env.sandbox.store.db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(env.sandbox.store.db.pragma('foreign_key_check')).toEqual([]);
  });

  it('every status a record has was set together with its event', () => {
    const latest = (objectType: string, id: number) =>
      env.sandbox.store.db
        .prepare<[string, number], { data: string }>(
          'SELECT data FROM event WHERE object_type = ? AND object_id = ? ORDER BY id DESC LIMIT 1',
        )
        .get(objectType, id);
    const rows = (sql: string) =>
      env.sandbox.store.db.prepare<[], { id: number; status: string }>(sql).all();
    let checked = 0;
    for (const m of rows('SELECT id, kyc_status AS status FROM merchant')) {
      const event = latest('merchant', m.id);
      if (event) expect(JSON.parse(event.data).kycStatus).toBe(m.status);
      else expect(m.status).toBe('PENDING');
      checked++;
    }
    for (const a of rows('SELECT id, account_status AS status FROM payout_account')) {
      const event = latest('payout_account', a.id);
      if (event) expect(JSON.parse(event.data).accountStatus).toBe(a.status);
      else expect(a.status).toBe('PENDING');
      checked++;
    }
    for (const t of rows('SELECT id, client_status AS status FROM txn')) {
      const event = latest('transaction', t.id);
      expect(event, `transaction ${t.id}`).toBeDefined();
      expect(JSON.parse(event!.data).clientStatus).toBe(t.status);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });
});
