import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi';
import { allOperations } from './operations';

const document = buildOpenApiDocument({ serverUrl: 'http://127.0.0.1:4010' });

/** Every operation the API has: the specification's, and those chosen where it only names them. */
const DESIGNED = [
  'GET /v1/currency/',
  'GET /v1/country/',
  'POST /v1/business/',
  'PUT /v1/business/{id}',
  'GET /v1/business/{id}',
  'GET /v1/business/',
  'GET /v1/business/{id}/agreements',
  'GET /v1/business/{id}/documents',
  'POST /v1/business/{id}/documents',
  'POST /v1/business/{id}/agreements/accept',
  'POST /v1/business/{id}/onboarding',
  'POST /v1/businessExternalAccount/',
  'PUT /v1/businessExternalAccount/{id}',
  'GET /v1/businessExternalAccount/{id}',
  'GET /v1/businessExternalAccount/',
  ...['sendc2f', 'sendf2f', 'receive'].flatMap((p) => [
    `POST /v1/${p}/price`,
    `POST /v1/${p}/`,
    `GET /v1/${p}/{id}`,
    `GET /v1/${p}/`,
    `POST /v1/${p}/approveQuote/{id}`,
    `POST /v1/${p}/approveDeposit/{id}`,
    `POST /v1/${p}/cancel/{id}`,
  ]),
  'GET /v1/sendc2f/confirmation/{id}',
  'POST /v1/file/',
  'GET /v1/file/{id}',
  'POST /v1/webhook/',
  'GET /v1/webhook/',
  'DELETE /v1/webhook/{id}',
  'POST /v1/webhook/{id}/secret',
  'POST /v1/webhook/{id}/test',
  'GET /v1/event/',
  'POST /v1/event/{id}/resend',
  // The sandbox console's extensions (docs/decisions/023).
  'GET /v1/sandbox/requests/',
  'GET /v1/sandbox/requests/{requestId}',
  'GET /v1/sandbox/faults/',
  'POST /v1/sandbox/faults/',
  'DELETE /v1/sandbox/faults/{id}',
  'GET /v1/sandbox/events/stream',
  'GET /v1/sandbox/moves/',
  'POST /v1/sandbox/moves/run',
  'POST /v1/sandbox/moves/hold',
  'POST /v1/sandbox/moves/release',
  'GET /v1/sandbox/scenarios/',
  'GET /v1/sandbox/scenarios/export',
  'POST /v1/sandbox/scenarios/load',
  'POST /v1/sandbox/reset',
];

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document with every reference resolvable', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(document)));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('lists every operation of the design, and nothing else', () => {
    const listed = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(listed.sort()).toEqual([...DESIGNED].sort());
    expect(allOperations).toHaveLength(DESIGNED.length);
  });

  it('marks the sandbox console’s operations as sandbox extensions, and only those', () => {
    for (const [path, methods] of Object.entries(document.paths))
      for (const op of Object.values(methods) as Array<Record<string, unknown>>)
        expect(op['x-sandbox-extension'] === true, path).toBe(path.startsWith('/v1/sandbox/'));
  });

  it('gives every operation a unique id, a 200 and problem-details errors', () => {
    const ids = new Set<string>();
    for (const methods of Object.values(document.paths)) {
      for (const op of Object.values(methods) as Array<{
        operationId: string;
        responses: Record<string, unknown>;
      }>) {
        expect(ids.has(op.operationId)).toBe(false);
        ids.add(op.operationId);
        expect(op.responses['200']).toBeDefined();
        expect(op.responses['400']).toMatchObject({
          content: {
            'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
          },
        });
      }
    }
  });

  it('describes the fields as the specification names and types them', () => {
    const schemas = document.components.schemas as Record<
      string,
      { properties: Record<string, { type?: unknown }> }
    >;
    expect(schemas.Merchant!.properties.zipcode).toBeDefined();
    expect(schemas.PayoutAccount!.properties.zipCode).toBeDefined();
    expect(schemas.Merchant!.properties.id!.type).toBe('integer');
    expect(schemas.Price!.properties.rate!.type).toBe('number');
    expect(schemas.Price!.properties.amount!.type).toBe('string');
    const listMerchants = document.paths['/v1/business/']!.get as {
      parameters: Array<{ name: string; schema: { type: string; maximum?: number } }>;
    };
    expect(listMerchants.parameters.find((p) => p.name === 'limit')!.schema).toMatchObject({
      type: 'integer',
      maximum: 100,
    });
  });

  it('says what the server enforces: key pattern, country codes, email, the OTHER rule, the file part', () => {
    const schemas = document.components.schemas as Record<string, Record<string, unknown>>;
    type Props = Record<string, Record<string, unknown>>;
    const create = document.paths['/v1/sendc2f/']!.post as {
      parameters: Array<{ name: string; in: string; schema: Record<string, unknown> }>;
    };
    const key = create.parameters.find((p) => p.name === 'Idempotency-Key')!;
    expect(key).toMatchObject({ in: 'header', schema: { type: 'string', maxLength: 255 } });
    const pattern = new RegExp(key.schema.pattern as string);
    expect(pattern.test('order-7781')).toBe(true);
    expect(pattern.test('with space')).toBe(false);
    expect(pattern.test('x'.repeat(256))).toBe(false);

    const merchant = schemas.MerchantCreate!.properties as Props;
    expect(merchant.countryIso!.enum).toContain('DE');
    expect(merchant.countryIso!.enum).toHaveLength(249);
    // The server's own rule: `format: email` would take addresses it refuses (ops@[127.0.0.1]).
    expect(merchant.contactEmail!.format).toBeUndefined();
    const email = new RegExp(merchant.contactEmail!.pattern as string);
    expect(email.test('ops@lumen.example')).toBe(true);
    expect(email.test('ops@[127.0.0.1]')).toBe(false);
    expect(email.test('a@b.c')).toBe(false);
    expect((schemas.PayoutAccountCreate!.properties as Props).countryIso!.enum).toContain('GB');

    expect(schemas.CancelRequest).toMatchObject({
      if: { properties: { reason: { const: 'OTHER' } }, required: ['reason'] },
      then: { required: ['otherReason'] },
    });

    const upload = document.paths['/v1/file/']!.post as {
      requestBody: { content: Record<string, { schema: { properties: Props }; encoding: Props }> };
    };
    const multipart = upload.requestBody.content['multipart/form-data']!;
    expect(multipart.schema.properties.file!.description).toMatch(/filename/);
    expect(multipart.encoding.file!.contentType).toBe('application/pdf, image/png, image/jpeg');

    const read = schemas.Merchant as { required: string[]; properties: Props };
    expect(read.required).toContain('localRegNumber');
    expect(read.properties.localRegNumber!.type).toEqual(['string', 'null']);
  });
});
