// The dashboard server's list and search questions, answered from its local index of the
// partner's records (docs/decisions/018): the queries the SPA sends and the rows it gets back.
import { z } from 'zod';
import { ACCOUNT_SORTS, MERCHANT_SORTS, TRANSACTION_SORTS } from './list-choices';
import { CsvLocale } from './csv-locale';
import { endpoints } from './endpoints';
import { isTimeZone } from './formats';
import {
  IdParam,
  integerParam,
  oneOf,
  PageQuery,
  requiredText,
  TextIdParams,
} from './schemas/common';
import { KYC_STATUSES, Merchant } from './schemas/merchant';
import { ACCOUNT_STATUSES, PayoutAccount } from './schemas/payout-account';
import { CLIENT_STATUSES, Product, PRODUCTS, Transaction } from './schemas/transaction';
import { invalid, V } from './validation-words';

/** A comma-separated list of known values in a query string, e.g. `VALID,FLAGGED`. */
const escaped = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function valuesOf<const V extends readonly [string, ...string[]]>(values: V) {
  const message = `must be one or more of ${values.join(', ')}, separated by commas`;
  const known = new Set<string>(values);
  return z
    .string()
    .max(400, { error: message })
    .transform((s) => s.split(',').filter((v) => v !== ''))
    .refine((list) => list.every((v) => known.has(v)), { error: message })
    .transform((list) => list as Array<V[number]>)
    .meta({
      description: `One or more of ${values.join(', ')}, separated by commas`,
      pattern: `^(?:(?:${values.map(escaped).join('|')})?,)*(?:${values.map(escaped).join('|')})?$`,
    });
}

const Search = z
  .string()
  .trim()
  .max(200, { error: invalid(V.maxChars, { max: 200 }) })
  .optional()
  .transform((s) => (s ? s : undefined));
export type MerchantSort = (typeof MERCHANT_SORTS)[number];
export type AccountSort = (typeof ACCOUNT_SORTS)[number];
export type TransactionSort = (typeof TRANSACTION_SORTS)[number];
const sortOf = <const S extends readonly [string, ...string[]]>(sorts: S) =>
  oneOf(sorts).optional();

const Order = oneOf(['asc', 'desc']).optional();
/** An IANA time zone, UTC when not given: where the days of times written in words are. */
export const TimeZone = z
  .string()
  .max(64, { error: invalid(V.timeZone) })
  .refine(isTimeZone, { error: invalid(V.timeZone) })
  .default('UTC');

/** A list as JSON pages, or every row the filters select as CSV (with times in `tz`). */
const Export = {
  format: oneOf(['json', 'csv']).optional(),
  tz: TimeZone,
  locale: CsvLocale,
};
const Timestamp = integerParam({ min: 0, label: 'a time in milliseconds' });

export const MerchantIndexQuery = PageQuery.extend({
  q: Search,
  kycStatus: valuesOf(KYC_STATUSES).optional(),
  owner: IdParam.optional(),
  type: oneOf(['customer', 'contact']).optional(),
  sort: sortOf(MERCHANT_SORTS),
  order: Order,
  ...Export,
});
export type MerchantIndexQuery = z.input<typeof MerchantIndexQuery>;

export const AccountIndexQuery = PageQuery.extend({
  q: Search,
  accountStatus: valuesOf(ACCOUNT_STATUSES).optional(),
  businessId: IdParam.optional(),
  /** The accounts of this merchant's circle: its customer (itself or its owner) and its contacts. */
  party: IdParam.optional(),
  currencySymbol: z
    .string()
    .max(20, { error: invalid(V.maxChars, { max: 20 }) })
    .optional(),
  sort: sortOf(ACCOUNT_SORTS),
  order: Order,
  ...Export,
});
export type AccountIndexQuery = z.input<typeof AccountIndexQuery>;

export const TransactionIndexQuery = PageQuery.extend({
  q: Search,
  product: Product.optional(),
  clientStatus: valuesOf(CLIENT_STATUSES).optional(),
  awaiting: oneOf(['quote', 'deposit']).optional(),
  /** In progress and unchanged for more than a day. */
  stalled: oneOf(['1']).optional(),
  businessId: IdParam.optional(),
  accountId: IdParam.optional(),
  fromDate: Timestamp.optional(),
  toDate: Timestamp.optional(),
  sort: sortOf(TRANSACTION_SORTS),
  order: Order,
  ...Export,
});
export type TransactionIndexQuery = z.input<typeof TransactionIndexQuery>;

export const TransactionTotals = z.object({
  count: z.int(),
  /** Per payout currency: how many, and their amounts summed exactly. */
  sums: z.array(z.object({ currency: z.string(), count: z.int(), total: z.string() })),
  /** False when an amount had more than nine decimals (its sum is rounded there). */
  exact: z.boolean(),
});
export type TransactionTotals = z.infer<typeof TransactionTotals>;

export const SearchQuery = z.object({
  q: requiredText(200, { type: invalid(V.required) }),
});

export const MerchantRow = Merchant.extend({ ownerName: z.string().nullable() });
export type MerchantRow = z.infer<typeof MerchantRow>;
export const AccountRow = PayoutAccount.extend({ merchantName: z.string().nullable() });
export type AccountRow = z.infer<typeof AccountRow>;
export const TransactionRow = Transaction.extend({
  product: z.enum(PRODUCTS),
  merchantName: z.string().nullable(),
  recipientName: z.string().nullable(),
  accountHolderName: z.string().nullable(),
  accountTail: z.string().nullable(),
});
export type TransactionRow = z.infer<typeof TransactionRow>;

