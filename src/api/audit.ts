// The audit trail as the dashboard server answers it: who did what, when, from where, and how it
// ended; filtered, paged newest first, and as CSV. Declared once (docs/decisions/027).
import { z } from 'zod';
import { endpoints } from './endpoints';
import { WORKSPACE_ROLES } from './roles';
import { integerParam, oneOf } from './schemas/common';
import { CsvLocale } from './csv-locale';
import { AUDIT_OUTCOMES } from './list-choices';
import { invalid, V } from './validation-words';

export { AUDIT_OUTCOMES };
export const AuditOutcome = oneOf(AUDIT_OUTCOMES);
export type AuditOutcome = z.infer<typeof AuditOutcome>;

export const AuditEntry = z.object({
  seq: z.int(),
  at: z.int(),
  actorEmail: z.string().nullable(),
  roles: z.array(z.string()),
  ip: z.string(),
  userAgent: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  outcome: AuditOutcome,
  requestId: z.string().nullable(),
  details: z.unknown(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** The columns of the CSV export: every field of an entry, in its order. */
export const AUDIT_CSV_COLUMNS = Object.keys(AuditEntry.shape) as (keyof AuditEntry)[];

export const AuditQuery = z.object({
  /** Entries older than this sequence number: the next page. */
  before: integerParam({ min: 1, label: 'a sequence number' }).optional(),
  limit: integerParam({ min: 1, max: 1000, label: 'a page size' }).default(50),
  actor: z
    .string()
    .trim()
    .max(254, { error: invalid(V.maxChars, { max: 254 }) })
    .optional(),
  action: z
    .string()
    .trim()
    .max(200, { error: invalid(V.maxChars, { max: 200 }) })
    .optional(),
  outcome: AuditOutcome.optional(),
  /** Entries at or after this time, and before `to` (milliseconds): a day where the person is. */
  from: integerParam({ min: 0, label: 'a time in milliseconds' }).optional(),
  to: integerParam({ min: 0, label: 'a time in milliseconds' }).optional(),
  format: oneOf(['json', 'csv']).default('json'),
  locale: CsvLocale,
});
export type AuditQuery = z.input<typeof AuditQuery>;
export type AuditFilters = Pick<
  z.output<typeof AuditQuery>,
  'actor' | 'action' | 'outcome' | 'from' | 'to'
> & {
  before?: number | undefined;
};

export const auditEndpoints = endpoints({
  listAudit: {
    method: 'GET',
    path: '/audit',
    summary: 'The audit trail, newest first; `format=csv` answers it as a CSV file',
    query: AuditQuery,
    response: z.object({ results: z.array(AuditEntry), hasMore: z.boolean() }),
    csv: true,
    roles: WORKSPACE_ROLES.readAudit,
    audit: 'read audit trail',
  },
});
