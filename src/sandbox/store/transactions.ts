import type { BankDetails, Product, WalletDetails } from '#/api/schemas/transaction';
import { type Db, pageQuery } from './db';

/** A stored transaction: the wire fields and what the sandbox keeps beside them. */
export interface TransactionRecord {
  businessRequestId: number;
  product: Product;
  creationTime: number;
  lastUpdateTime: number;
  toAmount: string;
  fromAmount: string | null;
  rate: string;
  purpose: string;
  quoteApprovedDate: number | null;
  depositApprovedDate: number | null;
  depositReceivedDate: number | null;
  depositReceivedAmount: string | null;
  payout: string | null;
  fromCurrencySymbol: string;
  toCurrencySymbol: string;
  fromBusinessId: number;
  toBusinessExternalAccountId: number;
  toBusinessId: number;
  clientStatus: string;
  payoutStatus: string;
  cancelReason: string | null;
  otherReason: string | null;
  walletDetails: WalletDetails | null;
  bankDetails: BankDetails | null;
  invoiceUrl: string | null;
  depositConfirmationUrl: string | null;
  completedTime: number | null;
  /**
   * The payout account's details when the transaction was created, which it pays whatever
   * happens to the account later (docs/decisions/040); null only for rows older than that rule.
   */
  recipient: RecipientSnapshot | null;
}

/** The bank details a transaction pays, fixed at its creation. */
export interface RecipientSnapshot {
  accountId: number;
  accountHolderName: string;
  bankName: string;
  accountNumber: string | null;
  iban: string | null;
  swiftCode: string | null;
  routingNumber: string | null;
  countryIso: string;
}

type Row = Omit<TransactionRecord, 'walletDetails' | 'bankDetails' | 'recipient'> & {
  walletDetails: string | null;
  bankDetails: string | null;
  recipient: string | null;
};

const COLUMNS = `id AS businessRequestId, product, creation_time AS creationTime,
  last_update_time AS lastUpdateTime, to_amount AS toAmount, from_amount AS fromAmount, rate,
  purpose, quote_approved_date AS quoteApprovedDate, deposit_approved_date AS depositApprovedDate,
  deposit_received_date AS depositReceivedDate, deposit_received_amount AS depositReceivedAmount,
  payout, from_currency_symbol AS fromCurrencySymbol, to_currency_symbol AS toCurrencySymbol,
  from_business_id AS fromBusinessId, to_business_external_account_id AS toBusinessExternalAccountId,
  to_business_id AS toBusinessId, client_status AS clientStatus, payout_status AS payoutStatus,
  cancel_reason AS cancelReason, other_reason AS otherReason, wallet_details AS walletDetails,
  bank_details AS bankDetails, invoice_url AS invoiceUrl,
  deposit_confirmation_url AS depositConfirmationUrl, completed_time AS completedTime, recipient`;

function toRecord(row: Row): TransactionRecord {
  return {
    ...row,
    walletDetails: row.walletDetails ? (JSON.parse(row.walletDetails) as WalletDetails) : null,
    bankDetails: row.bankDetails ? (JSON.parse(row.bankDetails) as BankDetails) : null,
    recipient: row.recipient ? (JSON.parse(row.recipient) as RecipientSnapshot) : null,
  };
}

function toParams(record: Omit<TransactionRecord, 'businessRequestId'>) {
  return {
    ...record,
    walletDetails: record.walletDetails ? JSON.stringify(record.walletDetails) : null,
    bankDetails: record.bankDetails ? JSON.stringify(record.bankDetails) : null,
    recipient: record.recipient ? JSON.stringify(record.recipient) : null,
  };
}

export interface TransactionFilter {
  businessId?: number | undefined;
  fromDate?: number | undefined;
  toDate?: number | undefined;
}

