// ExcelJS, loaded the first time a spreadsheet is read or written: loading it takes about a
// quarter of a second, which the server's start need not spend.
import type ExcelJS from 'exceljs';

let loaded: Promise<typeof ExcelJS> | undefined;

export const excel = () => (loaded ??= import('exceljs').then((module) => module.default));
