// What the dashboard sent with a transaction and the API does not give back (the invoice, the
// deposit confirmation, the cancellation reason in words) is kept and shown with the
// transaction; a replayed request keeps nothing twice; the file opens through the dashboard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionBody } from '#/sandbox/testing';
import { notesOfWrite } from './store/transaction-notes';
import { CSRF, JSON_CSRF, startTestDashboard, type TestDashboard } from './testing';

let t: TestDashboard;
let cookie: string;
let approver: string;
const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

beforeAll(async () => {
  t = await startTestDashboard();
  const { password } = await t.server.workspace.createUser({
    email: 'kept@example.com',
    name: 'Kim Kept',
    roles: ['onboarding', 'finance', 'approver'],
  });
  cookie = (await t.signIn({ email: 'kept@example.com', password })).cookie;
  const second = await t.server.workspace.createUser({
    email: 'approves@example.com',
    name: 'Avery Approver',
    roles: ['approver'],
  });
  approver = (await t.signIn({ email: 'approves@example.com', password: second.password })).cookie;
});
afterAll(() => t.close());

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${t.base}/api${path}`, {
    ...init,
    headers: { cookie, ...JSON_CSRF, ...(init.headers as Record<string, string>) },
  });

async function upload(name: string) {
  const form = new FormData();
  form.append('file', new Blob([PDF], { type: 'application/pdf' }), name);
  const response = await fetch(`${t.base}/api/v1/file/`, {
    method: 'POST',
    headers: { cookie, ...CSRF },
    body: form,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { url: string }).url;
}

const parties = () => t.parties(cookie);

const notesOf = async (product: string, id: number) =>
  (
    (await (await api(`/transactions/${product}/${id}/notes`)).json()) as {
      results: {
        kind: string;
        value: string;
        detail: string | null;
        href: string | null;
        byName: string;
      }[];
    }
  ).results;

describe('what the dashboard kept about a transaction', () => {
  it('links the invoice and the deposit confirmation of a collection, by name, and opens them', async () => {
    const p = await parties();
    const invoiceUrl = await upload('invoice-0042.pdf');
    const created = await api('/v1/receive/', {
      method: 'POST',
      body: JSON.stringify(transactionBody(p, 'receive', { invoiceUrl })),
    });
    expect(created.status).toBe(200);
    const id = ((await created.json()) as { businessRequestId: number }).businessRequestId;
    const confirmationUrl = await upload('bank-confirmation.pdf');
    // Approved by a colleague (whoever created it may not): the file is what the creator sent.
    const approved = await api(`/v1/receive/approveDeposit/${id}`, {
      method: 'POST',
      headers: { cookie: approver },
      body: JSON.stringify({ depositConfirmationUrl: confirmationUrl }),
    });
    expect(approved.status).toBe(200);

    const notes = await notesOf('receive', id);
    expect(notes).toMatchObject([
      { kind: 'invoice', value: invoiceUrl, detail: 'invoice-0042.pdf', byName: 'Kim Kept' },
      { kind: 'depositConfirmation', value: confirmationUrl, detail: 'bank-confirmation.pdf' },
    ]);
    // The link opens the file through the dashboard (the API needs the stored credentials).
    expect(notes[0]!.href).toMatch(/^\/api\/v1\/file\/[\w-]+$/);
    const file = await fetch(`${t.base}${notes[0]!.href}`, { headers: { cookie } });
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(PDF);
    // Another transaction has none.
    expect(await notesOf('receive', id + 1000)).toEqual([]);
  });

  it('keeps the cancellation reason in words once, however often the request is replayed', async () => {
    const p = await parties();
    const created = await api('/v1/sendf2f/', {
      method: 'POST',
      body: JSON.stringify(transactionBody(p, 'sendf2f')),
    });
    const id = ((await created.json()) as { businessRequestId: number }).businessRequestId;
    const cancel = () =>
      api(`/v1/sendf2f/cancel/${id}`, {
        method: 'POST',
        headers: { 'idempotency-key': `cancel-${id}` },
        body: JSON.stringify({ reason: 'OTHER', otherReason: 'The client paid another way' }),
      });
    expect((await cancel()).status).toBe(200);
    expect((await cancel()).status).toBe(200);
    expect(await notesOf('sendf2f', id)).toMatchObject([
      { kind: 'cancelReason', value: 'OTHER', detail: 'The client paid another way', href: null },
    ]);
  });

  it('keeps nothing from a refused write, and answers 404 for a route that names no transaction', async () => {
    const p = await parties();
    const refused = await api('/v1/sendf2f/', {
      method: 'POST',
      body: JSON.stringify(
        transactionBody(p, 'sendf2f', { toAmount: '-1', invoiceUrl: 'https://example.com/x.pdf' }),
      ),
    });
    expect(refused.status).toBe(400);
    expect((await api('/transactions/bogus/1/notes')).status).toBe(404);
    expect((await api('/transactions/sendf2f/abc/notes')).status).toBe(404);
  });
});

describe('notesOfWrite', () => {
  it('reads the files and the reason a transaction write sent, and nothing else', () => {
    expect(
      notesOfWrite('sendc2fCreate', '{"invoiceUrl":"u1","depositConfirmationUrl":"u2"}'),
    ).toEqual([
      { kind: 'invoice', value: 'u1' },
      { kind: 'depositConfirmation', value: 'u2' },
    ]);
    expect(notesOfWrite('receiveApproveDeposit', '{"depositConfirmationUrl":"u3"}')).toEqual([
      { kind: 'depositConfirmation', value: 'u3' },
    ]);
    expect(notesOfWrite('sendf2fCancel', '{"reason":"DUPLICATE"}')).toEqual([
      { kind: 'cancelReason', value: 'DUPLICATE', detail: null },
    ]);
    expect(notesOfWrite('createMerchant', '{"invoiceUrl":"u1"}')).toEqual([]);
    expect(notesOfWrite('sendf2fCancel', 'not json')).toEqual([]);
    expect(notesOfWrite('sendf2fCancel', null)).toEqual([]);
    expect(notesOfWrite('sendf2fCancel', '"text"')).toEqual([]);
  });
});
