// Bulk payouts through the dashboard server: a template downloaded, a file uploaded as a batch
// with every row checked against the partner's records, a row fixed in place, invalid rows left
// out; refusals for a bad file, a wrong type and a role that may not pay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_HEADER } from '#/api/testing';
import type { Parties } from '#/sandbox/testing';
import { BATCH_UPLOAD } from '#/api/batches';
import { readBatchFile } from './batches/file';
import { partsOf, zipOf } from './files/testing';
import { CSRF, startTestDashboard, type TestDashboard, uploadBatchFile } from './testing';

let t: TestDashboard;
let operations: string;
let viewer: string;
let parties: Parties;

const upload = (cookie: string, text: string, type = 'text/csv') =>
  uploadBatchFile(t.base, cookie, text, { type });

beforeAll(async () => {
  t = await startTestDashboard();
  operations = (await t.signIn('operations@demo.example')).cookie;
  viewer = (await t.signIn('viewer@demo.example')).cookie;
  parties = await t.parties(operations);
});
afterAll(() => t.close());

describe('bulk payouts', () => {
  it('gives each product’s template as a file the upload reads', async () => {
    const response = await fetch(`${t.base}/api/batches/template?product=sendc2f&format=xlsx`, {
      headers: { cookie: viewer },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="bulk-payouts-template.xlsx"',
    );
    const file = await readBatchFile(Buffer.from(await response.arrayBuffer()));
    expect(file.format).toBe('xlsx');
    const bad = await t.call(viewer, 'GET', '/batches/template?product=sendc2f&format=pdf');
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0]).toMatchObject({ field: 'format', message: 'must be csv or xlsx' });
  });

  it('checks every row of an upload, then takes a fix and leaves the rest out', async () => {
    const { merchantId } = parties;
    const uploaded = await upload(
      operations,
      `${BATCH_HEADER}\n` +
        `${merchantId},ACC-EUR,USDT(TRC20),"1,250.50",SALARY,MAR-1\n` +
        `Nobody Ltd,ACC-EUR,USDT(TRC20),10,SALARY,MAR-2\n` +
        `${merchantId},ACC-USD,EUR,20,SALARY,MAR-3\n` +
        `${merchantId},ACC-GBP,USDT(TRC20),30,SALARY,MAR-4\n`,
    );
    expect(uploaded.json).toMatchObject({ id: expect.any(String) });
    expect(uploaded.status).toBe(200);
    const batch = uploaded.json;
    expect(batch).toMatchObject({
      product: 'sendc2f',
      status: 'draft',
      fileName: 'march.csv',
      uploadedBy: { name: 'Omar Operations' },
      counts: { ready: 2, invalid: 2, excluded: 0, done: 0 },
      totals: [
        { currency: 'EUR', amount: '1250.5', rows: 1 },
        { currency: 'GBP', amount: '30', rows: 1 },
      ],
    });
    expect(batch.rows[1].problems[0].message).toMatch(/merchant "Nobody Ltd" names no merchant/);
    expect(batch.rows[2].problems[0].message).toMatch(/deposit_currency "EUR" is not a deposit/);

    // Fixed in place: the row is checked again with the whole file.
    const fixed = await t.call(operations, 'PUT', `/batches/${batch.id}/rows/3`, {
      cells: { merchant: String(merchantId) },
    });
    expect(fixed.status).toBe(200);
    expect(fixed.json.rows[1]).toMatchObject({ state: 'ready', problems: [] });
    // A fix that makes it repeat another row is caught as a duplicate.
    const twice = await t.call(operations, 'PUT', `/batches/${batch.id}/rows/3`, {
      cells: { payout_amount: '1250.50', reference: 'MAR-1' },
    });
    expect(twice.json.rows[1].problems[0].message).toBe(
      'reference repeats row 2: same account, amount and reference',
    );

    const without = await t.call(operations, 'POST', `/batches/${batch.id}/exclude-invalid`);
    expect(without.json).toMatchObject({
      status: 'validated',
      counts: { ready: 2, invalid: 0, excluded: 2 },
    });
    expect((await t.call(viewer, 'GET', `/batches/${batch.id}`)).json.id).toBe(batch.id);

    const trail = await t.call(
      (await t.signIn('admin@demo.example')).cookie,
      'GET',
      '/audit?action=bulk',
    );
    expect(trail.json.results.map((e: { action: string }) => e.action)).toEqual([
      'leave out invalid bulk rows',
      'fix bulk row',
      'fix bulk row',
      'upload bulk file',
    ]);
  });

  it('does not leave out every row: something must be left to pay', async () => {
    const uploaded = await upload(
      operations,
      `${BATCH_HEADER}\nNobody,ACC-EUR,USDT(TRC20),10,SALARY,X-1\n`,
    );
    const without = await t.call(
      operations,
      'POST',
      `/batches/${uploaded.json.id}/exclude-invalid`,
    );
    expect(without.status).toBe(409);
    expect(without.json.detail).toMatch(/^No row is ready/);
    expect((await t.call(viewer, 'GET', `/batches/${uploaded.json.id}`)).json.counts).toMatchObject(
      {
        invalid: 1,
        excluded: 0,
      },
    );
  });

  it('refuses a file it cannot read whole, naming why, and keeps nothing', async () => {
    const refused = await upload(operations, 'merchant,amount\n1,2\n');
    expect(refused.status).toBe(400);
    expect(refused.json.detail).toMatch(/^march\.csv was not read: The column "amount"/);
    expect(refused.json.errors).toContainEqual({
      field: 'deposit_currency',
      message: 'The column deposit_currency is missing.',
    });
  });

  it('refuses a body that is not a file of its types, a viewer, and an unknown batch', async () => {
    const json = await upload(operations, '{}', 'application/json');
    expect(json.status).toBe(415);
    expect((await upload(viewer, `${BATCH_HEADER}\n`)).status).toBe(403);
    const unknown = await t.call(viewer, 'GET', '/batches/7d0c7b0e-7d4e-4bd3-9a3a-8cf4d5a0f111');
    expect(unknown.status).toBe(404);
    expect((await t.call(viewer, 'GET', '/batches/not-an-id')).status).toBe(404);
  });

  it('refuses a file over the limit with the limit enforced, read by a Node client', async () => {
    // 6 MB, sent whole with its length: the answer arrives, not a reset connection.
    const big = `${BATCH_HEADER}\n${'x'.repeat(6 * 1024 * 1024)}\n`;
    const refused = await upload(operations, big);
    expect(refused.status).toBe(413);
    expect(refused.json).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      detail: 'The body is larger than this operation accepts: at most 5 MB.',
      errors: [{ field: 'body', message: 'is larger than 5 MB' }],
    });
    // Just under the limit is read, and refused for what it holds: one cell of 5 MB.
    const under = await upload(
      operations,
      `${BATCH_HEADER}\n${'x'.repeat(5 * 1024 * 1024 - 200)}\n`,
    );
    expect(under.status).toBe(400);
    expect(under.json.errors[0]).toMatchObject({
      field: 'merchant',
      message: expect.stringMatching(
        /^Row 2, column merchant: the cell holds 5,242,680 characters; a cell takes at most 2,000\.$/,
      ),
    });
  });

  it('calls an empty file empty (400), not a wrong type', async () => {
    const empty = await upload(operations, '');
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({
      detail: 'The file is empty.',
      errors: [{ field: 'file', message: 'is empty' }],
    });
  });

  it('answers a workbook with an external entity 400, naming the part, before parsing it', async () => {
    const template = await fetch(`${t.base}/api/batches/template?product=sendc2f&format=xlsx`, {
      headers: { cookie: viewer },
    });
    const parts = await partsOf(Buffer.from(await template.arrayBuffer()));
    const sheet = parts.find((p) => p.name === 'xl/worksheets/sheet1.xml')!;
    sheet.content = String(sheet.content).replace(
      /^(<\?xml[^>]*\?>)/,
      '$1<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>',
    );
    const response = await fetch(`${t.base}/api/batches?product=sendc2f&fileName=evil.xlsx`, {
      method: 'POST',
      headers: { cookie: operations, ...CSRF, 'content-type': BATCH_UPLOAD.types[1] },
      body: new Uint8Array(zipOf(parts)),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).detail).toMatch(
      /^evil\.xlsx was not read: The part xl\/worksheets\/sheet1\.xml declares a document type/,
    );
  });

  it('gives rows back with every formula defused, and reads them back as they were sent', async () => {
    const payload = "-2+3+cmd|' /C calc'!A0";
    const uploaded = await upload(
      operations,
      `${BATCH_HEADER}\n"${payload}",ACC-EUR,USDT(TRC20),10,SALARY,"=HYPERLINK(""x"")"\n`,
    );
    expect(uploaded.status).toBe(200);
    const id = uploaded.json.id as string;
    const csvFile = await fetch(`${t.base}/api/batches/${id}/rows-file?which=problems`, {
      headers: { cookie: operations },
    });
    const text = await csvFile.text();
    expect(text).toContain(`'${payload}`);
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(text.split('\r\n').slice(1).join('\n')).not.toMatch(/(^|,)"?[=+\-@]/m);
    for (const format of ['csv', 'xlsx']) {
      const file = await fetch(
        `${t.base}/api/batches/${id}/rows-file?which=problems&format=${format}`,
        {
          headers: { cookie: operations },
        },
      );
      const again = await readBatchFile(Buffer.from(await file.arrayBuffer()));
      expect(again.rows[0]!.values).toMatchObject({
        merchant: payload,
        reference: '=HYPERLINK("x")',
      });
    }
  });
});
