// A statement as a file (docs/decisions/037), streamed a page of lines at a time: CSV (UTF-8
// with a BOM, for spreadsheets), XLSX (a summary sheet, then the lines, amounts as numbers where
// a spreadsheet holds them exactly) and PDF (A4 across, laid out for print: the period and
// totals on top, a table whose header repeats on every page, numbered pages).
import { createRequire } from 'node:module';
import { PassThrough, Readable } from 'node:stream';
import Decimal from 'decimal.js';
import type PDFDocument from 'pdfkit';
import { excel, pdfkit } from '../lazy-packages';
import { csvDialectOf, csvHeaderOf, csvRowOf } from '#/api/csv';
import { formatDecimal } from '#/api/formats';
import { decimalsOf } from '#/api/money';
import type { StatementFormat, StatementSummary } from '#/api/statements';
import type { StatementLine } from './lines';

export interface StatementFile {
  contentType: string;
  extension: string;
  body: Readable;
}

export interface StatementContext {
  summary: StatementSummary;
  /** The lines, a page at a time, oldest first. */
  pages: AsyncIterable<StatementLine[]>;
  tz: string;
  locale: string;
  /** Whose records: "Sandbox" or "Live". */
  environment: string;
  generatedAt: number;
}

type Cell = string | number;
interface Column {
  header: string;
  value: (l: StatementLine) => Cell;
  /** An amount: a number in XLSX where exact, aligned right in the PDF. */
  amount?: boolean;
  width: number;
}

/** Every column, in words first and the raw codes after (for machines). */
function columnsOf(currency: string): Column[] {
  return [
    { header: 'Completed', value: (l) => l.completed, width: 26 },
    { header: 'Created', value: (l) => l.created, width: 26 },
    { header: 'Product', value: (l) => l.product, width: 20 },
    { header: 'Transaction', value: (l) => l.id, width: 12 },
    { header: 'Merchant', value: (l) => l.merchant, width: 30 },
    { header: 'Recipient', value: (l) => l.recipient, width: 30 },
    { header: 'Account', value: (l) => l.account, width: 12 },
    { header: 'Purpose', value: (l) => l.purpose, width: 22 },
    { header: 'Reference or wallet', value: (l) => l.reference, width: 36 },
    { header: `Deposited (${currency})`, value: (l) => l.moneyIn, amount: true, width: 16 },
    { header: `Paid out (${currency})`, value: (l) => l.moneyOut, amount: true, width: 16 },
    { header: 'Deposit amount', value: (l) => l.depositAmount, amount: true, width: 16 },
    { header: 'Deposit currency', value: (l) => l.depositCurrency, width: 14 },
    { header: 'Payout amount', value: (l) => l.payoutAmount, amount: true, width: 16 },
    { header: 'Payout currency', value: (l) => l.payoutCurrency, width: 14 },
    { header: 'Rate', value: (l) => l.rate, width: 14 },
    { header: 'product', value: (l) => l.raw.product, width: 10 },
    { header: 'clientStatus', value: (l) => l.raw.status, width: 20 },
    { header: 'purpose', value: (l) => l.raw.purpose, width: 20 },
    { header: 'completedAtMs', value: (l) => l.completedAt, width: 16 },
    { header: 'creationTimeMs', value: (l) => l.raw.creationTime, width: 16 },
  ];
}

/** The file's name: statement-EUR-2026-10-01-2026-10-31.csv (the last day, not the end). */
export function statementFileName(
  summary: StatementSummary,
  days: { first: string; last: string },
  extension: string,
) {
  const currency = summary.currency.replace(/[^A-Za-z0-9]/g, '');
  return `statement-${currency}-${days.first}-${days.last}.${extension}`;
}

async function* csvText(ctx: StatementContext) {
  const columns = columnsOf(ctx.summary.currency).map((c) => [c.header, c.value] as const);
  const dialect = csvDialectOf(ctx.locale);
  yield `\uFEFF${csvHeaderOf(columns, dialect)}`;
  for await (const page of ctx.pages) yield page.map((l) => csvRowOf(l, columns, dialect)).join('');
}

/** A decimal string as an XLSX number when a spreadsheet's double holds it exactly, else text. */
function spreadsheetAmount(amount: Cell): Cell {
  if (typeof amount !== 'string' || amount === '') return amount;
  const n = Number(amount);
  return Number.isFinite(n) && new Decimal(n).equals(amount) ? n : amount;
}

