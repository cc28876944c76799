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
  /** Whose statement, in words: the partner's records and where they were read from. */
  owner: string;
  generatedAt: number;
}

type Cell = string | number;
/**
 * What a column holds, so that a spreadsheet gets it as a value of its kind (decision 068): a
 * time (a date cell in the statement's zone), an amount in a currency (a number shown with that
 * currency's decimals), a rate or a percentage (a number with its own digits), or text.
 */
type Kind =
  | { type: 'text' }
  | { type: 'time' }
  | { type: 'amount'; currency: (l: StatementLine) => string }
  | { type: 'rate' };
interface Column {
  header: string;
  value: (l: StatementLine) => Cell;
  kind: Kind;
  width: number;
}

const TEXT: Kind = { type: 'text' };

/** Every column, one per fact, in words a person reads (the ids are the API's). */
function columnsOf(currency: string): Column[] {
  const inStatement: Kind = { type: 'amount', currency: () => currency };
  const deposit: Kind = { type: 'amount', currency: (l) => l.depositCurrency };
  const payout: Kind = { type: 'amount', currency: (l) => l.payoutCurrency };
  return [
    { header: 'Completed', value: (l) => l.completed, kind: { type: 'time' }, width: 20 },
    { header: 'Created', value: (l) => l.created, kind: { type: 'time' }, width: 20 },
    { header: 'Product', value: (l) => l.product, kind: TEXT, width: 20 },
    { header: 'Transaction', value: (l) => l.id, kind: TEXT, width: 12 },
    { header: 'Merchant', value: (l) => l.merchant, kind: TEXT, width: 30 },
    { header: 'Recipient', value: (l) => l.recipient, kind: TEXT, width: 30 },
    { header: 'Account', value: (l) => l.account, kind: TEXT, width: 12 },
    { header: 'Purpose', value: (l) => l.purpose, kind: TEXT, width: 22 },
    { header: 'Reference or wallet', value: (l) => l.reference, kind: TEXT, width: 36 },
    { header: `Deposited (${currency})`, value: (l) => l.moneyIn, kind: inStatement, width: 16 },
    { header: `Paid out (${currency})`, value: (l) => l.moneyOut, kind: inStatement, width: 16 },
    { header: 'Deposit amount', value: (l) => l.depositAmount, kind: deposit, width: 18 },
    { header: 'Deposit currency', value: (l) => l.depositCurrency, kind: TEXT, width: 14 },
    { header: 'Payout amount', value: (l) => l.payoutAmount, kind: payout, width: 18 },
    { header: 'Payout currency', value: (l) => l.payoutCurrency, kind: TEXT, width: 14 },
    { header: 'Rate', value: (l) => l.rate, kind: { type: 'rate' }, width: 16 },
    { header: 'Fee (deposit currency)', value: (l) => l.fee, kind: deposit, width: 18 },
    { header: 'Markup (%)', value: (l) => l.markup, kind: { type: 'rate' }, width: 12 },
  ];
}

/** A currency's number format in a spreadsheet: its decimals, grouped. */
const moneyFormat = (symbol: string) => {
  const decimals = decimalsOf(symbol);
  return decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0';
};

/**
 * An ISO time with its offset ("2025-10-15T01:30:00+02:00") as a spreadsheet's date: the same
 * wall-clock time, since a spreadsheet's dates have no zone (the header says which it is).
 */
function wallClock(iso: Cell): Cell | Date {
  if (typeof iso !== 'string' || iso.length < 19) return iso;
  const at = Date.parse(`${iso.slice(0, 19)}Z`);
  return Number.isNaN(at) ? iso : new Date(at);
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
  const money = moneyFormat(summary.currency);
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
      ['Whose', ctx.owner],
      ['Records', ctx.environment],
      ['From', new Date(summary.from).toISOString()],
      ['To (not included)', new Date(summary.to).toISOString()],
      ['Time zone of the lines', ctx.tz],
      ['Transactions', summary.count],
      [`Deposited (${summary.currency})`, spreadsheetAmount(summary.deposited)],
      [`Paid out (${summary.currency})`, spreadsheetAmount(summary.paidOut)],
      ['Made', new Date(ctx.generatedAt).toISOString()],
    ];
    for (const row of rows) {
      const added = head.addRow(row);
      if (typeof row[1] === 'number' && row[0] !== 'Transactions') added.getCell(2).numFmt = money;
      added.commit();
    }
    head.getColumn('v').alignment = { horizontal: 'left' };
    head.commit();

    const columns = columnsOf(summary.currency).map((c) =>
      c.kind.type === 'time' ? { ...c, header: `${c.header} (${ctx.tz})` } : c,
    );
    const sheet = workbook.addWorksheet('Lines', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((c, i) => ({
      header: c.header,
      key: String(i),
      width: c.width,
      style: c.kind.type === 'time' ? { numFmt: 'yyyy-mm-dd hh:mm:ss' } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    for await (const page of ctx.pages)
      for (const line of page) {
        const row = sheet.addRow(
          columns.map((c) => {
            const value = c.value(line);
            if (c.kind.type === 'time') return wallClock(value);
            if (c.kind.type === 'text') return value;
            return spreadsheetAmount(value);
          }),
        );
        // Each amount with its own currency's decimals: 13,497.454799 USDT is not 13,497.45.
        columns.forEach((c, i) => {
          if (c.kind.type === 'amount')
            row.getCell(i + 1).numFmt = moneyFormat(c.kind.currency(line));
          if (c.kind.type === 'rate') row.getCell(i + 1).numFmt = '0.0###########';
        });
        row.commit();
      }
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
      text: (l: StatementLine) =>
        inCurrency(l.depositAmount, l.depositCurrency) +
        (l.fee ? `\nfee ${formatDecimal(l.fee, decimalsOf(l.depositCurrency), ctx.locale)}` : ''),
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
    .text(ctx.owner)
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
