// Exports of the merchant and payout-account lists (docs/decisions/037): every row the filters
// select, in the list's order, across pages, with words first and the API's fields after, times
// in the zone asked for and the row count announced first; and each person's formats.
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '#/api/schemas/merchant';
import type { PayoutAccount } from '#/api/schemas/payout-account';
import { transactionRecord } from '#/api/testing';
import { callApi, createdTransaction, startTestDashboard, type TestDashboard } from './testing';

let t: TestDashboard;
let viewer: string;
const MERCHANTS = 2_300;
const JAN = Date.parse('2026-01-15T23:30:00Z');

const merchant = (id: number, extra: Partial<Merchant> = {}): Merchant => ({
  id,
  creationTime: JAN + id,
  lastUpdateTime: JAN + id,
  name: `Export Test ${String(id).padStart(5, '0')} GmbH`,
  contactOwnerBusinessId: null,
  localRegNumber: `HRB ${id}`,
  countryIso: 'DE',
  kycStatus: id % 2 ? 'VALID' : 'PENDING',
  contactName: 'Anna Example',
  contactEmail: `anna${id}@example.com`,
  industry: 'MANUFACTURING',
  ...extra,
});

const account = (id: number, businessId: number): PayoutAccount => ({
  id,
  creationTime: JAN + id,
  lastUpdateTime: JAN + id,
  accountHolderName: `Holder ${id}`,
  bankName: 'Example Bank',
  iban: `DE89370400440532013${String(id).padStart(3, '0')}`,
  accountNumber: null,
  countryIso: 'DE',
  businessId,
  currencySymbol: 'EUR',
  accountStatus: 'FROZEN',
});

beforeAll(async () => {
  t = await startTestDashboard();
  viewer = (await t.signIn('viewer@demo.example')).cookie;
  const index = t.server.app.dashboard.index;
  const all = Array.from({ length: MERCHANTS }, (_, i) => merchant(90_001 + i));
  all.push(merchant(99_999, { contactOwnerBusinessId: 90_001, name: 'Export Test Contact' }));
  for (let i = 0; i < all.length; i += 500)
    await index.putMerchants('sandbox', all.slice(i, i + 500));
  await index.putAccounts('sandbox', [account(901, 90_001), account(902, 90_003)]);
});
afterAll(() => t.close());

