// Asking the local index (docs/decisions/018) the list, join and search questions the API
// cannot answer: filtered, sorted pages with names joined, keyed export pages, search by words,
// numbers and amounts, and what the sync should look at again. SQLite and PostgreSQL alike.
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Merchant } from '#/api/schemas/merchant';
import type { PayoutAccount } from '#/api/schemas/payout-account';
import type { Product, Transaction } from '#/api/schemas/transaction';
import { accountNumberKey, ibanKey } from '#/api/payee';
import type { DashboardDb } from '../store/db';
import type {
  AccountQuery,
  AccountRow,
  ExportCursor,
  IndexKind,
  MerchantQuery,
  MerchantRow,
  Page,
  TransactionQuery,
  TransactionRow,
} from './store-types';
import { queryWords, wordsOf } from './terms';
import { joinParts } from './amount-parts';

const parse = <T>(json: string) => JSON.parse(json) as T;

/** Rows read for these ids (each once; none read for none), keyed by id. */
async function keyedById<R extends { id: number | string }, T>(
  ids: readonly number[],
  read: (unique: number[]) => Promise<R[]>,
  value: (row: R) => T,
): Promise<Map<number, T>> {
  const found = new Map<number, T>();
  if (ids.length === 0) return found;
  for (const row of await read([...new Set(ids)])) found.set(Number(row.id), value(row));
  return found;
}

