// Rows of the local index as its queries read them: a transaction with its names joined, and
// rows read for several ids at once.
import { type RawBuilder, sql } from 'kysely';
import type { Product, Transaction } from '#/api/schemas/transaction';
import type { DashboardDb } from '../store/db';
import type { TransactionRow } from './store-types';

export const parse = <T>(json: string) => JSON.parse(json) as T;

/**
 * One text column of an environment's index rows for these ids (each read once, none read for
 * none), keyed by id: the names of merchants, the records of payout accounts.
 */
export async function columnById(
  { db }: DashboardDb,
  table: 'index_merchant' | 'index_account',
  column: 'name' | 'record',
  environment: string,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  if (ids.length === 0) return found;
  const rows = await db
    // Both tables are keyed by environment and id; the column is one of the pair's.
    .selectFrom(table as 'index_merchant')
    .select(['id', sql.ref<string>(column).as('text')])
    .where('environment', '=', environment)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  for (const row of rows) found.set(Number(row.id), row.text);
  return found;
}

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
export interface Sortable<O> {
  orderBy(expression: RawBuilder<unknown>, direction: 'asc' | 'desc'): Sortable<O>;
  limit(limit: number): Sortable<O>;
  offset(offset: number): Sortable<O>;
  execute(): Promise<O[]>;
}
