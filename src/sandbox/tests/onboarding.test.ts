import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '#/api/testing';
import { AgreementList, KYC_STATUSES, Merchant, type KycStatus } from '#/api/schemas/merchant';
import { ONBOARDING_STATUSES } from '../domain/merchants';
import { createTestSandbox, merchantBody, snapshot, type TestSandbox } from '../testing';

let sandbox: TestSandbox;
beforeEach(async () => {
  sandbox = await createTestSandbox({ settings: { kycReviewDelayMs: 100 } });
});
afterEach(() => sandbox.close());

async function merchantIn(status: KycStatus) {
  const response = await sandbox.send(
    'POST',
    '/v1/business/',
    merchantBody({ localRegNumber: `R-1|${status}` }),
  );
  return Merchant.parse(response.json());
}

const acceptAll = (id: number) =>
  sandbox.send('POST', `/v1/business/${id}/agreements/accept`, { agreementIds: [1, 2, 3] });

describe('agreements', () => {
  it('lists the agreements with links, none accepted at first', async () => {
    const merchant = await merchantIn('PENDING');
    const response = await sandbox.send('GET', `/v1/business/${merchant.id}/agreements`);
    const agreements = AgreementList.parse(response.json());
    expect(agreements.map((a) => a.id)).toEqual([1, 2, 3]);
    for (const a of agreements) {
      expect(a).toMatchObject({ accepted: false, acceptedTime: null });
      expect(a.url).toMatch(/^http:\/\/localhost(:\d+)?\/legal\//);
    }
    const page = await sandbox.app.inject({
      method: 'GET',
      url: new URL(agreements[0]!.url).pathname,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Terms of Service');
  });

  it('accepts some agreements and keeps the first acceptance time', async () => {
    const merchant = await merchantIn('PENDING');
    const first = AgreementList.parse(
      (
        await sandbox.send('POST', `/v1/business/${merchant.id}/agreements/accept`, {
          agreementIds: [1, 2],
        })
      ).json(),
    );
    expect(first.map((a) => a.accepted)).toEqual([true, true, false]);
    expect(String(first[0]!.acceptedTime)).toHaveLength(13);
    const again = AgreementList.parse((await acceptAll(merchant.id)).json());
    expect(again[0]!.acceptedTime).toBe(first[0]!.acceptedTime);
    expect(again.every((a) => a.accepted)).toBe(true);
  });

  it.each([
    [
      { agreementIds: [4] },
      'agreementIds',
      'names unknown agreement 4; the agreements are 1, 2, 3',
    ],
    [{ agreementIds: [] }, 'agreementIds', 'must name at least one agreement'],
    [{ agreementIds: ['1'] }, 'agreementIds.0', 'must be a positive integer'],
    [{}, 'agreementIds', 'is required'],
  ])('refuses %j', async (payload, field, message) => {
    const merchant = await merchantIn('PENDING');
    const before = snapshot(sandbox.store);
    const response = await sandbox.request({
      method: 'POST',
      url: `/v1/business/${merchant.id}/agreements/accept`,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ field, message });
    expect(snapshot(sandbox.store)).toBe(before);
  });
});

describe('POST /v1/business/{id}/onboarding', () => {
  it.each(KYC_STATUSES)(
    'from %s: allowed exactly in NEW, PENDING and ACTION_NEEDED',
    async (status) => {
      const merchant = await merchantIn(status);
      await acceptAll(merchant.id);
      const response = await sandbox.send('POST', `/v1/business/${merchant.id}/onboarding`);
      if (ONBOARDING_STATUSES.includes(status)) {
        expect(response.statusCode).toBe(200);
        expect(Merchant.parse(response.json()).kycStatus).toBe('UNDER_REVIEW');
      } else {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'ONBOARDING_NOT_ALLOWED',
          detail: expect.stringContaining(`merchant ${merchant.id} is ${status}`),
        });
      }
    },
  );

  it('needs every agreement accepted first, and names the missing ones', async () => {
    const merchant = await merchantIn('PENDING');
    await sandbox.send('POST', `/v1/business/${merchant.id}/agreements/accept`, {
      agreementIds: [1],
    });
    const before = snapshot(sandbox.store);
    const response = await sandbox.send('POST', `/v1/business/${merchant.id}/onboarding`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'AGREEMENTS_NOT_ACCEPTED',
      detail: expect.stringContaining('2 (Privacy Notice), 3 (Merchant Services Agreement)'),
    });
    expect(snapshot(sandbox.store)).toBe(before);
  });

  it('moves to UNDER_REVIEW, then to VALID after the review delay, with an event each', async () => {
    const merchant = await merchantIn('PENDING');
    await acceptAll(merchant.id);
    await sandbox.send('POST', `/v1/business/${merchant.id}/onboarding`);
    const read = async () =>
      Merchant.parse((await sandbox.send('GET', `/v1/business/${merchant.id}`)).json());
    expect((await read()).kycStatus).toBe('UNDER_REVIEW');
    const after = await eventually(read, (m) => m.kycStatus === 'VALID');
    expect(after.kycStatus).toBe('VALID');
    const events = (
      await sandbox.send('GET', `/v1/event/?objectType=merchant&objectId=${merchant.id}`)
    ).json();
    expect(
      events.results.map((e: { type: string; data: Merchant }) => [e.type, e.data.kycStatus]),
    ).toEqual([
      ['merchant.kyc_status.changed', 'VALID'],
      ['merchant.kyc_status.changed', 'UNDER_REVIEW'],
      ['merchant.kyc_status.changed', 'PENDING'],
    ]);
  });

  it('keeps a status that a simulation set during the review', async () => {
    const merchant = await merchantIn('PENDING');
    await acceptAll(merchant.id);
    await sandbox.send('POST', `/v1/business/${merchant.id}/onboarding`);
    await sandbox.send(
      'PUT',
      `/v1/business/${merchant.id}`,
      merchantBody({ localRegNumber: 'R-1|FLAGGED' }),
    );
    await new Promise((r) => setTimeout(r, 300));
    const merchantNow = (await sandbox.send('GET', `/v1/business/${merchant.id}`)).json();
    expect(merchantNow.kycStatus).toBe('FLAGGED');
  });

  it('answers 404 to another partner for every onboarding operation', async () => {
    const merchant = await merchantIn('PENDING');
    const before = snapshot(sandbox.store);
    for (const [method, url, payload] of [
      ['GET', `/v1/business/${merchant.id}/agreements`, undefined],
      ['POST', `/v1/business/${merchant.id}/agreements/accept`, { agreementIds: [1] }],
      ['POST', `/v1/business/${merchant.id}/onboarding`, undefined],
    ] as const) {
      const response = await sandbox.request({ method, url, payload, as: sandbox.bob });
      expect(response.statusCode, url).toBe(404);
    }
    expect(snapshot(sandbox.store)).toBe(before);
  });
});
