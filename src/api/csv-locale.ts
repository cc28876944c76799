// The locale a CSV file is written for, as the exports of the lists and of the audit trail take it
// (a module of its own: the audit page's search reads it on the first load, bench/README.md).
import { z } from 'zod';
import { isLocale } from './formats';
import { invalid, V } from './validation-words';

/**
 * The person's locale, for a CSV their spreadsheet opens as columns (docs/decisions/049):
 * semicolons and decimal commas where the locale writes decimals with a comma.
 */
export const CsvLocale = z
  .string()
  .max(35, { error: invalid(V.locale) })
  .refine(isLocale, { error: invalid(V.locale) })
  .optional();
