// Writing the local index (docs/decisions/018): pages of the API's records upserted in one
// statement each (an older answer never replaces a newer one), their search words beside them,
// and an environment's records dropped when they are gone or belong to another partner.
import type { Merchant } from '#/api/schemas/merchant';
import type { PayoutAccount } from '#/api/schemas/payout-account';
import { PRODUCTS, type Product, type Transaction } from '#/api/schemas/transaction';
import { awaitingOf, isFinalStatus } from '#/api/transaction-states';
import { accountNumberKey, ibanKey } from '#/api/payee';
import type { Kysely } from 'kysely';
import { reportColumns } from './amount-parts';
import type { DashboardDb } from '../store/db';
import type { Database } from '../store/schema';
import type { IndexKind } from './store-types';
import {
  accountTerms,
  amountKey,
  merchantTerms,
  numberTail,
  transactionTerms,
  wordsOf,
} from './terms';

/** `SET column = excluded.column` for every column of `row` but the key's. */
function updateAll<R extends object>(row: R, key: Array<keyof R>) {
  return (eb: { ref(reference: string): unknown }) =>
    Object.fromEntries(
      Object.keys(row)
        .filter((column) => !key.includes(column as keyof R))
        .map((column) => [column, eb.ref(`excluded.${column}`)]),
    ) as never;
}

/** The tables holding an environment's records and where its fill stands. */
const RECORD_TABLES = [
  'index_merchant',
  'index_account',
  'index_transaction',
  // After the transactions: their triggers have taken them away from these, leaving zeros.
  'index_report_volume',
  'index_report_status',
  'index_report_merchant',
  'index_search',
  'index_sync',
] as const;
type IndexTable = (typeof RECORD_TABLES)[number] | 'index_webhook' | 'index_owner';

/**
 * Called in the writing transaction with the transactions that were known and not final, and
 * are final now (not those first seen already final, as in a first fill).
 */
export type TransactionsEnded = (
  trx: Kysely<Database>,
  environment: string,
  product: Product,
  ended: readonly Transaction[],
) => Promise<void>;

/**
 * Records just written to the index (for the live updates of open pages), told in the writing
 * transaction; no ids: every record of the kind may have changed.
 */
export type RecordsWritten = (
  trx: Kysely<Database>,
  environment: string,
  kind: 'merchant' | 'account' | Product,
  ids: readonly number[],
) => Promise<void>;