export function transactionRepository(db: Db) {
  const insert = db.prepare(
    `INSERT INTO txn (partner_id, product, creation_time, last_update_time, to_amount, from_amount,
       rate, purpose, quote_approved_date, deposit_approved_date, deposit_received_date,
       deposit_received_amount, payout, from_currency_symbol, to_currency_symbol, from_business_id,
       to_business_external_account_id, to_business_id, client_status, payout_status,
       cancel_reason, other_reason, wallet_details, bank_details, invoice_url,
       deposit_confirmation_url, completed_time, recipient)
     VALUES (@partnerId, @product, @creationTime, @lastUpdateTime, @toAmount, @fromAmount, @rate,
       @purpose, @quoteApprovedDate, @depositApprovedDate, @depositReceivedDate,
       @depositReceivedAmount, @payout, @fromCurrencySymbol, @toCurrencySymbol, @fromBusinessId,
       @toBusinessExternalAccountId, @toBusinessId, @clientStatus, @payoutStatus, @cancelReason,
       @otherReason, @walletDetails, @bankDetails, @invoiceUrl, @depositConfirmationUrl,
       @completedTime, @recipient)`,
  );
  const save = db.prepare(
    `UPDATE txn SET last_update_time = @lastUpdateTime, from_amount = @fromAmount,
       quote_approved_date = @quoteApprovedDate, deposit_approved_date = @depositApprovedDate,
       deposit_received_date = @depositReceivedDate, deposit_received_amount = @depositReceivedAmount,
       payout = @payout, client_status = @clientStatus, payout_status = @payoutStatus,
       cancel_reason = @cancelReason, other_reason = @otherReason, wallet_details = @walletDetails,
       bank_details = @bankDetails, deposit_confirmation_url = @depositConfirmationUrl,
       completed_time = @completedTime
     WHERE id = @businessRequestId AND partner_id = @partnerId`,
  );
  const byId = db.prepare<[number, number, string], Row>(
    `SELECT ${COLUMNS} FROM txn WHERE id = ? AND partner_id = ? AND product = ?`,
  );
  const byIdAnyPartner = db.prepare<[number], Row & { partnerId: number }>(
    `SELECT ${COLUMNS}, partner_id AS partnerId FROM txn WHERE id = ?`,
  );
  // One statement per combination of filters, so that SQLite walks the index that fits instead
  // of sorting the partner's every transaction (a catch-all WHERE with "IS NULL OR" defeats it).
  type ListParams = {
    partnerId: number;
    product: string;
    businessId?: number;
    fromDate?: number;
    toDate?: number;
    limit: number;
    start: number;
  };
  const lists = new Map<string, ReturnType<typeof db.prepare<ListParams, Row>>>();
  const listStatement = (business: boolean, dates: boolean) => {
    const key = `${business}-${dates}`;
    let statement = lists.get(key);
    if (!statement) {
      statement = db.prepare<ListParams, Row>(
        pageQuery(
          COLUMNS,
          'txn',
          `partner_id = @partnerId AND product = @product
           ${business ? 'AND (from_business_id = @businessId OR to_business_id = @businessId)' : ''}
           ${dates ? 'AND creation_time >= @fromDate AND creation_time <= @toDate' : ''}`,
          'LIMIT @limit OFFSET @start',
        ),
      );
      lists.set(key, statement);
    }
    return statement;
  };

  const owner = db
    .prepare<[number, number], number>('SELECT 1 FROM txn WHERE id = ? AND partner_id = ?')
    .pluck(true);
  const every = db.prepare<[number, number], Row>(
    `SELECT ${COLUMNS} FROM txn WHERE partner_id = ? ORDER BY id LIMIT ?`,
  );
  return {
    /** The partner's first `limit` transactions of every product, oldest first (an export). */
    every: (partnerId: number, limit: number) => every.all(partnerId, limit).map(toRecord),
    /** Whether transaction `id` is the partner's (of any product). */
    ownerOf: (id: number, partnerId: number) => owner.get(id, partnerId) === 1,
    insert(
      partnerId: number,
      record: Omit<TransactionRecord, 'businessRequestId'>,
    ): TransactionRecord {
      const id = Number(insert.run({ partnerId, ...toParams(record) }).lastInsertRowid);
      return toRecord(byId.get(id, partnerId, record.product)!);
    },
    save(partnerId: number, record: TransactionRecord): TransactionRecord {
      save.run({ partnerId, ...toParams(record), businessRequestId: record.businessRequestId });
      return toRecord(byId.get(record.businessRequestId, partnerId, record.product)!);
    },
    byId(partnerId: number, product: Product, id: number): TransactionRecord | undefined {
      const row = byId.get(id, partnerId, product);
      return row && toRecord(row);
    },
    byIdAnyPartner(id: number): (TransactionRecord & { partnerId: number }) | undefined {
      const row = byIdAnyPartner.get(id);
      return row && { ...toRecord(row), partnerId: row.partnerId };
    },
    /** One more row than asked for, so the caller can tell whether more follow. */
    list(
      partnerId: number,
      product: Product,
      filter: TransactionFilter,
      start: number,
      limit: number,
    ) {
      const business = filter.businessId !== undefined;
      const dates = filter.fromDate !== undefined || filter.toDate !== undefined;
      return listStatement(business, dates)
        .all({
          partnerId,
          product,
          ...(business ? { businessId: filter.businessId } : {}),
          ...(dates
            ? { fromDate: filter.fromDate ?? 0, toDate: filter.toDate ?? Number.MAX_SAFE_INTEGER }
            : {}),
          limit: limit + 1,
          start,
        })
        .map(toRecord);
    },
  };
}
