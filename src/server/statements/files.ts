// A statement as a file (docs/decisions/037), streamed a page of lines at a time: CSV (UTF-8
// with a BOM, for spreadsheets), XLSX (a summary sheet, then the lines, amounts as numbers where
// a spreadsheet holds them exactly) and PDF (A4 across, laid out for print: the period and
// totals on top, a table whose header repeats on every page, numbered pages).
import { said, type Said, type Words } from '#/i18n/words';
import { sayIn } from '../words';
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
  /** The language of its words (decision 091): the reader's, English for an integration. */
  language: string;
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
  header: Words;
  value: (l: StatementLine) => Cell;
  kind: Kind;
  width: number;
}

const TEXT: Kind = { type: 'text' };

/** A statement's words (decision 091). */
const W = {
  completed: /*i18n*/ { id: 'statement.completed', message: 'Completed' },
  created: /*i18n*/ { id: 'statement.created', message: 'Created' },
  product: /*i18n*/ { id: 'statement.product', message: 'Product' },
  transaction: /*i18n*/ { id: 'statement.transaction', message: 'Transaction' },
  merchant: /*i18n*/ { id: 'statement.merchant', message: 'Merchant' },
  recipient: /*i18n*/ { id: 'statement.recipient', message: 'Recipient' },
  account: /*i18n*/ { id: 'statement.account', message: 'Account' },
  purpose: /*i18n*/ { id: 'statement.purpose', message: 'Purpose' },
  reference: /*i18n*/ { id: 'statement.reference', message: 'Reference or wallet' },
  deposited: /*i18n*/ { id: 'statement.deposited', message: 'Deposited ({currency})' },
  paidOut: /*i18n*/ { id: 'statement.paidOut', message: 'Paid out ({currency})' },
  deposit: /*i18n*/ { id: 'statement.deposit', message: 'Deposit' },
  depositAmount: /*i18n*/ { id: 'statement.depositAmount', message: 'Deposit amount' },
  depositCurrency: /*i18n*/ { id: 'statement.depositCurrency', message: 'Deposit currency' },
  payoutAmount: /*i18n*/ { id: 'statement.payoutAmount', message: 'Payout amount' },
  payoutCurrency: /*i18n*/ { id: 'statement.payoutCurrency', message: 'Payout currency' },
  rate: /*i18n*/ { id: 'statement.rate', message: 'Rate' },
  fee: /*i18n*/ { id: 'statement.feeColumn', message: 'Fee (deposit currency)' },
  markup: /*i18n*/ { id: 'statement.markup', message: 'Markup (%)' },
  inZone: /*i18n*/ { id: 'statement.inZone', message: '{header} ({zone})' },
  summarySheet: /*i18n*/ { id: 'statement.summarySheet', message: 'Summary' },
  linesSheet: /*i18n*/ { id: 'statement.linesSheet', message: 'Lines' },
  statement: /*i18n*/ { id: 'statement.statement', message: 'Statement' },
  whose: /*i18n*/ { id: 'statement.whose', message: 'Whose' },
  records: /*i18n*/ { id: 'statement.records', message: 'Records' },
  from: /*i18n*/ { id: 'statement.from', message: 'From' },
  toExcluded: /*i18n*/ { id: 'statement.toExcluded', message: 'To (not included)' },
  zone: /*i18n*/ { id: 'statement.zone', message: 'Time zone of the lines' },
  transactions: /*i18n*/ { id: 'statement.transactions', message: 'Transactions' },
  made: /*i18n*/ { id: 'statement.made', message: 'Made' },
  title: /*i18n*/ { id: 'statement.title', message: 'Statement · {currency}' },
  footer: /*i18n*/ {
    id: 'statement.footer',
    message: 'Statement {currency} · {from} – {to} · Page {page}',
  },
  period: /*i18n*/ {
    id: 'statement.period',
    message: '{environment} records · {from} – {to} · times in {zone}',
  },
  madeAt: /*i18n*/ { id: 'statement.madeAt', message: 'Made {moment}' },
  totals: /*i18n*/ {
    id: 'statement.totals',
    message:
      '{count, plural, one {# transaction completed} other {# transactions completed}} · deposited {deposited} {currency} · paid out {paidOut} {currency}',
  },
  none: /*i18n*/ { id: 'statement.none', message: 'No transaction completed in this period.' },
  total: /*i18n*/ { id: 'statement.total', message: 'Total' },
  count: /*i18n*/ {
    id: 'statement.count',
    message: '{count, plural, one {# transaction} other {# transactions}}',
  },
  feeLine: /*i18n*/ { id: 'statement.fee', message: 'fee {fee}' },
} satisfies Record<string, Words>;

