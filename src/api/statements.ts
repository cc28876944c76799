// Statements and reconciliation files (docs/decisions/037): per currency and period, one line
// per transaction that completed in it with that currency on either side: readable names, ISO
// times where the person is, the deposit reference or wallet address, the rate and both amounts,
// and the raw codes for machines. CSV, XLSX or PDF; a summary first (count and exact totals),
// which the page shows and measures the download's progress against.
import { z } from 'zod';
import { endpoints } from './endpoints';
import { isLocale } from './formats';
import { THREE_YEARS_MS, Time, TimeZone } from './reports';
import { oneOf, requiredText } from './schemas/common';
import { invalid, V } from './validation-words';
import { CW } from './contract-words';

export const STATEMENT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** A PDF is for reading and printing: past this many lines, the page offers CSV or XLSX. */
export const PDF_MAX_LINES = 5000;

const statementFields = {
  currency: requiredText(20, {
    type: 'is required: the currency of the statement, such as EUR',
    empty: 'is required: the currency of the statement, such as EUR',
  }),
  from: Time,
  to: Time,
  tz: TimeZone,
  locale: z
    .string()
    .refine(isLocale, { error: invalid(V.locale) })
    .default('en-GB'),
};

/** The period's checks, on the summary's query and the file's alike. */
const period = <T extends z.ZodType<{ from: number; to: number }>>(query: T) =>
  query
    .refine((q) => q.from < q.to, { error: invalid(CW.beforeTo), path: ['from'] })
    .refine((q) => q.to - q.from <= THREE_YEARS_MS, {
      error: invalid(CW.threeYears),
      path: ['from'],
    });

export const StatementQuery = period(z.object(statementFields));
export type StatementQuery = z.input<typeof StatementQuery>;

export const StatementSummary = z.object({
  currency: z.string(),
  from: z.int(),
  to: z.int(),
  /** Transactions completed in the period with the currency on either side. */
  count: z.int(),
  /** Received in the currency (the deposit side), exactly. */
  deposited: z.string(),
  /** Paid out in the currency, exactly. */
  paidOut: z.string(),
  /** Currencies with completed transactions in the period, to choose from. */
  currencies: z.array(z.string()),
});
export type StatementSummary = z.infer<typeof StatementSummary>;

export const statementEndpoints = endpoints({
  statementSummary: {
    method: 'GET',
    path: '/statements/summary',
    summary: 'How many lines a statement of a currency and period has, and its exact totals',
    query: StatementQuery,
    response: StatementSummary,
  },
  statementFile: {
    method: 'GET',
    path: '/statements/file',
    summary:
      'A statement of a currency and period as CSV, XLSX or PDF, streamed: one line per completed transaction',
    query: period(
      z.object({
        ...statementFields,
        format: oneOf(STATEMENT_FORMATS).default('csv'),
      }),
    ),
    response: z.unknown(),
    file: {
      types: [
        'text/csv',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'application/pdf',
      ],
    },
  },
});