/** A row of the index as the lists show it: the record, its product and the names joined. */
/** An environment's transactions as `t`, with the columns `transactionRow` reads. */
export function namedTransactions({ db }: DashboardDb, environment: string) {
  return db
    .selectFrom('index_transaction as t')
    .leftJoin('index_merchant as m', (join) =>
      join.onRef('m.environment', '=', 't.environment').onRef('m.id', '=', 't.from_business_id'),
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
}

export const transactionRow = (r: {
  record: string;
  product: string;
  merchant_name: string | null;
  recipient_name: string | null;
  holder_name: string | null;
  number_tail: string | null;
}): TransactionRow => ({
  ...parse<Transaction>(r.record),
  product: r.product as Product,
  merchantName: r.merchant_name ?? null,
  recipientName: r.recipient_name ?? null,
  accountHolderName: r.holder_name ?? null,
  accountTail: r.number_tail ?? null,
});

/** What a page is read from: a select of the index, ordered and cut by `pageOf`. */
interface Sortable<O> {
  orderBy(expression: RawBuilder<unknown>, direction: 'asc' | 'desc'): Sortable<O>;
  limit(limit: number): Sortable<O>;
  offset(offset: number): Sortable<O>;
  execute(): Promise<O[]>;
}

export function indexQueries(store: DashboardDb) {
  const { db, dialect } = store;

  /**
   * A list's search by words as a condition on `key`, the list's record key: each word must
   * start a word of the record's search document. Undefined without text (nothing to narrow);
   * null when the text has no words, so that nothing can match.
   */
  function searched(
    environment: string,
    kind: IndexKind,
    text: string | undefined,
    key: 'm.id' | 'a.id' | '(t.product, t.id)',
  ) {
    if (!text) return undefined;
    const words = queryWords(text);
    if (words.length === 0) return null;
    // A transaction is found by its counterparties' names too (decision 069): its sender or
    // recipient merchant, or its payout account's holder, as they are named now. One full-text
    // match over the three kinds (the costly part), then each through an index: SQLite by rowid
    // (a row-value IN over a compound SELECT would be checked against every transaction).
    if (kind === 'transaction') {
      const postgres = dialect === 'postgres';
      const column = sql.raw(postgres ? 'product, id' : 'rowid');
      const through = (by: string, of: 'merchant' | 'account') =>
        sql`SELECT ${column} FROM index_transaction
          WHERE environment = ${environment}
          AND ${sql.raw(by)} IN (SELECT record_id FROM hits WHERE kind = ${of})`;
      const hits = matches(environment, ['transaction', 'merchant', 'account'], words, [
        'kind',
        'product',
        'record_id',
      ]);
      const all = sql`WITH hits AS MATERIALIZED (${hits})
        SELECT ${sql.raw(postgres ? 't2.product, t2.id' : 't2.rowid')}
          FROM hits h ${sql.raw(postgres ? 'JOIN' : 'CROSS JOIN')} index_transaction t2
          ON t2.environment = ${environment} AND t2.product = h.product AND t2.id = h.record_id
          WHERE h.kind = 'transaction'
        UNION ${through('from_business_id', 'merchant')}
        UNION ${through('to_business_id', 'merchant')}
        UNION ${through('account_id', 'account')}`;
      return postgres
        ? sql<SqlBool>`(t.product, t.id) IN (${all})`
        : sql<SqlBool>`t.rowid IN (${all})`;
    }
    const columns = key.startsWith('(')
      ? (['product', 'record_id'] as const)
      : (['record_id'] as const);
    return sql<SqlBool>`${sql.raw(key)} IN (${matches(environment, [kind], words, columns)})`;
  }

  /** A search's words as a PostgreSQL text query: each a prefix, all of them. */
  const tsQuery = (words: string[]) => words.map((w) => `${w}:*`).join(' & ');

  /** A search's words as an FTS5 query: each a prefix, all of them. */
  const ftsQuery = (words: string[]) =>
    words.map((w) => `"${w.replace(/"/g, '""')}"*`).join(' AND ');

  /**
   * The records of these kinds whose search document has every word (each as a prefix): a
   * SELECT of `columns` of their documents.
   */
  function matches(
    environment: string,
    kinds: readonly IndexKind[],
    words: string[],
    columns: ReadonlyArray<'kind' | 'product' | 'record_id'>,
  ) {
    const list = sql.join(kinds.map((k) => sql`${k}`));
    if (dialect === 'postgres')
      return sql`SELECT ${sql.raw(columns.join(', '))} FROM index_search
        WHERE environment = ${environment} AND kind IN (${list})
        AND terms_tsv @@ to_tsquery('simple', ${tsQuery(words)})`;
    // From the full-text matches to their documents by rowid, then this environment and kind.
    return sql`SELECT ${sql.raw(columns.map((c) => `s.${c}`).join(', '))}
      FROM index_search_fts f CROSS JOIN index_search s
      ON s.rowid = f.rowid WHERE f.index_search_fts MATCH ${ftsQuery(words)}
      AND s.environment = ${environment} AND s.kind IN (${list})`;
  }

  /**
   * A sort column. When the rows are a few candidates (a search's matches, one merchant's
   * transactions), `+column` keeps SQLite from walking the whole table in sort order to find
   * them; it sorts the candidates instead. (PostgreSQL plans by cost either way.)
   */
  const by = (column: string, fromCandidates: boolean) =>
    sql.raw(fromCandidates ? `+${column}` : column);

  /** The index's transactions that a filter selects, with names joined; not ordered yet. */
  function filteredTransactions(environment: string, q: TransactionQuery) {
    const found = searched(environment, 'transaction', q.q, '(t.product, t.id)');
    if (found === null) return undefined;
    let select = namedTransactions(store, environment);
    if (found) select = select.where(found);
    if (q.product) select = select.where('t.product', '=', q.product);
    if (q.clientStatus?.length) select = select.where('t.client_status', 'in', q.clientStatus);
    if (q.awaiting) select = select.where('t.awaiting', '=', q.awaiting);
    if (q.stalledSince !== undefined)
      select = select
        .where('t.client_status', 'in', ['OnOff_IN_PROGRESS', 'Receive_IN_PROGRESS'])
        .where('t.last_update_time', '<', q.stalledSince);
    if (q.businessId !== undefined) {
      // Sent or received: two index lookups rather than one OR over the whole table (by
      // rowid on SQLite, whose planner otherwise walks an index of the whole table).
      const id = q.businessId;
      const key = dialect === 'postgres' ? sql.raw('(t.product, t.id)') : sql.raw('t.rowid');
      const columns = dialect === 'postgres' ? sql.raw('product, id') : sql.raw('rowid');
      select = select.where(
        sql<SqlBool>`${key} IN (SELECT ${columns} FROM index_transaction
          WHERE environment = ${environment} AND from_business_id = ${id}
          UNION SELECT ${columns} FROM index_transaction
          WHERE environment = ${environment} AND to_business_id = ${id})`,
      );
    }
    if (q.accountId !== undefined) select = select.where('t.account_id', '=', q.accountId);
    if (q.fromDate !== undefined) select = select.where('t.creation_time', '>=', q.fromDate);
    if (q.toDate !== undefined) select = select.where('t.creation_time', '<=', q.toDate);
    const few = found !== undefined || q.businessId !== undefined || q.accountId !== undefined;
    return { select, few };
  }

  /** The index's merchants that a filter selects, with their owner's name; not ordered yet. */
  function filteredMerchants(environment: string, q: MerchantQuery) {
    const found = searched(environment, 'merchant', q.q, 'm.id');
    if (found === null) return undefined;
    let select = db
      .selectFrom('index_merchant as m')
      .leftJoin('index_merchant as o', (join) =>
        join.onRef('o.environment', '=', 'm.environment').onRef('o.id', '=', 'm.owner_id'),
      )
      .select(['m.record', 'o.name as owner_name'])
      .where('m.environment', '=', environment);
    if (found) select = select.where(found);
    if (q.kycStatus?.length) select = select.where('m.kyc_status', 'in', q.kycStatus);
    if (q.ownerId !== undefined) select = select.where('m.owner_id', '=', q.ownerId);
    if (q.type === 'customer') select = select.where('m.owner_id', 'is', null);
    if (q.type === 'contact') select = select.where('m.owner_id', 'is not', null);
    return { select, few: found !== undefined || q.ownerId !== undefined };
  }

  /** The index's payout accounts that a filter selects, with their merchant's name. */
  async function filteredAccounts(environment: string, q: AccountQuery) {
    const found = searched(environment, 'account', q.q, 'a.id');
    if (found === null) return undefined;
    let select = db
      .selectFrom('index_account as a')
      .leftJoin('index_merchant as m', (join) =>
        join.onRef('m.environment', '=', 'a.environment').onRef('m.id', '=', 'a.business_id'),
      )
      .select(['a.record', 'm.name as merchant_name'])
      .where('a.environment', '=', environment);
    if (found) select = select.where(found);
    if (q.accountStatus?.length) select = select.where('a.account_status', 'in', q.accountStatus);
    if (q.businessId !== undefined) select = select.where('a.business_id', '=', q.businessId);
    // A merchant's circle: its customer (itself, or its owner when it is a contact) and every
    // contact of that customer.
    if (q.party !== undefined) {
      const owner = await db
        .selectFrom('index_merchant')
        .select('owner_id')
        .where('environment', '=', environment)
        .where('id', '=', q.party)
        .executeTakeFirst();
      const circle = owner?.owner_id != null ? Number(owner.owner_id) : q.party;
      select = select.where((eb) =>
        eb.or([eb('a.business_id', '=', circle), eb('m.owner_id', '=', circle)]),
      );
    }
    if (q.currencySymbol) select = select.where('a.currency_symbol', '=', q.currencySymbol);
    return {
      select,
      few: found !== undefined || q.businessId !== undefined || q.party !== undefined,
    };
  }

  /**
   * A page of a list's filtered rows: by the column chosen in `sorts`, then newest first (the id
   * breaking ties), `limit + 1` read to know whether more follow. Columns sorted by text or
   * status go up unless told; times and amounts go down.
   */
  async function pageOf<O, T>(
    filtered: { select: Sortable<O>; few: boolean } | undefined,
    q: { start: number; limit: number; sort?: string; order?: 'asc' | 'desc' },
    list: { alias: string; sorts: Record<string, string>; ascending: readonly string[] },
    row: (r: O) => T,
  ): Promise<Page<T>> {
    const { start, limit } = q;
    if (!filtered) return { start, limit, hasMore: false, results: [] };
    const { few } = filtered;
    const order = q.order ?? (q.sort && list.ascending.includes(q.sort) ? 'asc' : 'desc');
    const column = q.sort ? list.sorts[q.sort] : undefined;
    let select = filtered.select;
    if (column) select = select.orderBy(by(column, few), order);
    const rows = await select
      .orderBy(by(`${list.alias}.creation_time`, few), order)
      .orderBy(by(`${list.alias}.id`, false), order)
      .limit(limit + 1)
      .offset(start)
      .execute();
    return { start, limit, hasMore: rows.length > limit, results: rows.slice(0, limit).map(row) };
  }

  return {
    merchants: (environment: string, q: MerchantQuery): Promise<Page<MerchantRow>> =>
      pageOf(
        filteredMerchants(environment, q),
        q,
        {
          alias: 'm',
          sorts: { name: 'm.name_key', status: 'm.kyc_status' },
          ascending: ['name', 'status'],
        },
        (r) => ({ ...parse<Merchant>(r.record), ownerName: r.owner_name ?? null }),
      ),

    accounts: async (environment: string, q: AccountQuery): Promise<Page<AccountRow>> =>
      pageOf(
        await filteredAccounts(environment, q),
        q,
        { alias: 'a', sorts: { status: 'a.account_status' }, ascending: ['status'] },
        (r) => ({ ...parse<PayoutAccount>(r.record), merchantName: r.merchant_name ?? null }),
      ),

    /** How many rows a list's filters select: what an export says it will send. */
    async count(
      environment: string,
      list:
        | { kind: 'merchants'; q: Omit<MerchantQuery, 'start' | 'limit'> }
        | { kind: 'accounts'; q: Omit<AccountQuery, 'start' | 'limit'> }
        | { kind: 'transactions'; q: Omit<TransactionQuery, 'start' | 'limit'> },
    ): Promise<number> {
      const all = { start: 0, limit: 0 };
      const filtered =
        list.kind === 'merchants'
          ? filteredMerchants(environment, { ...list.q, ...all })
          : list.kind === 'accounts'
            ? await filteredAccounts(environment, { ...list.q, ...all })
            : filteredTransactions(environment, { ...list.q, ...all });
      if (!filtered) return 0;
      // The filtered rows counted as a subquery: one shape for the three lists.
      const { rows } = await sql<{
        n: number | string;
      }>`SELECT COUNT(*) AS n FROM (${filtered.select}) f`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },

    transactions: (environment: string, q: TransactionQuery): Promise<Page<TransactionRow>> =>
      pageOf(
        filteredTransactions(environment, q),
        q,
        {
          alias: 't',
          sorts: {
            amount: 't.to_amount_key',
            status: 't.client_status',
            updated: 't.last_update_time',
          },
          ascending: ['status'],
        },
        transactionRow,
      ),

    /**
     * One page of an export: the filter's transactions newest first, after `after` (the last
     * row of the page before). Keyed by (creation time, id, product), so that the millionth row
     * costs what the first does: no offset to walk.
     */
    async transactionsForExport(
      environment: string,
      q: Omit<TransactionQuery, 'start' | 'limit' | 'sort' | 'order'>,
      after: ExportCursor | undefined,
      limit: number,
    ): Promise<{ rows: TransactionRow[]; next: ExportCursor | undefined }> {
      const filtered = filteredTransactions(environment, { ...q, start: 0, limit });
      if (!filtered) return { rows: [], next: undefined };
      let select = filtered.select.select(['t.creation_time', 't.id']);
      if (after)
        select = select.where(
          sql<SqlBool>`(t.creation_time, t.id, t.product) < (${after.creationTime}, ${after.id}, ${after.product})`,
        );
      const rows = await select
        // The order of the index on (environment, creation_time, id); product only breaks ties.
        .orderBy('t.creation_time', 'desc')
        .orderBy('t.id', 'desc')
        .orderBy('t.product', 'desc')
        .limit(limit)
        .execute();
      const last = rows.at(-1);
      return {
        rows: rows.map(transactionRow),
        next:
          last && rows.length === limit
            ? {
                creationTime: Number(last.creation_time),
                product: last.product,
                id: Number(last.id),
              }
            : undefined,
      };
    },

    /**
     * How many transactions a filter selects and their payout amounts summed per currency,
     * exactly (whole units and billionths, docs/decisions/036).
     */
    async transactionTotals(
      environment: string,
      q: Omit<TransactionQuery, 'start' | 'limit' | 'sort' | 'order'>,
    ) {
      const filtered = filteredTransactions(environment, { ...q, start: 0, limit: 1 });
      if (!filtered) return { count: 0, sums: [], exact: true };
      const rows = await filtered.select
        .clearSelect()
        .select((eb) => [
          't.to_currency as currency',
          eb.fn.countAll<number | string>().as('n'),
          sql<string>`CAST(SUM(t.to_units) AS TEXT)`.as('units'),
          sql<string>`CAST(SUM(t.to_nanos) AS TEXT)`.as('nanos'),
          eb.fn.min('t.amounts_exact').as('exact'),
        ])
        .groupBy('t.to_currency')
        .orderBy('t.to_currency')
        .execute();
      return {
        count: rows.reduce((n, r) => n + Number(r.n), 0),
        sums: rows.map((r) => ({
          currency: r.currency,
          count: Number(r.n),
          total: joinParts(r.units, r.nanos),
        })),
        exact: rows.every((r) => Number(r.exact) !== 0),
      };
    },

    /**
     * Accounts of other merchants with this IBAN or account number (payee safety: the same
     * number on two merchants is worth a second look), with their merchant's name.
     */
    async accountsWithNumber(
      environment: string,
      numbers: { iban?: string | null; accountNumber?: string | null },
      notOf: { accountId?: number | undefined; businessId?: number | undefined },
    ) {
      const iban = numbers.iban ? ibanKey(numbers.iban) : null;
      const number = numbers.accountNumber ? accountNumberKey(numbers.accountNumber) : null;
      if (!iban && !number) return [];
      let select = db
        .selectFrom('index_account as a')
        .leftJoin('index_merchant as m', (join) =>
          join.onRef('m.environment', '=', 'a.environment').onRef('m.id', '=', 'a.business_id'),
        )
        .select(['a.id', 'a.business_id', 'a.iban_key', 'a.number_key', 'm.name'])
        .where('a.environment', '=', environment)
        .where((eb) =>
          eb.or([
            ...(iban ? [eb('a.iban_key', '=', iban)] : []),
            ...(number ? [eb('a.number_key', '=', number)] : []),
          ]),
        );
      if (notOf.accountId !== undefined) select = select.where('a.id', '!=', notOf.accountId);
      if (notOf.businessId !== undefined)
        select = select.where('a.business_id', '!=', notOf.businessId);
      const rows = await select.orderBy('a.id').limit(20).execute();
      return rows.map((r) => ({
        accountId: Number(r.id),
        businessId: Number(r.business_id),
        merchantName: r.name ?? null,
        field: iban && r.iban_key === iban ? ('iban' as const) : ('accountNumber' as const),
      }));
    },

    /**
     * What a bulk payout file's `merchant` cells may name (by id, registration number, or exact
     * name in any case), with every merchant of their circles and all those merchants'
     * accounts: what validation needs, in three queries whatever the file's length.
     */
    async batchParties(environment: string, refs: readonly string[]) {
      const wanted = [...new Set(refs.map((r) => r.trim()).filter(Boolean))];
      const none = { merchants: [] as Merchant[], accounts: [] as PayoutAccount[], paid: [] };
      if (wanted.length === 0) return none;
      const ids = wanted.filter((r) => /^\d{1,15}$/.test(r)).map(Number);
      // The folded name (any letter's case, not only ASCII's as SQL's lower() folds): it finds
      // the candidates; the exact name is checked by the caller.
      const names = wanted.map((r) => wordsOf(r).join(' '));
      const merchants = () =>
        db.selectFrom('index_merchant').where('environment', '=', environment);
      const named = await merchants()
        .select(['id', 'owner_id'])
        .where((eb) =>
          eb.or([
            ...(ids.length > 0 ? [eb('id', 'in', ids)] : []),
            eb('name_key', 'in', names),
            // The registration number is only in the record: its JSON form, exactly.
            ...wanted.map((r) => {
              const pattern = `%"localRegNumber":${JSON.stringify(r).replace(/[\\%_]/g, '\\$&')}%`;
              return sql<SqlBool>`record LIKE ${pattern} ESCAPE '\\'`;
            }),
          ]),
        )
        .execute();
      const customers = [...new Set(named.map((m) => Number(m.owner_id ?? m.id)))];
      if (customers.length === 0) return none;
      // Accounts a named merchant has already paid, whoever owns them: the API takes any of the
      // partner's accounts, and a pair with a payment behind it is no stranger (issue 43).
      const paid = await db
        .selectFrom('index_transaction')
        .select(['from_business_id', 'account_id'])
        .distinct()
        .where('environment', '=', environment)
        .where(
          'from_business_id',
          'in',
          named.map((m) => Number(m.id)),
        )
        .execute();
      const circle = await merchants()
        .select(['id', 'record'])
        .where((eb) =>
          eb.or([
            eb('id', 'in', [...customers, ...named.map((m) => Number(m.id))]),
            eb('owner_id', 'in', customers),
          ]),
        )
        .execute();
      const paidIds = [...new Set(paid.map((p) => Number(p.account_id)))];
      const accounts = await db
        .selectFrom('index_account')
        .select('record')
        .where('environment', '=', environment)
        .where((eb) =>
          eb.or([
            eb(
              'business_id',
              'in',
              circle.map((m) => Number(m.id)),
            ),
            ...(paidIds.length > 0 ? [eb('id', 'in', paidIds)] : []),
          ]),
        )
        .execute();
      return {
        merchants: circle.map((m) => parse<Merchant>(m.record)),
        accounts: accounts.map((a) => parse<PayoutAccount>(a.record)),
        paid: paid.map((p) => ({
          merchantId: Number(p.from_business_id),
          accountId: Number(p.account_id),
        })),
      };
    },

    /** The names of these merchants, by id, as far as the index knows them. */
    /**
     * Transactions to a payout account that are not final yet, newest first: they pay the
     * account's details as they were when each was created (docs/decisions/040).
     */
    async openPaymentsTo(environment: string, accountId: number, limit = 50) {
      const rows = await db
        .selectFrom('index_transaction')
        .select(['product', 'id', 'client_status', 'to_amount', 'to_currency', 'creation_time'])
        .where('environment', '=', environment)
        .where('account_id', '=', accountId)
        .where('final', '=', 0)
        .orderBy('creation_time', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        product: r.product as Product,
        transactionId: Number(r.id),
        clientStatus: r.client_status,
        amount: r.to_amount,
        currency: r.to_currency,
        createdAt: Number(r.creation_time),
      }));
    },

    /**
     * Of these payout accounts, those that have been paid before: a completed transaction to
     * them other than `except`. An account not in the answer would get its first payment.
     */
    async accountsPaidBefore(
      environment: string,
      accountIds: readonly number[],
      except?: { product: string; id: number },
    ): Promise<Set<number>> {
      const paid = new Set<number>();
      if (accountIds.length === 0) return paid;
      let select = db
        .selectFrom('index_transaction')
        .select('account_id')
        .distinct()
        .where('environment', '=', environment)
        .where('account_id', 'in', [...new Set(accountIds)])
        .where('completed_at', 'is not', null);
      if (except)
        select = select.where((eb) =>
          eb.or([eb('product', '!=', except.product), eb('id', '!=', except.id)]),
        );
      for (const row of await select.execute()) paid.add(Number(row.account_id));
      return paid;
    },

    /** Payout accounts by id, as the index last saw them from the API. */
    accountsById: (environment: string, ids: readonly number[]) =>
      keyedById(
        ids,
        (unique) =>
          db
            .selectFrom('index_account')
            .select(['id', 'record'])
            .where('environment', '=', environment)
            .where('id', 'in', unique)
            .execute(),
        (row) => parse<PayoutAccount>(row.record),
      ),

    merchantNames: (environment: string, ids: readonly number[]) =>
      keyedById(
        ids,
        (unique) =>
          db
            .selectFrom('index_merchant')
            .select(['id', 'name'])
            .where('environment', '=', environment)
            .where('id', 'in', unique)
            .execute(),
        (row) => row.name,
      ),

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

    /** The statuses the index knows of these transactions of a product, by id. */
    async transactionStatuses(environment: string, product: Product, ids: readonly number[]) {
      const statuses = new Map<number, string>();
      // In slices: PostgreSQL takes at most 65,535 parameters in one statement.
      for (let start = 0; start < ids.length; start += 500) {
        const rows = await db
          .selectFrom('index_transaction')
          .select(['id', 'client_status'])
          .where('environment', '=', environment)
          .where('product', '=', product)
          .where('id', 'in', ids.slice(start, start + 500))
          .execute();
        for (const r of rows) statuses.set(Number(r.id), r.client_status);
      }
      return statuses;
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
  };
}
