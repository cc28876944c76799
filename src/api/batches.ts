// Bulk payouts as the dashboard server answers them (docs/decisions/033): templates, a file
// uploaded as a batch with every row checked, rows fixed in place, invalid rows left out.
// Declared once (docs/decisions/027).
import { z } from 'zod';
import { PayeeInfo, Policy } from './controls';
import { endpoints, STATUS } from './endpoints';
import { integerParam, oneOf, requiredText, toldText } from './schemas/common';
import { Product } from './schemas/transaction';
import { invalid, V } from './validation-words';
import { CW } from './contract-words';

/** The template's columns, in its order; the first five are required. */
export const BATCH_COLUMNS = [
  'merchant',
  'payout_account',
  'deposit_currency',
  'payout_amount',
  'purpose',
  'reference',
  'invoice_url',
  'deposit_confirmation_url',
] as const;
export type BatchColumn = (typeof BATCH_COLUMNS)[number];
export const REQUIRED_COLUMNS: readonly BatchColumn[] = BATCH_COLUMNS.slice(0, 5);
/** The columns a product's template has: a collection has no deposit confirmation at creation. */
export function columnsOf(product: Product): readonly BatchColumn[] {
  return product === 'receive'
    ? BATCH_COLUMNS.filter((c) => c !== 'deposit_confirmation_url')
    : BATCH_COLUMNS;
}

/**
 * The last column of a file of rows the dashboard gives back (problems, failures): read and
 * ignored on upload, so the file can be fixed and uploaded again as it is.
 */
export const NOTE_COLUMN = 'problems';

/** Where a batch stands, from upload to its end. */
export const BatchStatus = z.enum([
  'draft',
  'validated',
  'quoting',
  'awaiting_approval',
  'submitting',
  'submitted',
  'partly_failed',
  'completed',
  'cancelled',
]);
export type BatchStatus = z.infer<typeof BatchStatus>;

/** A row: invalid, ready, left out of the batch (excluded), or what submitting it made. */
export const RowState = z.enum(['invalid', 'ready', 'excluded', 'created', 'failed']);
export type RowState = z.infer<typeof RowState>;

/** The files a batch is uploaded as: CSV (UTF-8) or XLSX, at most 5 MB (an XLSX unpacking to 50 MB). */
export const BATCH_UPLOAD = {
  types: [
    'text/csv',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/octet-stream',
  ],
  maxBytes: 5 * 1024 * 1024,
  /** An XLSX is a ZIP: what its parts may unpack to together, and how many there may be. */
  maxUnpackedBytes: 50 * 1024 * 1024,
  maxParts: 1000,
} as const;

export const FileProblem = z.object({
  row: z.int().optional().meta({ description: "The row's number in the file; the header is 1." }),
  column: z.string().optional(),
  message: toldText(),
});
export type FileProblem = z.infer<typeof FileProblem>;

const Cells = z.record(z.enum(BATCH_COLUMNS), z.string());

export const BatchRow = z.object({
  row: z.int(),
  cells: Cells,
  problems: z.array(FileProblem),
  state: RowState,
  transactionId: z.int().nullable(),
  /** What the row pays, as read (a row with problems may have none). */
  payout: z.object({ currency: z.string(), amount: z.string() }).nullable(),
  /** The batch quote: what this row's deposit will be, in `depositCurrency`, and the rate. */
  depositCurrency: z.string().nullable(),
  depositAmount: z.string().nullable(),
  rate: z.string().nullable(),
  /** Its transaction's status as last seen, once created. */
  clientStatus: z.string().nullable(),
  /** Why the API refused it (a failed row). */
  /** Why the row failed, in the reader's language (the API's own refusal as it said it). */
  failure: toldText().nullable(),
  /** Who it pays, as the API had the account when the batch was quoted (null before). */
  payee: PayeeInfo.omit({ recorded: true }).nullable(),
});
export type BatchRow = z.infer<typeof BatchRow>;

