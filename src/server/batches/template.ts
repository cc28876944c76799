// The bulk payout templates (docs/decisions/033): per product, a CSV and an XLSX file with the
// columns people fill in. The XLSX's text columns are formatted as text, so a spreadsheet keeps
// an account number's leading zeros; its second sheet says what each column takes.
import ExcelJS from 'exceljs';
import { PURPOSES, type Product } from '#/api/schemas/transaction';
import { REQUIRED_COLUMNS } from '#/api/batches';
import { BATCH_ROW_LIMIT, COLUMN_HELP, columnsOf } from './file';

const PRODUCT_FILE_NAME: Record<Product, string> = {
  sendc2f: 'payouts',
  sendf2f: 'end-to-end',
  receive: 'collections',
};

export interface TemplateFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** Text columns: typed digits stay text (leading zeros, long numbers). */
const TEXT_COLUMNS = new Set(['merchant', 'payout_account', 'reference']);

export async function batchTemplate(
  product: Product,
  format: 'csv' | 'xlsx',
): Promise<TemplateFile> {
  const columns = columnsOf(product);
  const name = `bulk-${PRODUCT_FILE_NAME[product]}-template`;
  if (format === 'csv')
    return {
      fileName: `${name}.csv`,
      contentType: 'text/csv; charset=utf-8',
      // With a BOM, so that a spreadsheet opens it as UTF-8.
      bytes: Buffer.from(`\uFEFF${columns.join(',')}\r\n`, 'utf8'),
    };
  const workbook = new ExcelJS.Workbook();
  const rows = workbook.addWorksheet('Rows');
  rows.columns = columns.map((key) => ({
    header: key,
    key,
    width: Math.max(16, key.length + 4),
    style: TEXT_COLUMNS.has(key) ? { numFmt: '@' } : {},
  }));
  rows.getRow(1).font = { bold: true };
  rows.views = [{ state: 'frozen', ySplit: 1 }];
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
  return {
    fileName: `${name}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    bytes: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}
