// Reading bulk payout files as people save them: commas or semicolons, with or without a BOM,
// decimal points or commas, account numbers with leading zeros, XLSX numbers and dates; and the
// templates read back as files the same reader takes.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { BATCH_ROW_LIMIT, readBatchFile } from './file';
import { batchTemplate } from './template';
import { BATCH_UPLOAD } from '#/api/batches';
import { BATCH_HEADER } from '#/api/testing';
import { partsOf, zipOf } from '../files/testing';
import { englishOfText } from '#/i18n/words';
import type { FileProblem } from '#/api/batches';

/** Problems as they read in English (they are kept as codes of words). */
const inEnglish = (problems: readonly FileProblem[]) =>
  problems.map((p) => ({ ...p, message: englishOfText(p.message) }));

const csv = (text: string) => Buffer.from(text, 'utf8');

async function xlsx(rows: unknown[][], textColumns: number[] = []) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Rows');
  for (const column of textColumns) sheet.getColumn(column).numFmt = '@';
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('CSV', () => {
  it('reads a comma file with a BOM, keeping leading zeros and quoted commas', async () => {
    const file = await readBatchFile(
      csv(
        `\uFEFF${BATCH_HEADER}\r\n1,0012345678,USDT(TRC20),"1,250.50",SUPPLIER_PAYMENT,"INV 7, March"\r\n`,
      ),
    );
    expect(file.refused).toEqual([]);
    expect(file.format).toBe('csv');
    expect(file.rows).toEqual([
      {
        row: 2,
        values: {
          merchant: '1',
          payout_account: '0012345678',
          deposit_currency: 'USDT(TRC20)',
          payout_amount: '1,250.50',
          purpose: 'SUPPLIER_PAYMENT',
          reference: 'INV 7, March',
          invoice_url: '',
          deposit_confirmation_url: '',
        },
      },
    ]);
    expect(file.decimal).toBe('.');
    expect(file.amounts.get(2)).toBe('1250.50');
  });

  it('reads a semicolon file with decimal commas, as a German spreadsheet saves it', async () => {
    const file = await readBatchFile(
      csv(
        `${BATCH_HEADER.replaceAll(',', ';')}\n` +
          'Lumen Textiles GmbH;DE89370400440532013000;USD;1.250,50;SALARY;Lohn 11\n' +
          'Lumen Textiles GmbH;DE89370400440532013000;USD;980;SALARY;Lohn 12\n',
      ),
    );
    expect(file.refused).toEqual([]);
    expect(file.decimal).toBe(',');
    expect([...file.amounts.values()]).toEqual(['1250.50', '980']);
    expect(file.rows[1]!.values.reference).toBe('Lohn 12');
  });

  it('takes headers as people write them, in any order, with blank lines between rows', async () => {
    const file = await readBatchFile(
      csv('Payout Amount,Purpose,Merchant,Payout-Account,Deposit currency\n\n12.5,OTHER,3,7,USD\n'),
    );
    expect(file.refused).toEqual([]);
    expect(file.rows[0]).toMatchObject({
      row: 2,
      values: { merchant: '3', payout_account: '7', payout_amount: '12.5', purpose: 'OTHER' },
    });
  });

  it('names an amount it cannot read, and keeps the row to be fixed', async () => {
    const file = await readBatchFile(
      csv(`${BATCH_HEADER}\n1,7,USD,12.5.3,OTHER,\n1,7,USD,abc,OTHER,\n1,7,USD,,OTHER,\n`),
    );
    expect(file.rows).toHaveLength(3);
    expect(inEnglish(file.problems)).toEqual([
      {
        row: 2,
        column: 'payout_amount',
        message:
          'payout_amount "12.5.3" must be a number such as 1250.50 (grouping such as 12,500.50 is fine).',
      },
      {
        row: 3,
        column: 'payout_amount',
        message:
          'payout_amount "abc" must be a number such as 1250.50 (grouping such as 12,500.50 is fine).',
      },
    ]);
  });

  it('says when amounts mix decimal points and commas', async () => {
    const file = await readBatchFile(
      csv(`${BATCH_HEADER}\n1,7,USD,"12,50",OTHER,\n1,7,USD,"13,75",OTHER,\n1,7,USD,9.5,OTHER,\n`),
    );
    expect(file.decimal).toBe(',');
    expect(englishOfText(file.problems[0]!.message)).toMatch(
      /mix decimal points and decimal commas/,
    );
    // The minority row is not silently misread: it is named.
    expect(file.problems).toContainEqual(expect.objectContaining({ row: 4 }));
  });

  it.each([
    ['an empty file', '', 'The file is empty.'],
    ['a header only', `${BATCH_HEADER}\n`, 'The file has no rows under its header.'],
    [
      'an unknown column',
      `${BATCH_HEADER},colour\n1,7,USD,1,OTHER,,red\n`,
      'The column "colour" is not one of the template\'s',
    ],
    [
      'a missing column',
      'merchant,payout_account,payout_amount,purpose\n1,7,1,OTHER\n',
      'The column deposit_currency is missing.',
    ],
    ['broken quotes', `${BATCH_HEADER}\n1,"7,USD,1,OTHER,\n`, 'The file is not valid CSV'],
  ])('refuses %s, saying why', async (_, text, message) => {
    const file = await readBatchFile(csv(text));
    expect(file.rows).toEqual([]);
    expect(file.refused.map((p) => englishOfText(p.message)).join(' ')).toContain(message);
  });

  it('refuses a file that is not UTF-8', async () => {
    const latin1 = Buffer.from(`${BATCH_HEADER}\n1,7,USD,1,OTHER,Gr\xfc\xdfe\n`, 'latin1');
    const file = await readBatchFile(latin1);
    expect(englishOfText(file.refused[0]!.message)).toMatch(/not UTF-8/);
  });

  it(`refuses more than ${BATCH_ROW_LIMIT} rows whole`, async () => {
    const rows = Array.from({ length: BATCH_ROW_LIMIT + 1 }, (_, i) => `1,7,USD,${i + 1},OTHER,`);
    const file = await readBatchFile(csv(`${BATCH_HEADER}\n${rows.join('\n')}\n`));
    expect(file.rows).toEqual([]);
    expect(inEnglish(file.refused)).toEqual([
      { message: 'The file has 1,001 rows; a batch takes at most 1,000. Split it in two.' },
    ]);
    const most = await readBatchFile(csv(`${BATCH_HEADER}\n${rows.slice(1).join('\n')}\n`));
    expect(most.rows).toHaveLength(BATCH_ROW_LIMIT);
  });
});