const csvOf = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${t.base}/api${path}`, { headers: { cookie: viewer, ...headers } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const rows = parseCsv(Buffer.from(await response.arrayBuffer()), {
    bom: true,
    columns: true,
  }) as Record<string, string>[];
  return { response, rows };
};

describe('list exports', () => {
  it('exports every merchant a filter selects, in the list’s order, across pages', async () => {
    const { response, rows } = await csvOf(
      '/index/merchants?format=csv&kycStatus=VALID&sort=name&order=desc&tz=Europe/Berlin&start=40&limit=5',
    );
    const valid = Math.ceil(MERCHANTS / 2) + 1;
    expect(response.headers.get('x-export-rows')).toBe(String(valid));
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="merchants-sandbox-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // Paging is the list's, not the export's: every row goes.
    expect(rows).toHaveLength(valid);
    const names = rows.map((r) => r.Merchant!);
    expect(names).toEqual([...names].sort().reverse());
    const contact = rows.find((r) => r.Merchant === 'Export Test Contact')!;
    expect(contact).toMatchObject({
      Type: 'Contact',
      Customer: 'Export Test 90001 GmbH',
      'KYC status': 'Valid',
      Industry: 'Manufacturing',
      'Merchant id': '99999',
      'Customer id': '90001',
    });
    // One column per fact: no raw copies of the status or the name.
    expect(Object.keys(contact)).not.toContain('kycStatus');
    // 23:30 UTC on January 15 is already the 16th in Berlin.
    expect(rows.find((r) => r['Merchant id'] === '90001')!['Created (Europe/Berlin)']).toBe(
      '2026-01-16T00:31:30+01:00',
    );
  });

  it('exports payout accounts with their status in words and the merchant’s name', async () => {
    const { response, rows } = await csvOf('/index/accounts?format=csv&accountStatus=FROZEN');
    expect(response.headers.get('x-export-rows')).toBe('2');
    expect(rows.map((r) => r['Account holder'])).toEqual(['Holder 902', 'Holder 901']);
    expect(rows[1]).toMatchObject({
      Status: 'Frozen',
      Merchant: 'Export Test 90001 GmbH',
      IBAN: 'DE89370400440532013901',
      'Created (UTC)': '2026-01-15T23:30:00+00:00',
      'Merchant id': '90001',
    });
    expect(Object.keys(rows[1]!)).not.toContain('accountStatus');
  });

  it('writes the headers and the values in the person’s language', async () => {
    await t.call(viewer, 'PUT', '/account/language', { language: 'de' });
    try {
      const { rows } = await csvOf('/index/merchants?format=csv&q=Export%20Test%20Contact');
      expect(rows[0]).toMatchObject({
        Typ: 'Kontakt',
        'KYC-Status': 'Gültig',
        Branche: 'Fertigung',
        'Händler-ID': '99999',
        'Kunden-ID': '90001',
      });
      const accounts = await csvOf('/index/accounts?format=csv&accountStatus=FROZEN');
      expect(accounts.rows[0]).toMatchObject({
        Status: 'Gesperrt',
        'Erstellt (UTC)': expect.any(String),
      });
    } finally {
      await t.call(viewer, 'PUT', '/account/language', { language: null });
    }
  });

  it('names a wrong zone or format', async () => {
    const wrong = await callApi(t.base, viewer, 'GET', '/index/merchants?format=pdf&tz=Moon/Base');
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'format',
      'tz',
    ]);
  });
});

describe('the transactions export', () => {
  it('has one column per fact, times where the person is, and the reason as written', async () => {
    const who = await t.demoCookies('finance', 'approver', 'operations');
    const p = await t.parties(who.operations);
    const id = await createdTransaction(t, who.finance, p, 'sendc2f', { quoted: true });
    const reason = 'The rate is worse than the one agreed';
    const rejected = await t.call(
      who.approver,
      'POST',
      `/controls/transactions/sendc2f/${id}/reject`,
      {
        action: 'approveQuote',
        reason,
      },
    );
    expect(rejected.status, JSON.stringify(rejected.json)).toBe(200);
    const answer = await fetch(
      `${t.base}/api/index/transactions?product=sendc2f&format=csv&tz=Europe/Berlin`,
      { headers: { cookie: viewer } },
    );
    const text = (await answer.text()).replace(/^\uFEFF/, '');
    const header = text.split('\r\n')[0]!.split(',');
    // No fact twice (Purpose and purpose, a time and its milliseconds).
    const facts = header.map((h) =>
      h
        .replace(/ \(.*\)$/, '')
        .replace(/\s+/g, '')
        .toLowerCase(),
    );
    expect(new Set(facts).size).toBe(facts.length);
    expect(header).toContain('Created (Europe/Berlin)');
    const rows = parseCsv(text, { columns: true }) as Record<string, string>[];
    const row = rows.find((r) => r.Transaction === String(id))!;
    expect(row).toMatchObject({
      Status: 'Cancelled',
      'Cancel reason': `Other: ${reason}`,
      'Markup (%)': '1.00',
    });
    expect(row['Created (Europe/Berlin)']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0[12]:00$/);
    expect(row.Rate).toMatch(/^0\.\d{10}$/);
    expect(row['Fee (deposit currency)']).toMatch(/^\d+\.\d{6}$/);
  });
});

describe('a CSV for the person’s spreadsheet', () => {
  it('uses semicolons and decimal commas where the locale writes decimals with a comma', async () => {
    await t.server.app.dashboard.index.putTransactions('sandbox', 'sendf2f', [
      transactionRecord({
        businessRequestId: 777,
        fromBusinessId: 90_001,
        toAmount: '1250.50',
        toCurrencySymbol: 'EUR',
        fromCurrencySymbol: 'USD',
        purpose: 'SUPPLIER_PAYMENT',
      }),
    ]);
    const german = await fetch(
      `${t.base}/api/index/transactions?product=sendf2f&format=csv&locale=de-DE&tz=Europe/Berlin`,
      { headers: { cookie: viewer } },
    );
    expect(german.status).toBe(200);
    const text = (await german.text()).replace(/^\uFEFF/, '');
    const [header, line] = text.split('\r\n');
    expect(header!.split(';').length).toBeGreaterThan(5);
    expect(header).not.toContain(',');
    const rows = parseCsv(text, { columns: true, delimiter: ';' }) as Record<string, string>[];
    expect(rows[0]!['Payout amount']).toBe('1250,50');
    expect(line).toContain(';1250,50;');
    // Without a locale (a script, an integration): commas and points.
    const plain = await fetch(`${t.base}/api/index/transactions?product=sendf2f&format=csv`, {
      headers: { cookie: viewer },
    });
    const plainRows = parseCsv((await plain.text()).replace(/^\uFEFF/, ''), {
      columns: true,
    }) as Record<string, string>[];
    expect(plainRows[0]!['Payout amount']).toBe('1250.50');
  });

  it('names a locale it does not know', async () => {
    const wrong = await callApi(t.base, viewer, 'GET', '/index/merchants?format=csv&locale=xx_YY!');
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toEqual([
      { field: 'locale', message: 'must be a locale such as de-DE or en-GB' },
    ]);
  });
});

describe('a person’s formats', () => {
  it('are chosen, carried by the session, and cleared back to the browser’s', async () => {
    const set = await callApi(t.base, viewer, 'PUT', '/account/formats', {
      locale: 'de-DE',
      timeZone: 'Europe/Berlin',
    });
    expect(set.status).toBe(200);
    const session = await callApi(t.base, viewer, 'GET', '/session');
    expect(session.json.user).toMatchObject({ locale: 'de-DE', timeZone: 'Europe/Berlin' });
    const cleared = await callApi(t.base, viewer, 'PUT', '/account/formats', {
      locale: null,
      timeZone: null,
    });
    expect(cleared.json).toEqual({ locale: null, timeZone: null });
    expect((await callApi(t.base, viewer, 'GET', '/session')).json.user).toMatchObject({
      locale: null,
      timeZone: null,
    });
  });

  it('names a locale or zone Intl does not know, and keeps what was saved', async () => {
    await callApi(t.base, viewer, 'PUT', '/account/formats', { locale: 'fr-FR', timeZone: null });
    const wrong = await callApi(t.base, viewer, 'PUT', '/account/formats', {
      locale: 'not a locale!',
      timeZone: 'Europe/Atlantis',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toEqual([
      { field: 'locale', message: 'must be a locale such as de-DE or en-GB' },
      { field: 'timeZone', message: 'must be a time zone such as Europe/Berlin' },
    ]);
    expect((await callApi(t.base, viewer, 'GET', '/session')).json.user.locale).toBe('fr-FR');
  });
});
