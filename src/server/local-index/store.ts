// The local index of the partner's records (docs/decisions/018): upserts from the API's answers,
// and the list, join and search questions the API cannot answer, on SQLite and PostgreSQL alike.
import { type SqlBool, sql } from 'kysely';
import type { Merchant } from '../../api/schemas/merchant';
import type { PayoutAccount } from '../../api/schemas/payout-account';
import type { Product, Transaction } from '../../api/schemas/transaction';
import { awaitingOf, isFinalStatus } from '../../api/transaction-states';
import type { DashboardDb } from '../store/db';
import {
  accountTerms,
  amountKey,
  merchantTerms,
  numberTail,
  queryWords,
  transactionTerms,
  wordsOf,
} from './terms';

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
  sort?: 'created' | 'name' | 'status' | undefined;
  order?: SortOrder | undefined;
  start: number;
  limit: number;
}

export interface AccountQuery {
  q?: string | undefined;
  accountStatus?: string[] | undefined;
  businessId?: number | undefined;
  currencySymbol?: string | undefined;
  sort?: 'created' | 'status' | undefined;
  order?: SortOrder | undefined;
  start: number;
  limit: number;
}

export interface TransactionQuery {
  q?: string | undefined;
  product?: Product | undefined;
  clientStatus?: string[] | undefined;
  awaiting?: 'quote' | 'deposit' | undefined;
  /** Not completed or cancelled, and not changed since this time. */
  stalledSince?: number | undefined;
  businessId?: number | undefined;
  accountId?: number | undefined;
  fromDate?: number | undefined;
  toDate?: number | undefined;
  sort?: 'created' | 'amount' | 'status' | 'updated' | undefined;
  order?: SortOrder | undefined;
  start: number;
  limit: number;
}

const parse = <T>(json: string) => JSON.parse(json) as T;

/** An upsert that inserted or updated its row (not one skipped as older than what is stored). */
const wasWritten = (result: { numInsertedOrUpdatedRows?: bigint | undefined }) =>
  (result.numInsertedOrUpdatedRows ?? 1n) > 0n;