describe('XLSX', () => {
  it('reads text, numbers and dates as text; an account typed as text keeps its zeros', async () => {
    const file = await readBatchFile(
      await xlsx(
        [
          BATCH_HEADER.split(','),
          ['Lumen Textiles GmbH', '0012345678', 'USDT(TRC20)', 1250.5, 'SUPPLIER_PAYMENT', 2026],
          [12, 7, 'USD', 0.1 + 0.2, 'OTHER', new Date(Date.UTC(2026, 10, 20))],
        ],
        [2],
      ),
    );
    expect(file.refused).toEqual([]);
    expect(file.format).toBe('xlsx');
    expect(file.rows.map((r) => r.values)).toMatchObject([
      { merchant: 'Lumen Textiles GmbH', payout_account: '0012345678', reference: '2026' },
      { merchant: '12', payout_account: '7', reference: '2026-11-20' },
    ]);
    // A spreadsheet's number as it was typed, without float noise.
    expect([...file.amounts.values()]).toEqual(['1250.5', '0.3']);
  });

  it('refuses a workbook whose first sheet lacks the columns', async () => {
    const file = await readBatchFile(
      await xlsx([
        ['name', 'amount'],
        ['x', 1],
      ]),
    );
    expect(file.refused.length).toBeGreaterThan(0);
  });
});

