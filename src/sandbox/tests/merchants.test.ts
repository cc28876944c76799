import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Merchant } from '#/api/schemas/merchant';
import { Problem, page } from '#/api/schemas/common';
import { createTestSandbox, merchantBody, snapshot, type TestSandbox } from '../testing';

let sandbox: TestSandbox;
beforeEach(async () => {
  sandbox = await createTestSandbox();
});
afterEach(() => sandbox.close());

async function create(body: Record<string, unknown> = merchantBody()) {
  const response = await sandbox.send('POST', '/v1/business/', body);
  expect(response.statusCode, response.body).toBe(200);
  return Merchant.parse(response.json());
}

function problem(response: {
  statusCode: number;
  json(): unknown;
  headers: Record<string, unknown>;
}) {
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  return Problem.parse(response.json());
}

describe('POST /v1/business/', () => {
  it('creates a customer in PENDING with integer ids and millisecond timestamps', async () => {
    const before = Date.now();
    const merchant = await create();
    expect(merchant).toMatchObject({
      name: 'Lumen Textiles GmbH',
      contactOwnerBusinessId: null,
      kycStatus: 'PENDING',
      zipcode: '10119',
      countryIso: 'DE',
      industry: 'GARMENTS',
    });
    expect(Number.isInteger(merchant.id)).toBe(true);
    expect(String(merchant.creationTime)).toHaveLength(13);
    expect(merchant.creationTime).toBeGreaterThanOrEqual(before);
    expect(merchant.lastUpdateTime).toBe(merchant.creationTime);
  });

  it('creates a contact owned by a customer', async () => {
    const customer = await create();
    const contact = await create(
      merchantBody({ name: 'Anatolia Cotton', contactOwnerBusinessId: customer.id }),
    );
    expect(contact.contactOwnerBusinessId).toBe(customer.id);
    expect(contact.id).toBeGreaterThan(customer.id);
  });

  it('trims text, and reads an absent localRegNumber back as present and null', async () => {
    const merchant = await create(
      merchantBody({ name: '  Spaced Ltd  ', localRegNumber: undefined }),
    );
    expect(merchant.name).toBe('Spaced Ltd');
    expect(merchant).toHaveProperty('localRegNumber', null);
    const read = await sandbox.send('GET', `/v1/business/${merchant.id}`);
    expect(read.json()).toHaveProperty('localRegNumber', null);
    const simulated = await sandbox.send(
      'PUT',
      `/v1/business/${merchant.id}`,
      merchantBody({ name: 'Spaced Ltd', localRegNumber: '|VALID' }),
    );
    expect(simulated.json()).toMatchObject({ localRegNumber: null, kycStatus: 'VALID' });
  });

  it('refuses a contact as the owner of a contact', async () => {
    const customer = await create();
    const contact = await create(merchantBody({ contactOwnerBusinessId: customer.id }));
    const before = snapshot(sandbox.store);
    const response = await sandbox.send(
      'POST',
      '/v1/business/',
      merchantBody({ contactOwnerBusinessId: contact.id }),
    );
    expect(response.statusCode).toBe(400);
    expect(problem(response).errors).toEqual([
      { field: 'contactOwnerBusinessId', message: expect.stringContaining('cannot own contacts') },
    ]);
    expect(snapshot(sandbox.store)).toBe(before);
  });

  it('refuses an owner that does not exist, or is another partner’s, the same way', async () => {
    const bobs = await sandbox.request({
      method: 'POST',
      url: '/v1/business/',
      payload: merchantBody(),
      as: sandbox.bob,
    });
    const bobId = Merchant.parse(bobs.json()).id;
    for (const owner of [bobId, 999999]) {
      const response = await sandbox.send(
        'POST',
        '/v1/business/',
        merchantBody({ contactOwnerBusinessId: owner }),
      );
      expect(response.statusCode).toBe(400);
      expect(problem(response).errors?.[0]).toEqual({
        field: 'contactOwnerBusinessId',
        message: `must be one of your customers; merchant ${owner} was not found`,
      });
    }
  });

  it.each([
    ['name', undefined, 'is required'],
    ['name', '', 'is required'],
    ['name', 'x'.repeat(201), 'must be at most 200 characters'],
    ['name', 42, 'must be text'],
    ['countryIso', 'XX', 'must be an ISO 3166-1 alpha-2 country code, such as "DE"'],
    ['countryIso', 'de', 'must be an ISO 3166-1 alpha-2 country code, such as "DE"'],
    ['city', undefined, 'is required'],
    ['address', undefined, 'is required'],
    ['streetNumber', undefined, 'is required'],
    ['zipcode', undefined, 'is required'],
    ['contactName', undefined, 'is required'],
    ['contactEmail', 'not-an-email', 'must be an email address'],
    ['contactPhonePrefix', '+49', 'must be 1 to 4 digits, without + or spaces'],
    ['contactPhonePrefix', '12345', 'must be 1 to 4 digits, without + or spaces'],
    ['contactPhone', '123', 'must be 4 to 15 digits, without spaces or punctuation'],
    ['contactPhone', '030 1234', 'must be 4 to 15 digits, without spaces or punctuation'],
    ['industry', 'MINING', expect.stringContaining('must be one of AGRICULTURE_FORESTRY_WILDLIFE')],
    ['localRegNumber', 'x'.repeat(101), 'must be at most 100 characters'],
    ['contactOwnerBusinessId', -3, 'must be a positive integer'],
    ['contactOwnerBusinessId', 1.5, 'must be a positive integer'],
    ['contactOwnerBusinessId', '7', 'must be a positive integer'],
  ])('refuses %s = %j with a message naming the field', async (field, value, message) => {
    const before = snapshot(sandbox.store);
    const response = await sandbox.send('POST', '/v1/business/', merchantBody({ [field]: value }));
    expect(response.statusCode).toBe(400);
    const body = problem(response);
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.errors).toContainEqual({ field, message });
    expect(body.detail).toContain(field);
    expect(snapshot(sandbox.store)).toBe(before);
  });

  it('lists every missing field at once', async () => {
    const response = await sandbox.send('POST', '/v1/business/', {});
    expect(response.statusCode).toBe(400);
    const fields = problem(response).errors?.map((e) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'name',
        'countryIso',
        'city',
        'address',
        'streetNumber',
        'zipcode',
        'contactName',
        'contactEmail',
        'contactPhonePrefix',
        'contactPhone',
        'industry',
      ]),
    );
  });

  it('applies a |STATUS suffix at creation, storing the number without it', async () => {
    const merchant = await create(merchantBody({ localRegNumber: 'HRB 1|VALID' }));
    expect(merchant.kycStatus).toBe('VALID');
    expect(merchant.localRegNumber).toBe('HRB 1');
  });
});

