// A statement's lines (docs/decisions/037): transactions that completed in the period with the
// statement's currency on the deposit side, the payout side or both, oldest first, read a page
// at a time by key (completion time, product, id) so that a long period costs what a short one
// does per line. Each line has readable names and ISO times where the person is, and the raw
// codes beside them.
import { quoteFigures } from '#/api/rates';
import { type SqlBool, sql } from 'kysely';
import { isoInZone } from '#/api/periods';
import type { StatementSummary } from '#/api/statements';
import { humanize, PRODUCT_NAME } from '#/api/words';
import { joinParts } from '../local-index/amount-parts';
import type { TransactionRow } from '../local-index/store';
import { namedTransactions, transactionRow } from '../local-index/store-queries';
import type { DashboardDb } from '../store/db';

export interface StatementFilter {
  environment: string;
  currency: string;
  from: number;
  to: number;
}

export interface StatementLine {
  completedAt: number;
  /** Completed and created, ISO 8601 where the person is. */
  completed: string;
  created: string;
  product: string;
  id: number;
  merchant: string;
  recipient: string;
  account: string;
  purpose: string;
  /** The bank reference the deposit carried, or the wallet address it was sent to. */
  reference: string;
  /** In the statement's currency: what came in (the deposit side) and what went out. */
  moneyIn: string;
  moneyOut: string;
  depositAmount: string;
  depositCurrency: string;
  payoutAmount: string;
  payoutCurrency: string;
  /** Payout units per deposit unit, fees included: the API's own number (decision 067). */
  rate: string;
  /** The fee the rate includes, in the deposit currency, where the API gives a reference rate. */
  fee: string;
  /** The markup on the reference rate, in percent ("1.00"). */
  markup: string;
}

/** The statement line of a transaction from the index. */
export function statementLine(
  t: TransactionRow,
  completedAt: number,
  currency: string,
  tz: string,
): StatementLine {
  const from = t.fromAmount ?? '';
  const figures = quoteFigures(t);
  return {
    completedAt,
    completed: isoInZone(completedAt, tz),
    created: isoInZone(t.creationTime, tz),
    product: PRODUCT_NAME[t.product].message,
    id: t.businessRequestId,
    merchant: t.merchantName ?? `Merchant ${t.fromBusinessId}`,
    recipient: t.accountHolderName ?? t.recipientName ?? `Merchant ${t.toBusinessId}`,
    account: t.accountTail ? `•••• ${t.accountTail}` : '',
    purpose: humanize(t.purpose),
    reference: t.bankDetails?.reference ?? t.walletDetails?.walletAddress ?? '',
    moneyIn: t.fromCurrencySymbol === currency ? from : '',
    moneyOut: t.toCurrencySymbol === currency ? t.toAmount : '',
    depositAmount: from,
    depositCurrency: t.fromCurrencySymbol,
    payoutAmount: t.toAmount,
    payoutCurrency: t.toCurrencySymbol,
    rate: figures.rate?.rate ?? '',
    fee: figures.fee ?? '',
    markup: figures.markup ?? '',
  };
}

interface Cursor {
  completedAt: number;
  product: string;
  id: number;
}

export function statementQueries(store: DashboardDb) {
  const { db } = store;
  const inPeriod = (f: StatementFilter) =>
    sql<SqlBool>`t.environment = ${f.environment} AND t.completed_at >= ${f.from}
      AND t.completed_at < ${f.to}`;

  /** Lines of the statement, oldest first, `size` at a time. */
  async function* pages(f: StatementFilter, tz: string, size = 1000) {
    let after: Cursor | undefined;
    for (;;) {
      let select = namedTransactions(store, f.environment)
        .select(['t.completed_at', 't.id'])
        .where('t.completed_at', '>=', f.from)
        .where('t.completed_at', '<', f.to)
        .where((eb) =>
          eb.or([eb('t.to_currency', '=', f.currency), eb('t.from_currency', '=', f.currency)]),
        );
      if (after)
        select = select.where(
          sql<SqlBool>`(t.completed_at, t.product, t.id) > (${after.completedAt}, ${after.product}, ${after.id})`,
        );
      const rows = await select
        .orderBy('t.completed_at')
        .orderBy('t.product')
        .orderBy('t.id')
        .limit(size)
        .execute();
      if (rows.length > 0)
        yield rows.map((r) =>
          statementLine(transactionRow(r), Number(r.completed_at), f.currency, tz),
        );
      const last = rows.at(-1);
      if (!last || rows.length < size) return;
      after = {
        completedAt: Number(last.completed_at),
        product: last.product,
        id: Number(last.id),
      };
    }
  }

  /** How many lines, the exact totals in and out, and the period's other currencies. */
  async function summary(f: StatementFilter): Promise<StatementSummary> {
    const c = f.currency;
    const { rows } = await sql<Record<'n' | 'iu' | 'inn' | 'ou' | 'onn', string | number | null>>`
      SELECT COUNT(*) AS n,
        CAST(SUM(CASE WHEN t.from_currency = ${c} THEN t.from_units ELSE 0 END) AS TEXT) AS iu,
        CAST(SUM(CASE WHEN t.from_currency = ${c} THEN t.from_nanos ELSE 0 END) AS TEXT) AS inn,
        CAST(SUM(CASE WHEN t.to_currency = ${c} THEN t.to_units ELSE 0 END) AS TEXT) AS ou,
        CAST(SUM(CASE WHEN t.to_currency = ${c} THEN t.to_nanos ELSE 0 END) AS TEXT) AS onn
      FROM index_transaction t
      WHERE ${inPeriod(f)} AND (t.to_currency = ${c} OR t.from_currency = ${c})`.execute(db);
    const { rows: currencies } = await sql<{ c: string }>`
      SELECT t.to_currency AS c FROM index_transaction t WHERE ${inPeriod(f)}
      UNION SELECT t.from_currency AS c FROM index_transaction t WHERE ${inPeriod(f)}`.execute(db);
    const row = rows[0]!;
    return {
      currency: c,
      from: f.from,
      to: f.to,
      count: Number(row.n),
      deposited: joinParts(row.iu, row.inn),
      paidOut: joinParts(row.ou, row.onn),
      currencies: currencies.map((r) => r.c).sort(),
    };
  }

  return { pages, summary };
}
