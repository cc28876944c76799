// What the lists offer to filter and sort by, as plain lists: each list page's search schema reads
// them, and those schemas are in the first page a browser loads, so they are kept apart from the
// contract's zod schemas, which are built from them (./local-index.ts, ./schemas/merchant.ts,
// ./schemas/payout-account.ts; the first load: bench/README.md).

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