export function localIndex(store: DashboardDb, now: () => number = Date.now) {
  const { db, dialect } = store;

  /** Refs of the kind's search documents matching every word as a prefix. */
  function matching(environment: string, kind: IndexKind, text: string) {
    const words = queryWords(text);
    if (words.length === 0) return undefined;
    if (dialect === 'postgres') {
      const query = words.map((w) => `${w}:*`).join(' & ');
      return sql<string>`(SELECT ref FROM index_search WHERE environment = ${environment}
        AND kind = ${kind} AND terms_tsv @@ to_tsquery('simple', ${query}))`;
    }
    const query = words.map((w) => `"${w.replace(/"/g, '""')}"*`).join(' AND ');
    return sql<string>`(SELECT ref FROM index_search WHERE environment = ${environment}
      AND kind = ${kind} AND rowid IN (SELECT rowid FROM index_search_fts
      WHERE index_search_fts MATCH ${query}))`;
  }

  const idText = (column: string) =>
    dialect === 'postgres' ? sql.raw(`${column}::text`) : sql.raw(`CAST(${column} AS TEXT)`);

  async function putSearch(
    trx: typeof db,
    environment: string,
    kind: IndexKind,
    ref: string,
    terms: string,
  ) {
    await trx
      .insertInto('index_search')
      .values({ environment, kind, ref, terms })
      .onConflict((oc) => oc.columns(['environment', 'kind', 'ref']).doUpdateSet({ terms }))
      .execute();
  }

  function pageOf<T>(rows: T[], start: number, limit: number): Page<T> {
    return { start, limit, hasMore: rows.length > limit, results: rows.slice(0, limit) };
  }

  return {
    async putMerchants(environment: string, merchants: Merchant[], trx = db): Promise<void> {
      const at = now();
      for (const m of merchants) {
        const row = {
          environment,
          id: m.id,
          owner_id: m.contactOwnerBusinessId ?? null,
          name: m.name,
          name_key: wordsOf(m.name).join(' '),
          kyc_status: m.kycStatus,
          country_iso: m.countryIso,
          creation_time: m.creationTime,
          last_update_time: m.lastUpdateTime,
          record: JSON.stringify(m),
          synced_at: at,
        };
        const { environment: _e, id: _i, ...changes } = row;
        const written = await trx
          .insertInto('index_merchant')
          .values(row)
          .onConflict((oc) =>
            oc
              .columns(['environment', 'id'])
              .doUpdateSet(changes)
              .where('index_merchant.last_update_time', '<=', m.lastUpdateTime),
          )
          .executeTakeFirst();
        if (wasWritten(written))
          await putSearch(trx, environment, 'merchant', String(m.id), merchantTerms(m));
      }
    },

    async putAccounts(environment: string, accounts: PayoutAccount[], trx = db): Promise<void> {
      const at = now();
      for (const a of accounts) {
        const row = {
          environment,
          id: a.id,
          business_id: a.businessId,
          currency_symbol: a.currencySymbol,
          account_status: a.accountStatus,
          holder_name: a.accountHolderName,
          number_tail: numberTail(a),
          creation_time: a.creationTime,
          last_update_time: a.lastUpdateTime,
          record: JSON.stringify(a),
          synced_at: at,
        };
        const { environment: _e, id: _i, ...changes } = row;
        const written = await trx
          .insertInto('index_account')
          .values(row)
          .onConflict((oc) =>
            oc
              .columns(['environment', 'id'])
              .doUpdateSet(changes)
              .where('index_account.last_update_time', '<=', a.lastUpdateTime),
          )
          .executeTakeFirst();
        if (wasWritten(written))
          await putSearch(trx, environment, 'account', String(a.id), accountTerms(a));
      }
    },

    async putTransactions(
      environment: string,
      product: Product,
      transactions: Transaction[],
      trx = db,
    ): Promise<void> {
      const at = now();
      for (const t of transactions) {
        const row = {
          environment,
          product,
          id: t.businessRequestId,
          from_business_id: t.fromBusinessId,
          to_business_id: t.toBusinessId,
          account_id: t.toBusinessExternalAccountId,
          client_status: t.clientStatus,
          awaiting: awaitingOf(product, t) ?? '',
          final: isFinalStatus(t.clientStatus) ? 1 : 0,
          to_amount: t.toAmount,
          to_amount_key: amountKey(t.toAmount),
          to_currency: t.toCurrencySymbol,
          from_currency: t.fromCurrencySymbol,
          creation_time: t.creationTime,
          last_update_time: t.lastUpdateTime,
          record: JSON.stringify(t),
          synced_at: at,
        };
        const { environment: _e, product: _p, id: _i, ...changes } = row;
        const written = await trx
          .insertInto('index_transaction')
          .values(row)
          .onConflict((oc) =>
            oc
              .columns(['environment', 'product', 'id'])
              .doUpdateSet(changes)
              .where('index_transaction.last_update_time', '<=', t.lastUpdateTime),
          )
          .executeTakeFirst();
        if (wasWritten(written))
          await putSearch(
            trx,
            environment,
            'transaction',
            `${product}/${t.businessRequestId}`,
            transactionTerms(t),
          );
      }
    },

    /** When each kind's record was last written, to tell a stale update from a newer one. */
    async knownUpdateTimes(
      environment: string,
      list: 'merchants' | 'accounts' | Product,
      ids: number[],
    ): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows =
        list === 'merchants'
          ? await db
              .selectFrom('index_merchant')
              .select(['id', 'last_update_time'])
              .where('environment', '=', environment)
              .where('id', 'in', ids)
              .execute()
          : list === 'accounts'
            ? await db
                .selectFrom('index_account')
                .select(['id', 'last_update_time'])
                .where('environment', '=', environment)
                .where('id', 'in', ids)
                .execute()
            : await db
                .selectFrom('index_transaction')
                .select(['id', 'last_update_time'])
                .where('environment', '=', environment)
                .where('product', '=', list)
                .where('id', 'in', ids)
                .execute();
      return new Map(rows.map((r) => [Number(r.id), Number(r.last_update_time)]));
    },

    async merchants(environment: string, q: MerchantQuery): Promise<Page<MerchantRow>> {
      let select = db
        .selectFrom('index_merchant as m')
        .leftJoin('index_merchant as o', (join) =>
          join.onRef('o.environment', '=', 'm.environment').onRef('o.id', '=', 'm.owner_id'),
        )
        .select(['m.record', 'o.name as owner_name'])
        .where('m.environment', '=', environment);
      const found = q.q ? matching(environment, 'merchant', q.q) : undefined;
      if (q.q && !found) return pageOf([], q.start, q.limit);
      if (found) select = select.where(sql<SqlBool>`${idText('m.id')} IN ${found}`);
      if (q.kycStatus?.length) select = select.where('m.kyc_status', 'in', q.kycStatus);
      if (q.ownerId !== undefined) select = select.where('m.owner_id', '=', q.ownerId);
      if (q.type === 'customer') select = select.where('m.owner_id', 'is', null);
      if (q.type === 'contact') select = select.where('m.owner_id', 'is not', null);
      const order = q.order ?? (q.sort === 'name' || q.sort === 'status' ? 'asc' : 'desc');
      if (q.sort === 'name') select = select.orderBy('m.name_key', order);
      else if (q.sort === 'status') select = select.orderBy('m.kyc_status', order);
      select = select.orderBy('m.creation_time', order).orderBy('m.id', order);
      const rows = await select
        .limit(q.limit + 1)
        .offset(q.start)
        .execute();
      return pageOf(
        rows.map((r) => ({ ...parse<Merchant>(r.record), ownerName: r.owner_name ?? null })),
        q.start,
        q.limit,
      );
    },

    async accounts(environment: string, q: AccountQuery): Promise<Page<AccountRow>> {
      let select = db
        .selectFrom('index_account as a')
        .leftJoin('index_merchant as m', (join) =>
          join.onRef('m.environment', '=', 'a.environment').onRef('m.id', '=', 'a.business_id'),
        )
        .select(['a.record', 'm.name as merchant_name'])
        .where('a.environment', '=', environment);
      const found = q.q ? matching(environment, 'account', q.q) : undefined;
      if (q.q && !found) return pageOf([], q.start, q.limit);
      if (found) select = select.where(sql<SqlBool>`${idText('a.id')} IN ${found}`);
      if (q.accountStatus?.length) select = select.where('a.account_status', 'in', q.accountStatus);
      if (q.businessId !== undefined) select = select.where('a.business_id', '=', q.businessId);
      if (q.currencySymbol) select = select.where('a.currency_symbol', '=', q.currencySymbol);
      const order = q.order ?? (q.sort === 'status' ? 'asc' : 'desc');
      if (q.sort === 'status') select = select.orderBy('a.account_status', order);
      select = select.orderBy('a.creation_time', order).orderBy('a.id', order);
      const rows = await select
        .limit(q.limit + 1)
        .offset(q.start)
        .execute();
      return pageOf(
        rows.map((r) => ({
          ...parse<PayoutAccount>(r.record),
          merchantName: r.merchant_name ?? null,
        })),
        q.start,
        q.limit,
      );
    },

    async transactions(environment: string, q: TransactionQuery): Promise<Page<TransactionRow>> {
      let select = db
        .selectFrom('index_transaction as t')
        .leftJoin('index_merchant as m', (join) =>
          join
            .onRef('m.environment', '=', 't.environment')
            .onRef('m.id', '=', 't.from_business_id'),
        )
        .leftJoin('index_merchant as r', (join) =>
          join.onRef('r.environment', '=', 't.environment').onRef('r.id', '=', 't.to_business_id'),
        )
        .leftJoin('index_account as a', (join) =>
          join.onRef('a.environment', '=', 't.environment').onRef('a.id', '=', 't.account_id'),
        )
        .select([
          't.record',
          't.product',
          'm.name as merchant_name',
          'r.name as recipient_name',
          'a.holder_name',
          'a.number_tail',
        ])
        .where('t.environment', '=', environment);
      const found = q.q ? matching(environment, 'transaction', q.q) : undefined;
      if (q.q && !found) return pageOf([], q.start, q.limit);
      if (found) {
        const ref =
          dialect === 'postgres'
            ? sql`t.product || '/' || t.id::text`
            : sql`t.product || '/' || CAST(t.id AS TEXT)`;
        select = select.where(sql<SqlBool>`${ref} IN ${found}`);
      }
      if (q.product) select = select.where('t.product', '=', q.product);
      if (q.clientStatus?.length) select = select.where('t.client_status', 'in', q.clientStatus);
      if (q.awaiting) select = select.where('t.awaiting', '=', q.awaiting);
      if (q.stalledSince !== undefined)
        select = select.where('t.final', '=', 0).where('t.last_update_time', '<', q.stalledSince);
      if (q.businessId !== undefined) {
        const id = q.businessId;
        select = select.where((eb) =>
          eb.or([eb('t.from_business_id', '=', id), eb('t.to_business_id', '=', id)]),
        );
      }
      if (q.accountId !== undefined) select = select.where('t.account_id', '=', q.accountId);
      if (q.fromDate !== undefined) select = select.where('t.creation_time', '>=', q.fromDate);
      if (q.toDate !== undefined) select = select.where('t.creation_time', '<=', q.toDate);
      const order = q.order ?? (q.sort === 'status' ? 'asc' : 'desc');
      if (q.sort === 'amount') select = select.orderBy('t.to_amount_key', order);
      else if (q.sort === 'status') select = select.orderBy('t.client_status', order);
      else if (q.sort === 'updated') select = select.orderBy('t.last_update_time', order);
      select = select.orderBy('t.creation_time', order).orderBy('t.id', order);
      const rows = await select
        .limit(q.limit + 1)
        .offset(q.start)
        .execute();
      return pageOf(
        rows.map((r) => ({
          ...parse<Transaction>(r.record),
          product: r.product as Product,
          merchantName: r.merchant_name ?? null,
          recipientName: r.recipient_name ?? null,
          accountHolderName: r.holder_name ?? null,
          accountTail: r.number_tail ?? null,
        })),
        q.start,
        q.limit,
      );
    },

    /** The search box: up to `perKind` of each kind, best first (newest among equals). */
    async search(environment: string, text: string, perKind = 5) {
      const [merchants, accounts, transactions] = await Promise.all([
        this.merchants(environment, { q: text, start: 0, limit: perKind }),
        this.accounts(environment, { q: text, start: 0, limit: perKind }),
        this.transactions(environment, { q: text, start: 0, limit: perKind }),
      ]);
      return {
        merchants: merchants.results,
        accounts: accounts.results,
        transactions: transactions.results,
      };
    },

    async counts(environment: string) {
      const one = async (table: 'index_merchant' | 'index_account' | 'index_transaction') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('environment', '=', environment)
              .executeTakeFirstOrThrow()
          ).n,
        );
      return {
        merchants: await one('index_merchant'),
        accounts: await one('index_account'),
        transactions: await one('index_transaction'),
      };
    },

    /** Transactions that may still move on their own, least recently checked first. */
    async openTransactions(environment: string, limit: number) {
      const rows = await db
        .selectFrom('index_transaction')
        .select(['product', 'id'])
        .where('environment', '=', environment)
        .where('final', '=', 0)
        .orderBy('synced_at', 'asc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ product: r.product as Product, id: Number(r.id) }));
    },

    /** Merchants whose KYC review may end on its own, least recently checked first. */
    async reviewingMerchants(environment: string, limit: number) {
      const rows = await db
        .selectFrom('index_merchant')
        .select('id')
        .where('environment', '=', environment)
        .where('kyc_status', 'in', ['PENDING_REVIEW', 'UNDER_REVIEW'])
        .orderBy('synced_at', 'asc')
        .limit(limit)
        .execute();
      return rows.map((r) => Number(r.id));
    },

    /** Drops every record of an environment (its credentials now name another partner). */
    async clear(environment: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const table of [
          'index_merchant',
          'index_account',
          'index_transaction',
          'index_search',
          'index_sync',
        ] as const)
          await trx.deleteFrom(table).where('environment', '=', environment).execute();
      });
    },
  };
}

export type LocalIndex = ReturnType<typeof localIndex>;
