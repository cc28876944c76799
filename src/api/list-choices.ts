// What the lists offer to filter and sort by, and the other choices a page's address may carry,
// as plain lists: each page's search schema reads them, and those schemas are in the first page a
// browser loads, so they are kept apart from the contract's zod schemas, which are built from
// them (./local-index.ts, ./schemas/*; the first load: bench/README.md, docs/decisions/058).

/** The orders each list offers, once for the server's queries and the pages' choices. */
export const MERCHANT_SORTS = ['created', 'name', 'status'] as const;
export const ACCOUNT_SORTS = ['created', 'status'] as const;
export const TRANSACTION_SORTS = ['created', 'amount', 'status', 'updated'] as const;

export const KYC_STATUSES = [
  'NEW',
  'VALID',
  'PENDING',
  'PENDING_REVIEW',
  'FLAGGED',
  'UNDER_REVIEW',
  'ACTION_NEEDED',
  'ABANDONED',
] as const;

export const ACCOUNT_STATUSES = ['PENDING', 'ACTIVE', 'FROZEN', 'CLOSED'] as const;

/** A transaction's status, as a list filters by it: the two flows' names. */
export const ONOFF_STATUSES = [
  'OnOff_PENDING',
  'OnOff_AWAITING_QUOTE_APPROVAL',
  'OnOff_AWAITING_DEPOSIT',
  'OnOff_IN_PROGRESS',
  'OnOff_COMPLETED',
  'OnOff_CANCELED',
] as const;
export const RECEIVE_STATUSES = [
  'Receive_PENDING',
  'Receive_IN_PROGRESS',
  'Receive_COMPLETED',
  'Receive_CANCELED',
] as const;
export const CLIENT_STATUSES = [...ONOFF_STATUSES, ...RECEIVE_STATUSES] as const;

/** Why money moves, as a transaction says (and a link to a new one may suggest). */
export const PURPOSES = [
  'GOODS_PURCHASE',
  'SERVICES_PURCHASE',
  'SUPPLIER_PAYMENT',
  'SALARY',
  'FAMILY_SUPPORT',
  'INTRA_COMPANY_TRANSFER',
  'INVESTMENT',
  'LOAN_REPAYMENT',
  'OTHER',
] as const;

/**
 * How an audited action ended. `sent`: a write was sent to the API, recorded before it left;
 * the entry with its outcome follows (same request id). A `sent` with nothing after it is a
 * write that may have happened, its answer lost (the server stopped).
 */
export const AUDIT_OUTCOMES = ['ok', 'refused', 'failed', 'sent'] as const;

/** What the request log is searched by (a sandbox extension, docs/decisions/023). */
export const REQUEST_OBJECT_TYPES = [
  'merchant',
  'payout_account',
  'transaction',
  'webhook',
  'event',
] as const;