export const BatchTotal = z.object({
  currency: z.string(),
  amount: z.string().meta({ description: 'The sum of the ready rows, a decimal string.' }),
  rows: z.int(),
});

/** Why a quote did not go through: in words, and the rows the API refused (`rows.N`). */
export const QuoteProblem = z.object({
  detail: toldText(),
  errors: z.array(z.object({ field: z.string(), message: toldText() })),
});
export type QuoteProblem = z.infer<typeof QuoteProblem>;

export const Batch = z.object({
  id: z.string(),
  product: Product,
  status: BatchStatus,
  fileName: z.string(),
  format: z.enum(['csv', 'xlsx']),
  decimal: z.enum(['.', ',']),
  uploadedBy: z.object({ id: z.string(), name: z.string().nullable() }),
  createdAt: z.int(),
  counts: z.object({ ready: z.int(), invalid: z.int(), excluded: z.int(), done: z.int() }),
  totals: z.array(BatchTotal).meta({
    description: 'Per payout currency, of the rows in the batch (ready, or submitted once it is).',
  }),
  depositTotals: z.array(BatchTotal).meta({
    description: 'Per deposit currency, once the batch is quoted.',
  }),
  quotedAt: z.int().nullable(),
  /** The approval: who decided, what the policies ask, and whether this person may approve. */
  approval: z.object({
    required: z.int(),
    policy: Policy.nullable().meta({ description: 'The strictest policy that applies.' }),
    decisions: z.array(
      z.object({
        userId: z.string(),
        userName: z.string(),
        decision: z.enum(['approve', 'reject']),
        reason: z.string().nullable(),
        at: z.int(),
        /** Given by a delegate for this approver, away (docs/decisions/088). */
        forUserName: z.string().nullable().default(null),
      }),
    ),
    expiresAt: z.int().nullable(),
    canAct: z.boolean(),
    why: toldText().nullable(),
    whoCan: z.array(z.string()),
    /** This person decides it as a delegate, for this approver away (088). */
    standingInFor: z.string().nullable().default(null),
  }),
  approvedAt: z.int().nullable(),
  finishedAt: z.int().nullable(),
  /** Why it was rejected or cancelled. */
  closedReason: toldText().nullable(),
  /** Rows submitted so far, of those to submit. */
  progress: z.object({ done: z.int(), total: z.int() }),
  /** While it is being quoted (in the background): rows priced so far, of those to price. */
  quoting: z.object({ done: z.int(), total: z.int() }).nullable(),
  /** Why the last quote did not go through, with the rows the API refused; null when it did. */
  quoteProblem: QuoteProblem.nullable(),
  rows: z.array(BatchRow),
});
export type Batch = z.infer<typeof Batch>;

export const BatchSummary = Batch.pick({
  id: true,
  product: true,
  status: true,
  fileName: true,
  uploadedBy: true,
  createdAt: true,
  counts: true,
  totals: true,
  progress: true,
});
export type BatchSummary = z.infer<typeof BatchSummary>;

/** The rows a file of a batch's rows holds: those with problems, or those that failed. */
export const ROW_FILES = ['problems', 'failed'] as const;

const BatchId = z.object({ id: z.uuid({ error: invalid(CW.batchId) }) });