describe('PUT /v1/business/{id}', () => {
  it('updates the fields and keeps absent optional ones', async () => {
    const merchant = await create();
    const {
      state: _state,
      localRegNumber: _reg,
      ...body
    } = merchantBody({ name: 'Lumen Textiles SE', city: 'Hamburg' });
    const response = await sandbox.send('PUT', `/v1/business/${merchant.id}`, body);
    expect(response.statusCode).toBe(200);
    const updated = Merchant.parse(response.json());
    expect(updated).toMatchObject({
      name: 'Lumen Textiles SE',
      city: 'Hamburg',
      state: 'Berlin',
      localRegNumber: 'HRB 204518',
      kycStatus: 'PENDING',
    });
    expect(updated.creationTime).toBe(merchant.creationTime);
    expect(updated.lastUpdateTime).toBeGreaterThanOrEqual(merchant.lastUpdateTime);
  });

  it('clears state when null is sent', async () => {
    const merchant = await create();
    const response = await sandbox.send(
      'PUT',
      `/v1/business/${merchant.id}`,
      merchantBody({ state: null }),
    );
    expect(Merchant.parse(response.json()).state).toBeNull();
  });

  it('sets kycStatus from a |STATUS suffix, strips it, and records an event', async () => {
    const merchant = await create();
    const response = await sandbox.send(
      'PUT',
      `/v1/business/${merchant.id}`,
      merchantBody({ localRegNumber: 'HRB 204518|VALID' }),
    );
    expect(response.statusCode).toBe(200);
    expect(Merchant.parse(response.json())).toMatchObject({
      kycStatus: 'VALID',
      localRegNumber: 'HRB 204518',
    });
    const events = await sandbox.send(
      'GET',
      `/v1/event/?objectType=merchant&objectId=${merchant.id}`,
    );
    const [event] = events.json().results;
    expect(event).toMatchObject({
      type: 'merchant.kyc_status.changed',
      objectType: 'merchant',
      objectId: merchant.id,
      data: { id: merchant.id, kycStatus: 'VALID' },
    });
  });

  it('refuses an unknown status suffix naming the allowed values, and changes nothing', async () => {
    const merchant = await create();
    const before = snapshot(sandbox.store);
    const response = await sandbox.send(
      'PUT',
      `/v1/business/${merchant.id}`,
      merchantBody({ name: 'Changed', localRegNumber: 'HRB|APPROVED' }),
    );
    expect(response.statusCode).toBe(400);
    const body = problem(response);
    expect(body.errors?.[0]?.field).toBe('localRegNumber');
    expect(body.detail).toContain('|VALID');
    expect(snapshot(sandbox.store)).toBe(before);
  });

  it('requires the required fields', async () => {
    const merchant = await create();
    const response = await sandbox.send('PUT', `/v1/business/${merchant.id}`, {
      name: 'Only a name',
    });
    expect(response.statusCode).toBe(400);
    expect(problem(response).errors?.map((e) => e.field)).toContain('countryIso');
  });

  it('answers 404 for an unknown id and for another partner’s merchant', async () => {
    const merchant = await create();
    for (const [id, as] of [
      [999999, sandbox.alice],
      [merchant.id, sandbox.bob],
    ] as const) {
      const response = await sandbox.request({
        method: 'PUT',
        url: `/v1/business/${id}`,
        payload: merchantBody(),
        as,
      });
      expect(response.statusCode).toBe(404);
      expect(problem(response)).toMatchObject({
        code: 'NOT_FOUND',
        detail: `Merchant ${id} was not found.`,
      });
    }
    const stored = await sandbox.send('GET', `/v1/business/${merchant.id}`);
    expect(stored.json().name).toBe('Lumen Textiles GmbH');
  });
});

