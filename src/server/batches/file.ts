// Reading a bulk payout file (docs/decisions/033): CSV (comma or semicolon, UTF-8 with or
// without BOM) or XLSX, into rows of text under the template's columns. Everything is kept as
// text, so account numbers keep their leading zeros; amounts are read with the decimal separator
// the file itself uses. Kept libraries do the parsing (csv-parse, exceljs).
import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { excel } from '../lazy-packages';
import {
  BATCH_COLUMNS,
  BATCH_UPLOAD,
  type BatchColumn,
  type FileProblem,
  NOTE_COLUMN,
  REQUIRED_COLUMNS,
} from '#/api/batches';
import { normalizeAmount } from '#/api/money';
import { undefuseFormula } from '#/api/csv';
import { bytesInWords } from '#/http/server';
import { zipRefusal } from '../files/safe-zip';
import { wordsCode } from '#/i18n/words';
import { FILE_REFUSED, ROW_PROBLEM } from './words';

/** A batch takes at most this many rows; a longer file is refused whole. */
export const BATCH_ROW_LIMIT = 1000;
/** The longest text a cell may hold (a name, an IBAN, a link); a longer one refuses the file. */
export const BATCH_CELL_LIMIT = 2000;

/** What each column holds, for the template's notes and for messages. */
export const COLUMN_HELP: Record<BatchColumn, string> = {
  merchant: 'The sender: its id, its registration number, or its exact name',
  payout_account: 'The account paid: its id, or the IBAN or account number of one of its accounts',
  deposit_currency: 'The currency the client deposits, such as USDT(TRC20) or USD',
  payout_amount: "The amount paid out, in the account's currency, such as 1250.50",
  purpose: 'One of the purposes, such as SUPPLIER_PAYMENT',
  reference: 'Your own reference for the row (optional); used to find duplicates',
  invoice_url: 'An http(s) link to the invoice (optional)',
  deposit_confirmation_url: 'An http(s) link to the deposit confirmation (optional)',
};

export interface BatchFileRow {
  /** The row's number in the file (the header is row 1). */
  row: number;
  values: Record<BatchColumn, string>;
}

export interface BatchFile {
  format: 'csv' | 'xlsx';
  rows: BatchFileRow[];
  /** Amounts as plain decimals ("1250.50"), by row number; absent where the amount is unreadable. */
  amounts: Map<number, string>;
  /** The file's decimal separator, as read from its amounts. */
  decimal: '.' | ',';
  /** Whatever stops the file from being read as a whole (nothing is kept then). */
  refused: FileProblem[];
  /** Per cell: what could not be read (the row stays, invalid, to be fixed). */
  problems: FileProblem[];
}

const XLSX_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Reads a file as a batch's rows: its format is told by its content, not its name. */
export async function readBatchFile(bytes: Buffer): Promise<BatchFile> {
  if (bytes.length === 0) return refusedFile('csv', wordsCode(FILE_REFUSED.empty));
  if (bytes.length > BATCH_UPLOAD.maxBytes)
    return refusedFile(
      'csv',
      wordsCode(FILE_REFUSED.tooLarge, { size: bytesInWords(BATCH_UPLOAD.maxBytes) }),
    );
  if (bytes.subarray(0, 4).equals(XLSX_SIGNATURE)) {
    const unsafe = zipRefusal(bytes, {
      maxEntries: BATCH_UPLOAD.maxParts,
      maxUnpackedBytes: BATCH_UPLOAD.maxUnpackedBytes,
    });
    if (unsafe) return refusedFile('xlsx', unsafe);
    let cells: string[][];
    try {
      cells = await xlsxCells(bytes);
    } catch {
      return refusedFile('xlsx', wordsCode(FILE_REFUSED.notXlsx));
    }
    return rowsOf('xlsx', cells, '.');
  }
  const text = utf8(bytes);
  if (text === undefined) return refusedFile('csv', wordsCode(FILE_REFUSED.notUtf8));
  const delimiter = delimiterOf(text);
  let cells: string[][];
  try {
    cells = parse(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return refusedFile(
      'csv',
      line ? wordsCode(FILE_REFUSED.notCsvNear, { row: line }) : wordsCode(FILE_REFUSED.notCsv),
    );
  }
  // A semicolon file comes from a spreadsheet that writes decimal commas, unless it says otherwise.
  return rowsOf('csv', cells, delimiter === ';' ? ',' : '.');
}

function refusedFile(format: BatchFile['format'], ...refused: (string | FileProblem)[]): BatchFile {
  return {
    format,
    rows: [],
    amounts: new Map(),
    decimal: '.',
    refused: refused.map((p) => (typeof p === 'string' ? { message: p } : p)),
    problems: [],
  };
}

function utf8(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** Comma or semicolon: whichever the header line holds more of, outside quotes. */
function delimiterOf(text: string): ',' | ';' {
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const bare = header.replace(/"[^"]*"/g, '');
  const count = (c: string) => bare.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** The first worksheet as text cells: numbers as written, dates as YYYY-MM-DD. */
async function xlsxCells(bytes: Buffer): Promise<string[][]> {
  const workbook = new (await excel()).Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const cells: string[][] = [];
  sheet?.eachRow({ includeEmpty: false }, (row) => {
    const values: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      values[column - 1] = cellText(cell.value);
    });
    cells.push(Array.from(values, (v) => v ?? ''));
  });
  return cells.filter((row) => row.some((v) => v !== ''));
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'string' || typeof value === 'boolean') return String(value).trim();
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((part) => part.text)
        .join('')
        .trim();
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text).trim();
    if ('error' in value) return '';
  }
  return '';
}

/** A spreadsheet number as its shortest exact decimal text (no exponent, no float noise). */
function numberText(value: number): string {
  if (Number.isInteger(value)) return BigInt(value).toString();
  return String(Number(value.toPrecision(15)));
}

