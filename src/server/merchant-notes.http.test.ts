// Who accepted each of a merchant's agreements and gave each KYC document, through the dashboard
// (docs/decisions/073): the API keeps when, the dashboard keeps who; the upload operation is
// Onboarding's too, since Onboarding sends the KYC documents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantBody, SAMPLE_PDF } from '#/sandbox/testing';
import { CSRF, startTestDashboard, type TestDashboard } from './testing';

let t: TestDashboard;
let onboarding: string;
let viewer: string;
beforeAll(async () => {
  t = await startTestDashboard();
  ({ onboarding, viewer } = await t.demoCookies('onboarding', 'viewer'));
});
afterAll(() => t.close());

const notesOf = async (id: number) =>
  (await t.call(viewer, 'GET', `/merchants/${id}/notes`)).json.results as {
    kind: string;
    value: string;
    detail: string | null;
    byName: string;
  }[];

describe('a merchant’s onboarding through the dashboard', () => {
  it('records who accepted each agreement, once', async () => {
    const merchant = (await t.call(onboarding, 'POST', '/v1/business/', merchantBody())).json;
    const accepted = await t.call(
      onboarding,
      'POST',
      `/v1/business/${merchant.id}/agreements/accept`,
      {
        agreementIds: [2],
      },
    );
    expect(accepted.status).toBe(200);
    await t.call(onboarding, 'POST', `/v1/business/${merchant.id}/agreements/accept`, {
      agreementIds: [2],
    });
    expect(await notesOf(merchant.id)).toEqual([
      expect.objectContaining({ kind: 'agreementAccepted', value: '2', byName: 'Olu Onboarding' }),
    ]);
  });

  it('lets Onboarding upload a KYC document and give it, recording who gave it', async () => {
    const merchant = (await t.call(onboarding, 'POST', '/v1/business/', merchantBody())).json;
    const form = new FormData();
    form.append('file', new Blob([SAMPLE_PDF], { type: 'application/pdf' }), 'extract.pdf');
    const uploaded = await fetch(`${t.base}/api/v1/file/`, {
      method: 'POST',
      headers: { cookie: onboarding, ...CSRF },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const file = (await uploaded.json()) as { id: number };
    const given = await t.call(onboarding, 'POST', `/v1/business/${merchant.id}/documents`, {
      type: 'CERTIFICATE_OF_INCORPORATION',
      fileId: file.id,
    });
    expect(given.status, JSON.stringify(given.json)).toBe(200);
    const document = given.json.documents[0];
    expect(await notesOf(merchant.id)).toEqual([
      expect.objectContaining({
        kind: 'document',
        value: String(document.id),
        detail: 'CERTIFICATE_OF_INCORPORATION',
        byName: 'Olu Onboarding',
      }),
    ]);
    // A viewer reads the documents but cannot give one.
    expect((await t.call(viewer, 'GET', `/v1/business/${merchant.id}/documents`)).status).toBe(200);
    const refused = await t.call(viewer, 'POST', `/v1/business/${merchant.id}/documents`, {
      type: 'DIRECTOR_ID',
      fileId: file.id,
    });
    expect(refused.status).toBe(403);
  });
});