describe('GET /v1/business/{id}', () => {
  it('returns the merchant', async () => {
    const merchant = await create();
    const response = await sandbox.send('GET', `/v1/business/${merchant.id}`);
    expect(Merchant.parse(response.json())).toEqual(merchant);
  });

  it.each(['0', '-1', '1.5', 'abc', '1e3', '9'.repeat(200), '9007199254740993'])(
    'refuses the id %s with a 400 naming it',
    async (id) => {
      const response = await sandbox.send('GET', `/v1/business/${id}`);
      expect(response.statusCode).toBe(400);
      expect(problem(response).errors?.[0]?.field).toBe('id');
    },
  );
});

describe('GET /v1/business/', () => {
  it('pages newest first, with hasMore true exactly when records follow', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await create(merchantBody({ name: `Merchant ${i}` }))).id);
    const Page = page(Merchant);
    const first = Page.parse((await sandbox.send('GET', '/v1/business/?start=0&limit=2')).json());
    expect(first).toMatchObject({ start: 0, limit: 2, hasMore: true });
    expect(first.results.map((m) => m.id)).toEqual([ids[4], ids[3]]);
    const last = Page.parse((await sandbox.send('GET', '/v1/business?start=3&limit=2')).json());
    expect(last.hasMore).toBe(false);
    expect(last.results.map((m) => m.id)).toEqual([ids[1], ids[0]]);
    const exact = Page.parse((await sandbox.send('GET', '/v1/business/?start=0&limit=5')).json());
    expect(exact.hasMore).toBe(false);
    const past = Page.parse((await sandbox.send('GET', '/v1/business/?start=50')).json());
    expect(past).toMatchObject({ start: 50, limit: 20, hasMore: false, results: [] });
  });

  it('uses start 0 and limit 20 by default', async () => {
    const response = await sandbox.send('GET', '/v1/business/');
    expect(response.json()).toMatchObject({ start: 0, limit: 20, hasMore: false, results: [] });
  });

  it.each([
    ['limit=101', 'limit'],
    ['limit=0', 'limit'],
    ['start=-1', 'start'],
    ['limit=abc', 'limit'],
    ['start=1.5', 'start'],
  ])('refuses %s', async (query, field) => {
    const response = await sandbox.send('GET', `/v1/business/?${query}`);
    expect(response.statusCode).toBe(400);
    expect(problem(response).errors?.[0]?.field).toBe(field);
  });

  it('shows a partner only its own merchants', async () => {
    await create();
    const response = await sandbox.request({
      method: 'GET',
      url: '/v1/business/',
      as: sandbox.bob,
    });
    expect(response.json().results).toEqual([]);
  });
});
