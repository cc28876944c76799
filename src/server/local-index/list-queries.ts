// The lists of the local index (docs/decisions/018): filtered, sorted pages with names joined,
// counts of what an export will send, keyed export pages, a list's totals, and the search box
// over the three lists.
import { type SqlBool, sql } from 'kysely';
import type { Merchant } from '#/api/schemas/merchant';
import type { PayoutAccount } from '#/api/schemas/payout-account';
import type { DashboardDb } from '../store/db';
import type {
  AccountQuery,
  AccountRow,
  ExportCursor,
  MerchantQuery,
  MerchantRow,
  Page,
  TransactionQuery,
  TransactionRow,
} from './store-types';
import { type Sortable, namedTransactions, parse, transactionRow } from './query-rows';
import { joinParts } from './amount-parts';
import type { indexSearch } from './search-queries';

export function listQueries(
  store: DashboardDb,
  searched: ReturnType<typeof indexSearch>['searched'],
) {
  const { db, dialect } = store;

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
  };
}
