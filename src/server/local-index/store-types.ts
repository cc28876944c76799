// What the local index holds and is asked (docs/decisions/018): its rows and its queries. Apart
// from the index itself (./store.ts), so that its writes and questions import them without a
// circle back to it.
import type { Merchant } from '#/api/schemas/merchant';
import type { PayoutAccount } from '#/api/schemas/payout-account';
import type { AccountSort, MerchantSort, TransactionSort } from '#/api/local-index';
import type { Product, Transaction } from '#/api/schemas/transaction';

export type IndexKind = 'merchant' | 'account' | 'transaction';
export type SortOrder = 'asc' | 'desc';

export interface Page<T> {
  start: number;
  limit: number;
  hasMore: boolean;
  results: T[];
}

export interface MerchantRow extends Merchant {
  /** The owning customer's name, for a contact. */
  ownerName: string | null;
}

export interface AccountRow extends PayoutAccount {
  merchantName: string | null;
}

export interface TransactionRow extends Transaction {
  product: Product;
  merchantName: string | null;
  recipientName: string | null;
  accountHolderName: string | null;
  /** The last four characters of the payout account's IBAN or number. */
  accountTail: string | null;
}

export interface MerchantQuery {
  q?: string | undefined;
  kycStatus?: string[] | undefined;
  /** Contacts of this customer. */
  ownerId?: number | undefined;
  /** customers (no owner) or contacts (an owner). */
  type?: 'customer' | 'contact' | undefined;
  sort?: MerchantSort | undefined;
  order?: SortOrder | undefined;
  start: number;
  limit: number;
}

export interface AccountQuery {
  q?: string | undefined;
  accountStatus?: string[] | undefined;
  businessId?: number | undefined;
  /** The accounts of this merchant's circle: its customer and that customer's contacts. */
  party?: number | undefined;
  currencySymbol?: string | undefined;
  sort?: AccountSort | undefined;
  order?: SortOrder | undefined;
  start: number;
  limit: number;
}

/** Where an export's next page starts: after this row. */
export interface ExportCursor {
  creationTime: number;
  product: string;
  id: number;
}

export interface TransactionQuery {
  q?: string | undefined;
  product?: Product | undefined;
  clientStatus?: string[] | undefined;
  awaiting?: 'quote' | 'deposit' | undefined;
  /** In progress (deposit approved, not yet paid out) and not changed since this time. */
  stalledSince?: number | undefined;
  businessId?: number | undefined;
  accountId?: number | undefined;
  fromDate?: number | undefined;
  toDate?: number | undefined;
  sort?: TransactionSort | undefined;
  order?: SortOrder | undefined;
  start: number;
  limit: number;
}
