// Statements through the dashboard server (docs/decisions/037): the summary, and each file read
// back by what a finance team would open it with (CSV by a CSV parser, XLSX by a spreadsheet
// library, the PDF's text), on the same lines; every wrong choice named on its field.
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '#/api/schemas/transaction';
import { completedRecord, eurInUsdOut } from '#/api/testing';
import { callApi, startTestDashboard, type TestDashboard } from './testing';

let t: TestDashboard;
let viewer: string;
const Z = (iso: string) => Date.parse(iso);
const OCTOBER = `from=${Z('2025-09-30T22:00:00Z')}&to=${Z('2025-10-31T23:00:00Z')}`;

const done = (id: number, completed: string, over: Partial<Transaction>) =>
  completedRecord(id, completed, over);

beforeAll(async () => {
  t = await startTestDashboard();
  viewer = (await t.signIn('viewer@demo.example')).cookie;
  await t.server.app.dashboard.index.putTransactions('sandbox', 'sendc2f', [
    done(3101, '2025-10-14T23:30:00Z', {
      toAmount: '12500.50',
      fromAmount: '13750.123456',
      walletDetails: { walletAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
      purpose: 'SUPPLIER_PAYMENT',
      rate: 0.9091191,
      referenceRate: 0.918262,
    }),
    done(3102, '2025-10-02T08:00:00Z', eurInUsdOut('REF-3102')),
  ]);
});
afterAll(() => t.close());

const file = async (query: string) => {
  const response = await fetch(`${t.base}/api/statements/file?${query}`, {
    headers: { cookie: viewer },
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
};
const EUR = `currency=EUR&${OCTOBER}&tz=Europe/Berlin`;

describe('statements', () => {
  it('sums up a currency’s period exactly', async () => {
    const summary = await callApi(t.base, viewer, 'GET', `/statements/summary?${EUR}`);
    expect(summary.status).toBe(200);
    expect(summary.json).toMatchObject({ count: 2, deposited: '460.05', paidOut: '12500.5' });
    expect(summary.json.currencies).toEqual(['EUR', 'USD', 'USDT(TRC20)']);
  });

  it('writes CSV a parser reads back: one column per fact, ISO times where the person is', async () => {
    const { response, bytes } = await file(`${EUR}&format=csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="statement-EUR-2025-10-01-2025-10-31.csv"',
    );
    const rows = parseCsv(bytes, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      Completed: '2025-10-02T10:00:00+02:00',
      Product: 'Payout',
      Transaction: '3102',
      'Reference or wallet': 'REF-3102',
      'Deposited (EUR)': '460.05',
      'Paid out (EUR)': '',
      'Deposit currency': 'EUR',
      'Payout amount': '500.00',
      'Payout currency': 'USD',
    });
    // One column per fact: no second, raw copy of the purpose, the status or the times.
    expect(Object.keys(rows[0]!)).not.toContain('purpose');
    expect(Object.keys(rows[0]!)).not.toContain('completedAtMs');
    expect(rows[1]).toMatchObject({
      Completed: '2025-10-15T01:30:00+02:00',
      Purpose: 'Supplier payment',
      'Reference or wallet': 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      'Paid out (EUR)': '12500.50',
      // The API's rate as it gave it, and the fee it includes as money.
      Rate: '0.9091191',
      'Fee (deposit currency)': '136.906313',
      'Markup (%)': '1.00',
    });
  });

  it('writes XLSX with a summary sheet and the lines, amounts as numbers', async () => {
    const { response, bytes } = await file(`${EUR}&format=xlsx`);
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Summary', 'Lines']);
    const summary = workbook.getWorksheet('Summary')!;
    const facts = new Map<string, unknown>();
    summary.eachRow((row) => facts.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(facts.get('Transactions')).toBe(2);
    expect(facts.get('Paid out (EUR)')).toBe(12500.5);
    const lines = workbook.getWorksheet('Lines')!;
    const header = (lines.getRow(1).values as unknown[]).slice(1);
    const second = (lines.getRow(3).values as unknown[]).slice(1);
    const cell = (name: string) => second[header.indexOf(name)];
    expect(cell('Transaction')).toBe(3101);
    expect(cell('Paid out (EUR)')).toBe(12500.5);
    expect(cell('Deposit amount')).toBe(13750.123456);
    // A date, as the wall clock of the statement's zone, which the header names.
    expect(cell('Completed (Europe/Berlin)')).toEqual(new Date('2025-10-15T01:30:00Z'));
    expect(cell('Rate')).toBe(0.9091191);
    // Each amount shown with its own currency's decimals.
    const format = (name: string) => lines.getRow(3).getCell(header.indexOf(name) + 1).numFmt;
    expect(format('Paid out (EUR)')).toBe('#,##0.00');
    expect(format('Deposit amount')).toBe('#,##0.000000');
    expect(format('Rate')).toBe('0.0###########');
    expect(facts.get('Whose')).toMatch(
      /^Sandbox records of the partner with API key …\w{4}, from the dashboard at http/,
    );
  });

  it('writes a PDF whose text has the period, the lines and the totals in the locale', async () => {
    const { response, bytes } = await file(`${EUR}&format=pdf&locale=de-DE`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
    expect(text).toContain('Statement · EUR');
    expect(text).toMatch(/Sandbox records of the partner with API key …\w{4}/);
    // Dates in figures: no German month names among English words.
    expect(text).toContain('01.10.2025 – 31.10.2025');
    expect(text).not.toMatch(/Oktober|November| um /);
    // The deposit of a payout whose deposit is in another currency, with that currency.
    expect(text).toMatch(/13\.750,123456\s+USDT\(TRC20\)/);
    expect(text).toContain('Payout #3101');
    expect(text).toContain('REF-3102');
    expect(text).toContain('12.500,50');
    expect(text).toContain('460,05');
    expect(text).toContain('Page 1');
  });

  it('writes the PDF, XLSX and CSV in the reader’s language; an integration reads English', async () => {
    await callApi(t.base, viewer, 'PUT', '/account/language', { language: 'de' });
    try {
      const { bytes } = await file(`${EUR}&format=pdf&locale=de-DE`);
      const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
      expect(text).toContain('Kontoauszug · EUR');
      expect(text).toMatch(/Sandbox-Daten des Partners mit dem API-Schlüssel …\w{4}/);
      expect(text).toContain('2 Transaktionen abgeschlossen · eingezahlt 460,05 EUR');
      expect(text).toContain('Seite 1');
      expect(text).not.toMatch(/Statement|Page 1|transactions completed/);
      const csv = (await file(`${EUR}&format=csv&locale=de-DE`)).bytes.toString('utf8');
      expect(csv.split('\n')[0]).toContain('Abgeschlossen;Erstellt;Produkt;Transaktion;Händler');
    } finally {
      await callApi(t.base, viewer, 'PUT', '/account/language', { language: null });
    }
    // No person's choice and a browser that asks for German: German; asking in none: English.
    const asked = async (headers: Record<string, string>) =>
      (
        await fetch(`${t.base}/api/statements/file?${EUR}&format=csv`, {
          headers: { cookie: viewer, ...headers },
        }).then((r) => r.text())
      ).split('\n')[0];
    expect(await asked({ 'accept-language': 'de-DE' })).toContain('Abgeschlossen');
    expect(await asked({})).toContain('Completed');
  });

  it('names each wrong choice', async () => {
    const fields = async (query: string) => {
      const answer = await callApi(t.base, viewer, 'GET', `/statements/file?${query}`);
      expect(answer.status).toBe(400);
      return (answer.json.errors as { field: string; message: string }[]).map(
        (e) => `${e.field} ${e.message}`,
      );
    };
    expect(await fields(OCTOBER)).toEqual(['currency is required']);
    expect(await fields(`${EUR}&format=docx`)).toEqual(['format must be csv, xlsx or pdf']);
    expect(await fields(`${EUR}&locale=xx-nope-123456789`)).toEqual([
      'locale must be a locale such as de-DE or en-GB',
    ]);
    expect(await fields(`currency=EUR&from=5&to=1`)).toEqual(['from must be before to']);
  });
});