export function indexWrites(
  store: DashboardDb,
  now: () => number = Date.now,
  onEnded?: TransactionsEnded,
  onWritten?: RecordsWritten,
) {
  const { db } = store;

  /** The search documents of the records just written, in one statement. */
  async function putSearch(
    trx: typeof db,
    docs: Array<{
      environment: string;
      kind: IndexKind;
      product: string;
      record_id: number;
      terms: string;
    }>,
  ) {
    if (docs.length === 0) return;
    await trx
      .insertInto('index_search')
      .values(docs)
      .onConflict((oc) =>
        oc
          .columns(['environment', 'kind', 'product', 'record_id'])
          .doUpdateSet((eb) => ({ terms: eb.ref('excluded.terms') })),
      )
      .execute();
  }

  /**
   * Writes one page of records of a kind in one statement (a row older than the stored one is
   * skipped), then the search words of the rows written (RETURNING tells which).
   */
  async function putRows(
    trx: typeof db,
    table: 'index_merchant' | 'index_account' | 'index_transaction',
    key: string[],
    rows: Array<{ id: number; last_update_time: number }>,
    search: { environment: string; kind: IndexKind; product: string; terms: (i: number) => string },
  ) {
    if (rows.length === 0) return;
    // What is stored now, to tell open pages only of records new or newer than that.
    const before = onWritten
      ? new Map(
          (
            await (
              search.kind === 'transaction'
                ? // By the whole key: (environment, id) alone is no prefix of the
                  // transactions' key, and would walk every row of the environment.
                  trx
                    .selectFrom('index_transaction')
                    .select(['id', 'last_update_time'])
                    .where('environment', '=', search.environment)
                    .where('product', '=', search.product)
                    .where(
                      'id',
                      'in',
                      rows.map((r) => r.id),
                    )
                : trx
                    .selectFrom(table)
                    .select(['id', 'last_update_time'])
                    .where('environment', '=', search.environment)
                    .where(
                      'id',
                      'in',
                      rows.map((r) => r.id),
                    )
            ).execute()
          ).map((r) => [Number(r.id), Number(r.last_update_time)]),
        )
      : undefined;
    const written = await trx
      .insertInto(table)
      .values(rows as never)
      .onConflict((oc) =>
        oc
          .columns(key as never)
          .doUpdateSet(updateAll(rows[0]!, key as never))
          .whereRef(
            `${table}.last_update_time` as never,
            '<=',
            'excluded.last_update_time' as never,
          ),
      )
      .returning('id')
      .execute();
    const ids = new Set(written.map((r) => Number(r.id)));
    const changed = rows.filter((r) => {
      const known = before?.get(r.id);
      return ids.has(r.id) && (known === undefined || known < r.last_update_time);
    });
    if (onWritten && changed.length > 0)
      await onWritten(
        trx,
        search.environment,
        search.kind === 'transaction' ? (search.product as Product) : search.kind,
        changed.map((r) => r.id),
      );
    const { terms, ...document } = search;
    await putSearch(
      trx,
      rows.flatMap((row, i) =>
        ids.has(row.id) ? [{ ...document, record_id: row.id, terms: terms(i) }] : [],
      ),
    );
  }

  /** Deletes an environment's rows from `tables`, in one transaction. */
  async function dropRows(environment: string, tables: readonly IndexTable[]): Promise<void> {
    await db.transaction().execute(async (trx) => {
      for (const table of tables)
        await trx.deleteFrom(table).where('environment', '=', environment).execute();
      // Every list of the environment changed at once: open pages read theirs again.
      if (onWritten)
        for (const kind of ['merchant', 'account', ...PRODUCTS] as const)
          await onWritten(trx, environment, kind, []);
    });
  }

  /** The rows of one page of a product's transactions, with their search words. */
  async function putTransactionRows(
    environment: string,
    product: Product,
    transactions: Transaction[],
    trx = db,
  ): Promise<void> {
    const at = now();
    await putRows(
      trx,
      'index_transaction',
      ['environment', 'product', 'id'],
      transactions.map((t) => ({
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
        ...reportColumns(t),
      })),
      {
        environment,
        kind: 'transaction',
        product,
        terms: (i) => transactionTerms(transactions[i]!),
      },
    );
  }

  return {
    async putMerchants(environment: string, merchants: Merchant[], trx = db): Promise<void> {
      const at = now();
      await putRows(
        trx,
        'index_merchant',
        ['environment', 'id'],
        merchants.map((m) => ({
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
        })),
        { environment, kind: 'merchant', product: '', terms: (i) => merchantTerms(merchants[i]!) },
      );
    },

    async putAccounts(environment: string, accounts: PayoutAccount[], trx = db): Promise<void> {
      const at = now();
      await putRows(
        trx,
        'index_account',
        ['environment', 'id'],
        accounts.map((a) => ({
          environment,
          id: a.id,
          business_id: a.businessId,
          currency_symbol: a.currencySymbol,
          account_status: a.accountStatus,
          holder_name: a.accountHolderName,
          number_tail: numberTail(a),
          iban_key: a.iban ? ibanKey(a.iban) : null,
          number_key: a.accountNumber ? accountNumberKey(a.accountNumber) || null : null,
          creation_time: a.creationTime,
          last_update_time: a.lastUpdateTime,
          record: JSON.stringify(a),
          synced_at: at,
        })),
        { environment, kind: 'account', product: '', terms: (i) => accountTerms(accounts[i]!) },
      );
    },

    async putTransactions(
      environment: string,
      product: Product,
      transactions: Transaction[],
      trx = db,
    ): Promise<void> {
      const write = async (t: typeof db) => {
        const final = transactions.filter((x) => isFinalStatus(x.clientStatus));
        const finalIds = final.map((x) => x.businessRequestId);
        const open =
          onEnded && final.length > 0
            ? new Set(
                (
                  await t
                    .selectFrom('index_transaction')
                    .select(['id', 'final'])
                    .where('environment', '=', environment)
                    .where('product', '=', product)
                    .where('id', 'in', finalIds)
                    .execute()
                )
                  // `final` is read, not asked: asked, SQLite would walk every open
                  // transaction by its index instead of looking these up by the key.
                  .filter((r) => Number(r.final) === 0)
                  .map((r) => Number(r.id)),
              )
            : new Set<number>();
        await putTransactionRows(environment, product, transactions, t);
        const ended = final.filter((x) => open.has(x.businessRequestId));
        if (ended.length > 0) await onEnded!(t as Kysely<Database>, environment, product, ended);
      };
      if (!onEnded || trx !== db) return write(trx);
      await db.transaction().execute((t) => write(t as typeof db));
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

    /**
     * Drops the records of an environment and where each list's fill stood (its records were
     * deleted, a sandbox reset), keeping its owner and webhook: the next pass fills it again.
     */
    clearRecords: (environment: string) => dropRows(environment, RECORD_TABLES),

    /** Drops every record of an environment (its credentials now name another partner). */
    clear: (environment: string) =>
      dropRows(environment, [...RECORD_TABLES, 'index_webhook', 'index_owner']),
  };
}