function xlsxStream(ctx: StatementContext): Readable {
  const out = new PassThrough();
  const { summary } = ctx;
  const decimals = decimalsOf(summary.currency);
  const money = decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0';
  void (async () => {
    const ExcelJS = await excel();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
    const head = workbook.addWorksheet('Summary');
    head.columns = [
      { header: 'Statement', key: 'k', width: 26 },
      { header: summary.currency, key: 'v', width: 40 },
    ];
    head.getRow(1).font = { bold: true };
    const rows: Array<[string, Cell]> = [
      ['Records', ctx.environment],
      ['From', new Date(summary.from).toISOString()],
      ['To (not included)', new Date(summary.to).toISOString()],
      ['Time zone of the lines', ctx.tz],
      ['Transactions', summary.count],
      [`Deposited (${summary.currency})`, spreadsheetAmount(summary.deposited)],
      [`Paid out (${summary.currency})`, spreadsheetAmount(summary.paidOut)],
      ['Made', new Date(ctx.generatedAt).toISOString()],
    ];
    for (const row of rows) head.addRow(row).commit();
    head.getColumn('v').alignment = { horizontal: 'left' };
    head.commit();

    const columns = columnsOf(summary.currency);
    const sheet = workbook.addWorksheet('Lines', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((c, i) => ({
      header: c.header,
      key: String(i),
      width: c.width,
      style: c.amount ? { numFmt: money } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    for await (const page of ctx.pages)
      for (const line of page)
        sheet
          .addRow(columns.map((c) => (c.amount ? spreadsheetAmount(c.value(line)) : c.value(line))))
          .commit();
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

const fontFile = (weight: string) =>
  createRequire(import.meta.url).resolve(
    `@expo-google-fonts/noto-sans/${weight}/NotoSans_${weight}.ttf`,
  );

/** The PDF's columns: what a reader checks a line by, in points across an A4 page. */
function pdfColumns(ctx: StatementContext) {
  const { currency } = ctx.summary;
  const when = new Intl.DateTimeFormat(ctx.locale, {
    timeZone: ctx.tz,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const amount = (value: string) =>
    value ? formatDecimal(value, decimalsOf(currency), ctx.locale) : '';
  const inCurrency = (value: string, symbol: string) =>
    value ? `${formatDecimal(value, decimalsOf(symbol), ctx.locale)} ${symbol}` : '';
  return [
    { header: 'Completed', width: 80, text: (l: StatementLine) => when.format(l.completedAt) },
    { header: 'Transaction', width: 80, text: (l: StatementLine) => `${l.product} #${l.id}` },
    { header: 'Merchant', width: 100, text: (l: StatementLine) => l.merchant },
    {
      header: 'Recipient',
      width: 100,
      text: (l: StatementLine) => `${l.recipient}${l.account ? ` ${l.account}` : ''}`,
    },
    { header: 'Reference or wallet', width: 104, text: (l: StatementLine) => l.reference },
    {
      header: 'Deposit',
      width: 84,
      right: true,
      text: (l: StatementLine) => inCurrency(l.depositAmount, l.depositCurrency),
    },
    {
      header: 'Rate',
      width: 70,
      text: (l: StatementLine) =>
        l.rate
          ? `${formatDecimal(l.rate, 0, ctx.locale)} ${l.payoutCurrency}/${l.depositCurrency}`
          : '',
    },
    {
      header: `Deposited (${currency})`,
      width: 68,
      right: true,
      text: (l: StatementLine) => amount(l.moneyIn),
    },
    {
      header: `Paid out (${currency})`,
      width: 68,
      right: true,
      text: (l: StatementLine) => amount(l.moneyOut),
    },
  ];
}

/** The PDF, as a stream at once; pdfkit is loaded on the first statement asked for. */
function pdfStream(ctx: StatementContext): Readable {
  const out = new PassThrough();
  pdfkit().then(
    (PDF) => {
      const doc = pdfDocument(PDF, ctx);
      doc.on('error', (error) => out.destroy(error));
      doc.pipe(out);
    },
    (error: unknown) => out.destroy(error as Error),
  );
  return out;
}

function pdfDocument(PDF: typeof PDFDocument, ctx: StatementContext): PDFKit.PDFDocument {
  const { summary } = ctx;
  const doc = new PDF({
    size: 'A4',
    layout: 'landscape',
    margins: { top: 40, bottom: 40, left: 36, right: 36 },
    info: { Title: `Statement ${summary.currency}`, Creator: 'Partner payments dashboard' },
  });
  doc.registerFont('regular', fontFile('400Regular'));
  doc.registerFont('bold', fontFile('700Bold'));
  const columns = pdfColumns(ctx);
  const left = doc.page.margins.left;
  const bottom = () => doc.page.height - doc.page.margins.bottom - 18;
  // Dates in figures, as the lines have them: a month's name would be in the person's language
  // in the middle of English words ("Made 26. November 2026 um 15:09").
  const day = new Intl.DateTimeFormat(ctx.locale, { timeZone: ctx.tz, dateStyle: 'medium' });
  const moment = new Intl.DateTimeFormat(ctx.locale, {
    timeZone: ctx.tz,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const total = (value: string) => formatDecimal(value, decimalsOf(summary.currency), ctx.locale);
  let pageNumber = 1;

  const footer = () => {
    const y = doc.page.height - doc.page.margins.bottom - 10;
    // Written below the table's bottom: without the margin, so pdfkit does not start a page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('regular').fontSize(7).fillColor('#555');
    doc.text(
      `Statement ${summary.currency} · ${day.format(summary.from)} – ${day.format(summary.to - 1)} · Page ${pageNumber}`,
      left,
      y,
      { width: doc.page.width - left - doc.page.margins.right, align: 'right', lineBreak: false },
    );
    doc.fillColor('black');
    doc.page.margins.bottom = margin;
  };
  const tableHeader = () => {
    let x = left;
    const y = doc.y;
    doc.font('bold').fontSize(7.5);
    for (const c of columns) {
      doc.text(c.header, x + 2, y, { width: c.width - 4, align: c.right ? 'right' : 'left' });
      x += c.width;
    }
    const lineY = y + 12;
    doc.moveTo(left, lineY).lineTo(x, lineY).lineWidth(0.6).stroke();
    doc.y = lineY + 4;
    doc.font('regular').fontSize(7.5);
  };
  const newPage = () => {
    footer();
    doc.addPage();
    pageNumber += 1;
    doc.y = doc.page.margins.top;
    tableHeader();
  };
  const row = (cells: string[], bold = false) => {
    doc.font(bold ? 'bold' : 'regular').fontSize(7.5);
    const height = Math.max(
      ...cells.map((text, i) => doc.heightOfString(text || ' ', { width: columns[i]!.width - 4 })),
    );
    if (doc.y + height > bottom()) newPage();
    const y = doc.y;
    let x = left;
    cells.forEach((text, i) => {
      const c = columns[i]!;
      doc.text(text, x + 2, y, { width: c.width - 4, align: c.right ? 'right' : 'left' });
      x += c.width;
    });
    doc
      .moveTo(left, y + height + 1.5)
      .lineTo(x, y + height + 1.5)
      .lineWidth(0.3)
      .strokeColor('#bbb')
      .stroke()
      .strokeColor('black');
    doc.y = y + height + 4;
  };

  // The heading: what, whose, when, and the totals.
  doc.font('bold').fontSize(16).text(`Statement · ${summary.currency}`, left, doc.page.margins.top);
  doc
    .font('regular')
    .fontSize(9)
    .text(
      `${ctx.environment} records · ${day.format(summary.from)} – ${day.format(summary.to - 1)} · times in ${ctx.tz}`,
    )
    .text(`Made ${moment.format(ctx.generatedAt)}`)
    .moveDown(0.6);
  doc
    .font('bold')
    .text(
      `${summary.count.toLocaleString(ctx.locale)} transactions completed · deposited ${total(summary.deposited)} ${summary.currency} · paid out ${total(summary.paidOut)} ${summary.currency}`,
    )
    .moveDown(0.8);
  tableHeader();

  void (async () => {
    for await (const page of ctx.pages)
      for (const line of page) row(columns.map((c) => c.text(line)));
    if (summary.count === 0)
      row(['No transaction completed in this period.', ...columns.slice(1).map(() => '')]);
    doc.moveDown(0.3);
    row(
      [
        'Total',
        `${summary.count.toLocaleString(ctx.locale)} transactions`,
        '',
        '',
        '',
        '',
        '',
        total(summary.deposited),
        total(summary.paidOut),
      ],
      true,
    );
    footer();
    doc.end();
  })().catch((error: unknown) => doc.destroy(error as Error));
  return doc;
}

/** The statement in a format, as a stream to send. */
export function statementFile(format: StatementFormat, ctx: StatementContext): StatementFile {
  if (format === 'csv')
    return {
      contentType: 'text/csv; charset=utf-8',
      extension: 'csv',
      body: Readable.from(csvText(ctx)),
    };
  if (format === 'xlsx')
    return {
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      extension: 'xlsx',
      body: xlsxStream(ctx),
    };
  return { contentType: 'application/pdf', extension: 'pdf', body: pdfStream(ctx) };
}
