// CSV as the dashboard writes it: exports of the local index, statements and the audit trail.
import { decimalMarkOf } from './formats';

/**
 * Whether a spreadsheet could take text as a formula: it starts with `=`, `+`, `-`, `@`, a tab, a
 * carriage return or a line feed (OWASP's list), or their full-width forms. A plain decimal
 * number ("-12.50") is a number, not a formula; "-2+3+cmd|' /C calc'!A0" is a formula.
 */
export function startsLikeFormula(text: string): boolean {
  return /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text);
}

/**
 * The one guard for every cell the server writes into a CSV or an XLSX (decision 045): text that
 * starts like a formula gets a leading apostrophe, which spreadsheets show as text. A bulk file's
 * reader takes the apostrophe off again (`undefuseFormula`), so a file we gave back reads as sent.
 */
export function defuseFormula(text: string): string {
  return startsLikeFormula(text) ? `'${text}` : text;
}

/** A cell as a person wrote it, from a file we defused: the apostrophe we added taken off. */
export function undefuseFormula(text: string): string {
  return text.startsWith("'") && startsLikeFormula(text.slice(1)) ? text.slice(1) : text;
}

/**
 * How a CSV is written for the spreadsheet of the person who downloads it (docs/decisions/049):
 * where decimals take a comma (German, French…), Excel splits lines on semicolons and reads
 * "1250,50" as a number, so both follow the person's locale; elsewhere commas and points.
 */
export interface CsvDialect {
  separator: ',' | ';';
  decimal: '.' | ',';
}

export const PLAIN_CSV: CsvDialect = { separator: ',', decimal: '.' };

/** The dialect of a locale (plain CSV without one). */
export function csvDialectOf(locale: string | undefined): CsvDialect {
  return locale && decimalMarkOf(locale) === ',' ? { separator: ';', decimal: ',' } : PLAIN_CSV;
}

const DECIMAL = /^-?\d+\.\d+$/;

/** One CSV cell: quoted when it needs it; text a spreadsheet would run as a formula defused. */
export function csvCell(value: unknown, dialect: CsvDialect = PLAIN_CSV): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  // Defused first: a number is never a formula, whichever mark its decimals take after.
  const defused = defuseFormula(text);
  const safe =
    dialect.decimal === ',' && DECIMAL.test(defused) ? defused.replace('.', ',') : defused;
  const quote = dialect.separator === ';' ? /[";\r\n]/ : /[",\r\n]/;
  return quote.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV's columns: each header, and how a row gives its cell. */
export type CsvColumns<T> = ReadonlyArray<readonly [header: string, value: (row: T) => unknown]>;

/** The header line of a CSV (with its line end). */
export const csvHeaderOf = <T>(columns: CsvColumns<T>, dialect: CsvDialect = PLAIN_CSV) =>
  `${columns.map(([header]) => csvCell(header, dialect)).join(dialect.separator)}\r\n`;

/** One row as a CSV line (with its line end). */
export const csvRowOf = <T>(row: T, columns: CsvColumns<T>, dialect: CsvDialect = PLAIN_CSV) =>
  `${columns.map(([, value]) => csvCell(value(row), dialect)).join(dialect.separator)}\r\n`;
