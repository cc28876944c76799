// Rows of the local index as its queries read them: a transaction with its names joined, and
// rows read for several ids at once.
import { type RawBuilder } from 'kysely';
import type { Product, Transaction } from '#/api/schemas/transaction';
import type { DashboardDb } from '../store/db';
import type { TransactionRow } from './store-types';

export const parse = <T>(json: string) => JSON.parse(json) as T;

/** Rows read for these ids (each once; none read for none), keyed by id. */
export async function keyedById<R extends { id: number | string }, T>(
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
export interface Sortable<O> {
  orderBy(expression: RawBuilder<unknown>, direction: 'asc' | 'desc'): Sortable<O>;
  limit(limit: number): Sortable<O>;
  offset(offset: number): Sortable<O>;
  execute(): Promise<O[]>;
}
