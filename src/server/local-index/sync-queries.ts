// What the local index's sync asks of it (docs/decisions/018): how many records each kind has,
// and the records that may move on their own, least recently checked first.
import type { Product } from '#/api/schemas/transaction';
import type { DashboardDb } from '../store/db';

export function syncQueries(store: DashboardDb) {
  const { db } = store;
  return {
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