describe('hostile XLSX files', () => {
  const HOSTILE_ROWS = [
    BATCH_HEADER.split(','),
    ['Lumen Textiles GmbH', 'ACC', 'USD', 10, 'OTHER', 'R'],
  ];
  const refusal = async (bytes: Buffer) => {
    const file = await readBatchFile(bytes);
    expect(file.rows).toEqual([]);
    return file.refused.map((p) => englishOfText(p.message)).join(' ');
  };

  it('reads a workbook a spreadsheet program wrote, through the same checks', async () => {
    const again = zipOf(await partsOf(await xlsx(HOSTILE_ROWS)));
    expect((await readBatchFile(again)).refused).toEqual([]);
  });

  it.each([
    ['a DOCTYPE with an external entity', '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>'],
    [
      'an entity-expansion bomb',
      '<!DOCTYPE lol [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;">]>',
    ],
    ['a DOCTYPE in lower case', '<!doctype worksheet>'],
  ])('refuses a sheet with %s before any parser sees it', async (_name, declaration) => {
    const parts = await partsOf(await xlsx(HOSTILE_ROWS));
    const sheet = parts.find((p) => p.name === 'xl/worksheets/sheet1.xml')!;
    sheet.content = String(sheet.content).replace(/^(<\?xml[^>]*\?>)/, `$1${declaration}`);
    expect(await refusal(zipOf(parts))).toMatch(
      /^The part xl\/worksheets\/sheet1\.xml declares a document type \(DTD\)/,
    );
  });

  it('refuses a DTD hidden in UTF-16', async () => {
    const parts = await partsOf(await xlsx(HOSTILE_ROWS));
    const types = parts.find((p) => p.name === '[Content_Types].xml')!;
    types.content = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(
        '<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE t SYSTEM "http://x/">',
        'utf16le',
      ),
    ]);
    expect(await refusal(zipOf(parts))).toMatch(/declares a document type/);
  });

  it('refuses a small file that unpacks to more than 50 MB, whether it says so or lies', async () => {
    const zeros = Buffer.alloc(60 * 1024 * 1024);
    const honest = zipOf([{ name: 'xl/worksheets/sheet1.xml', content: zeros }]);
    expect(honest.length).toBeLessThan(BATCH_UPLOAD.maxBytes);
    expect(await refusal(honest)).toMatch(/^The file unpacks to more than 50 MB/);
    const lying = zipOf([{ name: 'xl/worksheets/sheet1.xml', content: zeros, declaredSize: 1000 }]);
    expect(await refusal(lying)).toMatch(/^The file unpacks to more than 50 MB/);
  });

  it('refuses an archive of too many parts, a damaged one, and a cut one', async () => {
    const many = zipOf(
      Array.from({ length: BATCH_UPLOAD.maxParts + 1 }, (_, i) => ({
        name: `p${i}.txt`,
        content: 'x',
      })),
    );
    expect(await refusal(many)).toBe(
      'The file holds 1,001 parts; a spreadsheet takes at most 1,000.',
    );
    const good = await xlsx(HOSTILE_ROWS);
    expect(await refusal(good.subarray(0, good.length - 40))).toMatch(/not a complete ZIP archive/);
    const damaged = zipOf([
      { name: 'a.xml', content: Buffer.from('not deflate data'), stored: true },
    ]);
    damaged.writeUInt16LE(8, damaged.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 10);
    expect(await refusal(damaged)).toMatch(/^The part a\.xml of the file is damaged/);
    // A ZIP that is not a workbook at all.
    expect(await refusal(zipOf([{ name: 'hello.txt', content: 'hello' }]))).toMatch(
      /could not be read as an XLSX workbook|no header row/,
    );
  });
});

describe('templates', () => {
  it.each(['sendc2f', 'sendf2f', 'receive'] as const)(
    '%s: the CSV and the XLSX are read back as files with no rows yet',
    async (product) => {
      for (const format of ['csv', 'xlsx'] as const) {
        const template = await batchTemplate(product, format);
        expect(template.fileName).toMatch(new RegExp(`^bulk-[a-z-]+-template\\.${format}$`));
        const file = await readBatchFile(template.bytes);
        expect(file.format).toBe(format);
        // Only "no rows" stops it: every column is known and every required one is there.
        expect(inEnglish(file.refused)).toEqual([
          { message: 'The file has no rows under its header.' },
        ]);
      }
    },
  );

  it('formats the XLSX account column as text and explains each column', async () => {
    const template = await batchTemplate('sendc2f', 'xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.bytes as unknown as ArrayBuffer);
    const [rows, help] = workbook.worksheets;
    expect(rows!.getColumn(2).numFmt).toBe('@');
    expect(help!.name).toBe('How to fill it in');
    expect(String(help!.getRow(3).getCell(3).value)).toMatch(/IBAN or account number/);
    // A collection has no deposit confirmation at creation.
    const collections = await batchTemplate('receive', 'csv');
    expect(collections.bytes.toString('utf8')).not.toContain('deposit_confirmation_url');
  });
});