export const batchEndpoints = endpoints({
  batchTemplate: {
    method: 'GET',
    path: '/batches/template',
    summary: "A product's bulk template, CSV or XLSX",
    query: z.object({
      product: Product,
      format: oneOf(['csv', 'xlsx']).default('csv'),
    }),
    response: z.unknown(),
    file: { types: ['text/csv', BATCH_UPLOAD.types[1]] },
  },
  uploadBatch: {
    errors: STATUS.partnerApi,
    method: 'POST',
    path: '/batches',
    summary: 'Upload a file as a batch: every row is checked, nothing is created yet',
    query: z.object({
      product: Product,
      fileName: requiredText(200),
    }),
    upload: BATCH_UPLOAD,
    response: Batch,
    roles: ['finance'],
    audit: 'upload bulk file',
  },
  listBatches: {
    method: 'GET',
    path: '/batches',
    summary: 'The bulk payout files of this environment, newest first',
    query: z.object({
      status: BatchStatus.optional(),
      limit: integerParam({ min: 1, max: 100, label: 'a number of batches' }).default(50),
    }),
    response: z.object({ items: z.array(BatchSummary) }),
  },
  getBatch: {
    method: 'GET',
    path: '/batches/{id}',
    summary: 'A batch with its rows',
    params: BatchId,
    response: Batch,
  },
  fixBatchRow: {
    errors: { ...STATUS.conflict, ...STATUS.partnerApi },
    method: 'PUT',
    path: '/batches/{id}/rows/{row}',
    summary: "Change a row's cells and check it again, before the batch is approved",
    params: BatchId.extend({ row: integerParam({ min: 2, label: 'a row number' }) }),
    body: z.object({
      cells: z
        .partialRecord(z.enum(BATCH_COLUMNS), z.string().max(2048))
        .meta({ description: 'The cells to change, by column; the others stay.' }),
    }),
    response: Batch,
    roles: ['finance'],
    audit: 'fix bulk row',
  },
  excludeInvalidRows: {
    errors: STATUS.conflict,
    method: 'POST',
    path: '/batches/{id}/exclude-invalid',
    summary: 'Go on without the invalid rows (they stay in the batch, left out)',
    params: BatchId,
    response: Batch,
    roles: ['finance'],
    audit: 'leave out invalid bulk rows',
  },
  quoteBatch: {
    errors: { ...STATUS.conflict, ...STATUS.partnerApi },
    method: 'POST',
    path: '/batches/{id}/quote',
    summary:
      'Start pricing every row (deposit and rate) in the background; the batch answers `quoting` with its progress, then asks for its approval (`awaiting_approval`), or goes back with `quoteProblem` saying why not',
    params: BatchId,
    response: Batch,
    roles: ['finance'],
    audit: 'quote bulk file',
  },
  decideBatch: {
    errors: { ...STATUS.conflict, ...STATUS.partnerApi },
    method: 'POST',
    path: '/batches/{id}/decision',
    summary: 'Approve or reject a batch; the last approval needed starts its submission',
    params: BatchId,
    body: z
      .object({
        decision: oneOf(['approve', 'reject']),
        reason: z
          .string()
          .trim()
          .max(500, { error: invalid(V.maxChars, { max: 500 }) })
          .optional(),
      })
      .refine((d) => d.decision !== 'reject' || (d.reason ?? '') !== '', {
        path: ['reason'],
        message: invalid(CW.rejectBatch),
      }),
    response: Batch,
    // One protocol with a transaction's approvals (issue 58): an approval that leaves the file
    // waiting for more approvers is answered 202, as the proxy answers a held quote or deposit.
    held: z.object({ batch: Batch }),
    roles: ['approver'],
    standIn: true,
    audit: 'decide bulk file',
  },
  cancelBatch: {
    errors: STATUS.conflict,
    method: 'POST',
    path: '/batches/{id}/cancel',
    summary: 'Cancel a batch before it is submitted',
    params: BatchId,
    body: z.object({
      reason: z
        .string()
        .trim()
        .max(500, { error: invalid(V.maxChars, { max: 500 }) })
        .optional(),
    }),
    response: Batch,
    roles: ['finance'],
    audit: 'cancel bulk file',
  },
  batchRowsFile: {
    method: 'GET',
    path: '/batches/{id}/rows-file',
    summary:
      'The rows with problems, or the failed rows, as a file to fix and upload again (problems in a last column)',
    params: BatchId,
    query: z.object({
      which: oneOf(ROW_FILES),
      format: oneOf(['csv', 'xlsx']).default('csv'),
    }),
    response: z.unknown(),
    file: { types: ['text/csv', BATCH_UPLOAD.types[1]] },
  },
});
