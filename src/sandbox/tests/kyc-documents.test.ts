// KYC documents (docs/decisions/073): what the review asks for, files given for it while
// onboarding may be submitted, what ACTION_NEEDED asks for in words; every wrong request refused
// with its field or its rule, changing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KycDocuments } from '#/api/schemas/merchant';
import { actionNeededOf } from '../domain/kyc-documents';
import {
  createMerchant,
  createTestSandbox,
  merchantBody,
  snapshot,
  uploadedFile,
  type TestSandbox,
} from '../testing';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await createTestSandbox();
});
afterAll(() => sandbox.close());

const documents = async (id: number, as = sandbox.alice) => {
  const answer = await sandbox.request({ method: 'GET', url: `/v1/business/${id}/documents`, as });
  return { status: answer.statusCode, json: answer.json() };
};
const give = (id: number, body: unknown, as = sandbox.alice) =>
  sandbox.request({
    method: 'POST',
    url: `/v1/business/${id}/documents`,
    payload: body as object,
    as,
  });
const simulate = (id: number, status: string) =>
  sandbox.send('PUT', `/v1/business/${id}`, merchantBody({ localRegNumber: `HRB 1|${status}` }));

describe('KYC documents', () => {
  it('lists what the review asks for, and takes a file for each', async () => {
    const merchant = await createMerchant(sandbox);
    const before = KycDocuments.parse((await documents(merchant.id)).json);
    expect(before.required.map((r) => [r.type, r.provided])).toEqual([
      ['CERTIFICATE_OF_INCORPORATION', false],
      ['PROOF_OF_ADDRESS', false],
      ['DIRECTOR_ID', false],
    ]);
    expect(before).toMatchObject({ documents: [], actionNeeded: null });
    const file = await uploadedFile(sandbox, 'register-extract.pdf');
    const given = await give(merchant.id, {
      type: 'CERTIFICATE_OF_INCORPORATION',
      fileId: file.id,
    });
    expect(given.statusCode, given.body).toBe(200);
    const after = KycDocuments.parse(given.json());
    expect(after.required[0]).toMatchObject({ provided: true });
    expect(after.documents).toEqual([
      {
        id: expect.any(Number),
        type: 'CERTIFICATE_OF_INCORPORATION',
        fileId: file.id,
        fileName: 'register-extract.pdf',
        creationTime: expect.any(Number),
      },
    ]);
  });

  it('says in words what ACTION_NEEDED asks for, and a newer proof of address once all are given', async () => {
    const merchant = await createMerchant(sandbox);
    expect((await simulate(merchant.id, 'ACTION_NEEDED')).statusCode).toBe(200);
    const asked = KycDocuments.parse((await documents(merchant.id)).json).actionNeeded!;
    expect(asked.types).toEqual([
      'CERTIFICATE_OF_INCORPORATION',
      'PROOF_OF_ADDRESS',
      'DIRECTOR_ID',
    ]);
    expect(asked.reason).toMatch(/^The review needs: certificate of incorporation/);
    for (const type of asked.types) {
      const file = await uploadedFile(sandbox);
      expect((await give(merchant.id, { type, fileId: file.id })).statusCode).toBe(200);
    }
    const done = KycDocuments.parse((await documents(merchant.id)).json).actionNeeded!;
    expect(done.types).toEqual([]);
    expect(done.reason).toMatch(/submit onboarding again/);
  });

  it.each([
    ['an unknown type', { type: 'PASSPORT', fileId: 1 }, 'type'],
    ['no file', { type: 'DIRECTOR_ID' }, 'fileId'],
  ])('refuses %s on its field, storing nothing', async (_, body, field) => {
    const merchant = await createMerchant(sandbox);
    const stored = snapshot(sandbox.store);
    const refused = await give(merchant.id, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.map((e: { field: string }) => e.field)).toEqual([field]);
    expect(snapshot(sandbox.store)).toBe(stored);
  });

  it('refuses a document for a verified merchant, and another partner’s merchant or file', async () => {
    const merchant = await createMerchant(sandbox);
    const file = await uploadedFile(sandbox);
    expect((await simulate(merchant.id, 'VALID')).statusCode).toBe(200);
    const verified = await give(merchant.id, { type: 'DIRECTOR_ID', fileId: file.id });
    expect(verified.statusCode).toBe(400);
    expect(verified.json().code).toBe('ONBOARDING_NOT_ALLOWED');
    const other = await createMerchant(sandbox);
    expect(
      (await give(other.id, { type: 'DIRECTOR_ID', fileId: file.id }, sandbox.bob)).statusCode,
    ).toBe(404);
    expect((await documents(other.id, sandbox.bob)).status).toBe(404);
    const bobsFile = await uploadedFile(sandbox, 'bob.pdf', undefined, sandbox.bob);
    const notAlices = await give(other.id, { type: 'DIRECTOR_ID', fileId: bobsFile.id });
    expect(notAlices.statusCode).toBe(404);
    expect(notAlices.json().detail).toBe(`File ${bobsFile.id} was not found.`);
    const none = await give(other.id, { type: 'DIRECTOR_ID', fileId: 999_999 });
    expect(none.statusCode).toBe(404);
  });
});

describe('what ACTION_NEEDED asks for', () => {
  const merchant = { kycStatus: 'ACTION_NEEDED' as const, lastUpdateTime: 1_000 };
  const doc = (type: string, creationTime: number) => ({ type, creationTime });
  it.each([
    ['nothing given', [], ['CERTIFICATE_OF_INCORPORATION', 'PROOF_OF_ADDRESS', 'DIRECTOR_ID']],
    [
      'one missing',
      [doc('CERTIFICATE_OF_INCORPORATION', 1), doc('PROOF_OF_ADDRESS', 1)],
      ['DIRECTOR_ID'],
    ],
    [
      'all given before the review asked',
      [doc('CERTIFICATE_OF_INCORPORATION', 1), doc('PROOF_OF_ADDRESS', 1), doc('DIRECTOR_ID', 1)],
      ['PROOF_OF_ADDRESS'],
    ],
    [
      'a newer proof of address given since',
      [
        doc('CERTIFICATE_OF_INCORPORATION', 1),
        doc('PROOF_OF_ADDRESS', 2_000),
        doc('DIRECTOR_ID', 1),
      ],
      [],
    ],
  ])('%s: asks for %j', (_, docs, types) => {
    expect(actionNeededOf(merchant, docs)!.types).toEqual(types);
  });

  it('asks nothing in any other status', () => {
    expect(actionNeededOf({ kycStatus: 'PENDING', lastUpdateTime: 1 }, [])).toBeNull();
  });
});