/** The statement's words in its language. */
const wordsOf = (ctx: StatementContext) => (words: Words, values?: Said['values']) =>
  sayIn(ctx.language, said(words, values));

/** Every column, one per fact, in words a person reads (the ids are the API's). */
function columnsOf(currency: string): Array<Column & { values?: Said['values'] }> {
  const inStatement: Kind = { type: 'amount', currency: () => currency };
  const deposit: Kind = { type: 'amount', currency: (l) => l.depositCurrency };
  const payout: Kind = { type: 'amount', currency: (l) => l.payoutCurrency };
  return [
    { header: W.completed, value: (l) => l.completed, kind: { type: 'time' }, width: 20 },
    { header: W.created, value: (l) => l.created, kind: { type: 'time' }, width: 20 },
    { header: W.product, value: (l) => l.product, kind: TEXT, width: 20 },
    { header: W.transaction, value: (l) => l.id, kind: TEXT, width: 12 },
    { header: W.merchant, value: (l) => l.merchant, kind: TEXT, width: 30 },
    { header: W.recipient, value: (l) => l.recipient, kind: TEXT, width: 30 },
    { header: W.account, value: (l) => l.account, kind: TEXT, width: 12 },
    { header: W.purpose, value: (l) => l.purpose, kind: TEXT, width: 22 },
    { header: W.reference, value: (l) => l.reference, kind: TEXT, width: 36 },
    {
      header: W.deposited,
      values: { currency },
      value: (l) => l.moneyIn,
      kind: inStatement,
      width: 16,
    },
    {
      header: W.paidOut,
      values: { currency },
      value: (l) => l.moneyOut,
      kind: inStatement,
      width: 16,
    },
    { header: W.depositAmount, value: (l) => l.depositAmount, kind: deposit, width: 18 },
    { header: W.depositCurrency, value: (l) => l.depositCurrency, kind: TEXT, width: 14 },
    { header: W.payoutAmount, value: (l) => l.payoutAmount, kind: payout, width: 18 },
    { header: W.payoutCurrency, value: (l) => l.payoutCurrency, kind: TEXT, width: 14 },
    { header: W.rate, value: (l) => l.rate, kind: { type: 'rate' }, width: 16 },
    { header: W.fee, value: (l) => l.fee, kind: deposit, width: 18 },
    { header: W.markup, value: (l) => l.markup, kind: { type: 'rate' }, width: 12 },
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
  const say = wordsOf(ctx);
  const columns = columnsOf(ctx.summary.currency).map(
    (c) => [say(c.header, c.values), c.value] as const,
  );
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
  const say = wordsOf(ctx);
  void (async () => {
    const ExcelJS = await excel();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
    const head = workbook.addWorksheet(say(W.summarySheet));
    head.columns = [
      { header: say(W.statement), key: 'k', width: 26 },
      { header: summary.currency, key: 'v', width: 40 },
    ];
    head.getRow(1).font = { bold: true };
    const transactions = say(W.transactions);
    const rows: Array<[string, Cell]> = [
      [say(W.whose), ctx.owner],
      [say(W.records), ctx.environment],
      [say(W.from), new Date(summary.from).toISOString()],
      [say(W.toExcluded), new Date(summary.to).toISOString()],
      [say(W.zone), ctx.tz],
      [transactions, summary.count],
      [say(W.deposited, { currency: summary.currency }), spreadsheetAmount(summary.deposited)],
      [say(W.paidOut, { currency: summary.currency }), spreadsheetAmount(summary.paidOut)],
      [say(W.made), new Date(ctx.generatedAt).toISOString()],
    ];
    for (const row of rows) {
      const added = head.addRow(row);
      if (typeof row[1] === 'number' && row[0] !== transactions) added.getCell(2).numFmt = money;
      added.commit();
    }
    head.getColumn('v').alignment = { horizontal: 'left' };
    head.commit();

    const columns = columnsOf(summary.currency).map((c) => {
      const header = say(c.header, c.values);
      return {
        ...c,
        header: c.kind.type === 'time' ? say(W.inZone, { header, zone: ctx.tz }) : header,
      };
    });
    const sheet = workbook.addWorksheet(say(W.linesSheet), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
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
  const say = wordsOf(ctx);
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
    {
      header: say(W.completed),
      width: 80,
      text: (l: StatementLine) => when.format(l.completedAt),
    },
    {
      header: say(W.transaction),
      width: 80,
      text: (l: StatementLine) => `${l.product} #${l.id}`,
    },
    { header: say(W.merchant), width: 100, text: (l: StatementLine) => l.merchant },
    {
      header: say(W.recipient),
      width: 100,
      text: (l: StatementLine) => `${l.recipient}${l.account ? ` ${l.account}` : ''}`,
    },
    { header: say(W.reference), width: 104, text: (l: StatementLine) => l.reference },
    {
      header: say(W.deposit),
      width: 84,
      right: true,
      text: (l: StatementLine) =>
        inCurrency(l.depositAmount, l.depositCurrency) +
        (l.fee
          ? `\n${say(W.feeLine, { fee: formatDecimal(l.fee, decimalsOf(l.depositCurrency), ctx.locale) })}`
          : ''),
    },
    {
      header: say(W.rate),
      width: 70,
      text: (l: StatementLine) =>
        l.rate
          ? `${formatDecimal(l.rate, 0, ctx.locale)} ${l.payoutCurrency}/${l.depositCurrency}`
          : '',
    },
    {
      header: say(W.deposited, { currency }),
      width: 68,
      right: true,
      text: (l: StatementLine) => amount(l.moneyIn),
    },
    {
      header: say(W.paidOut, { currency }),
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
  const say = wordsOf(ctx);
  const doc = new PDF({
    size: 'A4',
    layout: 'landscape',
    margins: { top: 40, bottom: 40, left: 36, right: 36 },
    info: {
      Title: say(W.title, { currency: summary.currency }),
      Creator: 'Partner payments dashboard',
    },
  });
  doc.registerFont('regular', fontFile('400Regular'));
  doc.registerFont('bold', fontFile('700Bold'));
  const columns = pdfColumns(ctx);
  const left = doc.page.margins.left;
  const bottom = () => doc.page.height - doc.page.margins.bottom - 18;
  // Dates in the reader's formats (their locale), beside words in their language.
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
      say(W.footer, {
        currency: summary.currency,
        from: day.format(summary.from),
        to: day.format(summary.to - 1),
        page: pageNumber,
      }),
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
  doc
    .font('bold')
    .fontSize(16)
    .text(say(W.title, { currency: summary.currency }), left, doc.page.margins.top);
  doc
    .font('regular')
    .fontSize(9)
    .text(ctx.owner)
    .text(
      say(W.period, {
        environment: ctx.environment,
        from: day.format(summary.from),
        to: day.format(summary.to - 1),
        zone: ctx.tz,
      }),
    )
    .text(say(W.madeAt, { moment: moment.format(ctx.generatedAt) }))
    .moveDown(0.6);
  doc
    .font('bold')
    .text(
      say(W.totals, {
        count: summary.count,
        deposited: total(summary.deposited),
        paidOut: total(summary.paidOut),
        currency: summary.currency,
      }),
    )
    .moveDown(0.8);
  tableHeader();

  void (async () => {
    for await (const page of ctx.pages)
      for (const line of page) row(columns.map((c) => c.text(line)));
    if (summary.count === 0) row([say(W.none), ...columns.slice(1).map(() => '')]);
    doc.moveDown(0.3);
    row(
      [
        say(W.total),
        say(W.count, { count: summary.count }),
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