/** How fresh the index is: shown with every list. */
export const IndexFreshness = z.object({
  /** Every list has been read through once. */
  filled: z.boolean(),
  /** When the API last answered the sync (the oldest of the lists), or null before the first. */
  checkedAt: z.int().nullable(),
  /** Why sync is paused, e.g. "credentials refused" or "unreachable: …". */
  error: z.string().nullable(),
});
export type IndexFreshness = z.infer<typeof IndexFreshness>;

function indexPage<T extends z.ZodType>(row: T) {
  return z.object({
    start: z.int(),
    limit: z.int(),
    hasMore: z.boolean(),
    results: z.array(row),
    freshness: IndexFreshness,
  });
}
export const MerchantIndexPage = indexPage(MerchantRow);
export const AccountIndexPage = indexPage(AccountRow);
export const TransactionIndexPage = indexPage(TransactionRow);

export const SearchResults = z.object({
  merchants: z.array(MerchantRow),
  accounts: z.array(AccountRow),
  transactions: z.array(TransactionRow),
  /** Bulk payout files by name, or holding a row of that reference (docs/decisions/034). */
  batches: z.array(
    z.object({
      id: z.string(),
      fileName: z.string(),
      product: z.enum(PRODUCTS),
      status: z.string(),
      createdAt: z.int(),
    }),
  ),
});
export type SearchResults = z.infer<typeof SearchResults>;

export const IndexStatus = IndexFreshness.extend({
  lists: z.array(
    z.object({
      list: z.string(),
      seen: z.int(),
      filled: z.boolean(),
      filledAt: z.int().nullable(),
      checkedAt: z.int().nullable(),
      error: z.string().nullable(),
    }),
  ),
  webhook: z.boolean(),
  /** The dashboard's own webhook endpoint with this environment, if registered. */
  webhookUrl: z.string().nullable(),
  counts: z.object({ merchants: z.int(), accounts: z.int(), transactions: z.int() }),
});
export type IndexStatus = z.infer<typeof IndexStatus>;

export const SavedViewCreate = z.object({
  list: oneOf(['merchants', 'accounts', ...PRODUCTS]),
  name: requiredText(80, { type: invalid(V.required) }),
  /** The list page's URL search, e.g. `?kycStatus=VALID&sort=name`. */
  search: z.string().max(2000, { error: invalid(V.maxChars, { max: 2000 }) }),
  shared: z.boolean({ error: invalid(V.trueOrFalse) }),
});
export type SavedViewCreate = z.input<typeof SavedViewCreate>;

export const SavedView = SavedViewCreate.extend({
  id: z.string(),
  ownerName: z.string(),
  mine: z.boolean(),
  createdAt: z.int(),
});
export type SavedView = z.infer<typeof SavedView>;

export const indexEndpoints = endpoints({
  listMerchantIndex: {
    method: 'GET',
    path: '/index/merchants',
    summary:
      'Merchants, searched, filtered, sorted and paged from the local index; `format=csv` streams every row the filters select',
    query: MerchantIndexQuery,
    response: MerchantIndexPage,
    csv: true,
  },
  listAccountIndex: {
    method: 'GET',
    path: '/index/accounts',
    summary:
      'Payout accounts, searched, filtered, sorted and paged from the local index; `format=csv` streams every row the filters select',
    query: AccountIndexQuery,
    response: AccountIndexPage,
    csv: true,
  },
  listTransactionIndex: {
    method: 'GET',
    path: '/index/transactions',
    summary:
      'Transactions of every product from the local index; `format=csv` streams every row the filters select',
    query: TransactionIndexQuery,
    response: TransactionIndexPage,
    csv: true,
  },
  transactionTotals: {
    method: 'GET',
    path: '/index/transactions/totals',
    summary:
      'How many transactions the filters select, and their payout amounts summed exactly per currency',
    query: TransactionIndexQuery.omit({
      start: true,
      limit: true,
      sort: true,
      order: true,
      format: true,
      tz: true,
    }),
    response: TransactionTotals,
  },
  search: {
    method: 'GET',
    path: '/index/search',
    summary:
      'Merchants, accounts, transactions and bulk payout files matching a name, number, IBAN, reference or amount',
    query: SearchQuery,
    response: SearchResults,
  },
  indexStatus: {
    method: 'GET',
    path: '/index/status',
    summary: "How fresh the session environment's local index is, list by list",
    response: IndexStatus,
  },
  refreshIndex: {
    method: 'POST',
    path: '/index/refresh',
    summary: 'Read the lists of the API again now; answers the status after',
    response: IndexStatus,
  },
});

export const viewEndpoints = endpoints({
  listViews: {
    method: 'GET',
    path: '/views',
    summary: "One's own saved views and the ones others shared",
    response: z.object({ results: z.array(SavedView) }),
  },
  saveView: {
    method: 'POST',
    path: '/views',
    summary: "Save a list's filters under a name, for oneself or shared",
    body: SavedViewCreate,
    response: SavedView,
    audit: 'save view',
  },
  deleteView: {
    method: 'DELETE',
    path: '/views/{id}',
    summary: 'Delete a view one saved',
    params: TextIdParams,
    response: z.object({ deleted: z.literal(true) }),
    audit: 'delete view',
  },
});

/** The last four characters of an account's IBAN or number, as lists show it: "…3000". */
export function numberTail(a: { iban?: string | null; accountNumber?: string | null }): string {
  return (a.iban || a.accountNumber || '').replace(/\s+/g, '').slice(-4);
}