/** Header names as people write them: "Payout amount", "payout-amount" → payout_amount. */
const keyOf = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

function columnOf(header: string): BatchColumn | undefined {
  const key = keyOf(header);
  return (BATCH_COLUMNS as readonly string[]).includes(key) ? (key as BatchColumn) : undefined;
}

function rowsOf(format: BatchFile['format'], cells: string[][], convention: '.' | ','): BatchFile {
  const [header, ...body] = cells;
  if (!header) return refusedFile(format, wordsCode(FILE_REFUSED.noHeader));
  const refused: FileProblem[] = [];
  const columns = header.map(columnOf);
  header.forEach((name, i) => {
    if (name.trim() !== '' && !columns[i] && keyOf(name) !== NOTE_COLUMN)
      refused.push({
        column: name,
        message: wordsCode(FILE_REFUSED.unknownColumn, { name, columns: BATCH_COLUMNS.join(', ') }),
      });
  });
  for (const required of REQUIRED_COLUMNS)
    if (!columns.includes(required))
      refused.push({
        column: required,
        message: wordsCode(FILE_REFUSED.missingColumn, { column: required }),
      });
  if (body.length === 0) refused.push({ message: wordsCode(FILE_REFUSED.noRows) });
  if (body.length > BATCH_ROW_LIMIT)
    refused.push({
      message: wordsCode(FILE_REFUSED.tooManyRows, { rows: body.length, max: BATCH_ROW_LIMIT }),
    });
  body.forEach((line, i) => {
    const j = line.findIndex((cell) => cell.length > BATCH_CELL_LIMIT);
    if (j >= 0 && refused.length < 5)
      refused.push({
        row: i + 2,
        ...(header[j] ? { column: header[j] } : {}),
        message: header[j]
          ? wordsCode(FILE_REFUSED.cellTooLong, {
              row: i + 2,
              column: header[j],
              length: line[j]!.length,
              max: BATCH_CELL_LIMIT,
            })
          : wordsCode(FILE_REFUSED.cellTooLongNoColumn, {
              row: i + 2,
              length: line[j]!.length,
              max: BATCH_CELL_LIMIT,
            }),
      });
  });
  if (refused.length > 0) return refusedFile(format, ...refused);

  const rows = body.map((line, i) => {
    const values = Object.fromEntries(BATCH_COLUMNS.map((c) => [c, ''])) as Record<
      BatchColumn,
      string
    >;
    columns.forEach((column, j) => {
      // A file the dashboard gave back carries its formula guard: taken off here.
      if (column) values[column] = undefuseFormula((line[j] ?? '').trim());
    });
    return { row: i + 2, values };
  });
  const { decimal, mixed } = decimalOf(
    rows.map((r) => r.values.payout_amount),
    convention,
  );
  const problems: FileProblem[] = [];
  if (mixed)
    problems.push({
      column: 'payout_amount',
      message: wordsCode(
        decimal === ',' ? ROW_PROBLEM.mixedDecimalsComma : ROW_PROBLEM.mixedDecimalsPoint,
      ),
    });
  const read = amountsOf(rows, decimal);
  return {
    format,
    rows,
    amounts: read.amounts,
    decimal,
    refused: [],
    problems: [...problems, ...read.problems],
  };
}

/** Each row's amount as a plain decimal, and the rows whose amount cannot be read. */
export function amountsOf(rows: readonly BatchFileRow[], decimal: '.' | ',') {
  const amounts = new Map<number, string>();
  const problems: FileProblem[] = [];
  for (const { row, values } of rows) {
    if (values.payout_amount === '') continue;
    // Read as the forms read amounts (src/api/money.ts), with the file's decimal mark.
    const read = normalizeAmount(values.payout_amount, decimal);
    if ('amount' in read) amounts.set(row, read.amount);
    else
      problems.push({
        row,
        column: 'payout_amount',
        message: wordsCode(unreadable(read.reason, decimal), {
          column: 'payout_amount',
          value: values.payout_amount,
        }),
      });
  }
  return { amounts, problems };
}

/** Why an amount could not be read (a reason of `normalizeAmount`), as a row's words. */
const unreadable = (reason: string, decimal: '.' | ',') =>
  reason === 'otherMark'
    ? ROW_PROBLEM[decimal === ',' ? 'amountNeedsComma' : 'amountNeedsPoint']
    : ROW_PROBLEM[decimal === ',' ? 'amountUnreadableComma' : 'amountUnreadablePoint'];

/**
 * The decimal separator the amounts are written with. An amount with both marks says it (the
 * later one); "12,5" or "12,50" says comma, "12.5" point; "1,250" alone could be either, and
 * then the file's convention decides.
 */
function decimalOf(
  amounts: readonly string[],
  convention: '.' | ',',
): { decimal: '.' | ','; mixed: boolean } {
  let comma = 0;
  let point = 0;
  for (const raw of amounts) {
    const text = raw.replace(/[\s'’]/g, '');
    const lastComma = text.lastIndexOf(',');
    const lastPoint = text.lastIndexOf('.');
    if (lastComma >= 0 && lastPoint >= 0) {
      if (lastComma > lastPoint) comma++;
      else point++;
    } else if (lastComma >= 0) {
      if (!/^\d{1,3}(,\d{3})+$/.test(text)) comma++;
    } else if (lastPoint >= 0) {
      if (!/^\d{1,3}(\.\d{3}){2,}$/.test(text)) point++;
    }
  }
  const mixed = comma > 0 && point > 0;
  if (comma > point) return { decimal: ',', mixed };
  if (point > comma) return { decimal: '.', mixed };
  return { decimal: convention, mixed };
}
