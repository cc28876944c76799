// The bulk payout templates (docs/decisions/033): per product, a CSV and an XLSX file with the
// columns people fill in. The XLSX's text columns are formatted as text, so a spreadsheet keeps
// an account number's leading zeros; its second sheet says what each column takes.
import { excel } from '../lazy-packages';
import { PURPOSES, type Product } from '#/api/schemas/transaction';
import { type BatchColumn, NOTE_COLUMN, REQUIRED_COLUMNS, columnsOf } from '#/api/batches';
import { csvCell, defuseFormula } from '#/api/csv';
import { SLUG_OF } from '#/api/products';
import { BATCH_ROW_LIMIT, COLUMN_HELP } from './file';

export interface TemplateFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** Text columns: typed digits stay text (leading zeros, long numbers). */
const TEXT_COLUMNS = new Set(['merchant', 'payout_account', 'reference']);

/** A row of a file the dashboard writes: its cells and, in a last column, what to fix. */
export interface WrittenRow {
  values: Record<BatchColumn, string>;
  note: string;
}

/**
 * A bulk file of `product`'s columns: the template (no rows), or rows given back to fix and
 * upload again (with a last column of problems, which an upload ignores).
 */
export async function writeBatchFile(
  product: Product,
  format: 'csv' | 'xlsx',
  name: string,
  rows: readonly WrittenRow[] = [],
): Promise<TemplateFile> {
  const columns = columnsOf(product);
  const header: string[] = rows.length > 0 ? [...columns, NOTE_COLUMN] : [...columns];
  const cellsOf = (r: WrittenRow) => [...columns.map((c) => r.values[c]), r.note];
  if (format === 'csv')
    return {
      fileName: `${name}.csv`,
      contentType: 'text/csv; charset=utf-8',
      // With a BOM, so that a spreadsheet opens it as UTF-8.
      bytes: Buffer.from(
        `\uFEFF${[header, ...rows.map(cellsOf)].map((line) => line.map((cell) => csvCell(cell)).join(',')).join('\r\n')}\r\n`,
        'utf8',
      ),
    };
  const ExcelJS = await excel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Rows');
  sheet.columns = header.map((key) => ({
    header: key,
    key,
    width: key === NOTE_COLUMN ? 60 : Math.max(16, key.length + 4),
    style: TEXT_COLUMNS.has(key) || rows.length > 0 ? { numFmt: '@' } : {},
  }));
  // Every cell as text, through the same formula guard as the CSV.
  for (const r of rows) sheet.addRow(cellsOf(r).map(defuseFormula));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  if (rows.length === 0) {
    const help = workbook.addWorksheet('How to fill it in');
    help.columns = [
      { header: 'Column', key: 'column', width: 26 },
      { header: 'Required', key: 'required', width: 10 },
      { header: 'What it takes', key: 'help', width: 90 },
    ];
    help.getRow(1).font = { bold: true };
    for (const column of columns)
      help.addRow({
        column,
        required: REQUIRED_COLUMNS.includes(column) ? 'yes' : 'no',
        help: COLUMN_HELP[column],
      });
    help.addRow({});
    help.addRow({ column: 'Purposes', help: PURPOSES.join(', ') });
    help.addRow({
      column: 'Limits',
      help: `At most ${BATCH_ROW_LIMIT.toLocaleString('en')} rows. Amounts with a decimal point or a decimal comma, as the file uses throughout.`,
    });
  }
  return {
    fileName: `${name}.${format}`,
    contentType:
      format === 'xlsx'
        ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
        : 'text/csv; charset=utf-8',
    bytes: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}

/** A product's template, CSV or XLSX. */
export const batchTemplate = (product: Product, format: 'csv' | 'xlsx') =>
  writeBatchFile(product, format, `bulk-${SLUG_OF[product]}-template`);
