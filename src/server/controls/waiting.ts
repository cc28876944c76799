// What waits for an approval, from the local index (docs/decisions/025, 041, 071): the
// transactions waiting for a quote or deposit approval, those a person may decide, and how many
// each person may not. A bulk file's deposits wait under their file instead
// (../batches/deposits-waiting.ts).
import type { ExpressionBuilder } from 'kysely';
import type { ApprovalSettings } from '#/api/controls';
import type { Product } from '#/api/schemas/transaction';
import type { DashboardDb } from '../store/db';
import type { IndexTransactionTable } from '../store/schema';

/**
 * Whether a waiting quote is past its validity: a quote the API gave (not a collection's, which
 * is priced when approved) whose time has run out. The same window as `quoteWindow`.
 */
function quoteExpiredAt(
  product: string,
  awaiting: string,
  lastUpdateTime: number,
  validityMs: number,
  time: number,
): boolean {
  return awaiting === 'quote' && product !== 'receive' && lastUpdateTime + validityMs <= time;
}

export function waitingQueries(
  store: DashboardDb,
  now: () => number,
  settings: () => Promise<ApprovalSettings>,
) {
  const { db } = store;
  /** Not a quote past its validity (`quoteExpiredAt`, in SQL). */
  const notExpired =
    (validityMs: number) =>
    ({ eb, or }: ExpressionBuilder<{ t: IndexTransactionTable }, 't'>) =>
      or([
        eb('t.awaiting', '!=', 'quote'),
        eb('t.product', '=', 'receive'),
        eb('t.last_update_time', '>', now() - validityMs),
      ]);

  /**
   * The transactions waiting for an approval; for a person (`userId`), only those they can act
   * on: not their own, not one whose open approval they gave, and not a quote past its validity
   * (`validityMs`), which nobody can approve (decision 071).
   */
  function waiting(environment: string, userId: string | undefined, validityMs?: number) {
    let select = db
      .selectFrom('index_transaction as t')
      .where('t.environment', '=', environment)
      .where('t.awaiting', 'in', ['quote', 'deposit'])
      .where(({ or, eb, not, exists, selectFrom }) =>
        or([
          eb('t.awaiting', '=', 'quote'),
          not(
            exists(
              selectFrom('batch_row as br')
                .innerJoin('batch as b', 'b.id', 'br.batch_id')
                .select('br.batch_id')
                .whereRef('br.transaction_id', '=', 't.id')
                .whereRef('b.environment', '=', 't.environment')
                .whereRef('b.product', '=', 't.product'),
            ),
          ),
        ]),
      );
    if (userId === undefined) return select;
    if (validityMs !== undefined) select = select.where(notExpired(validityMs));
    select = select.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('transaction_origin as o')
            .select('o.created_by')
            .whereRef('o.environment', '=', 't.environment')
            .whereRef('o.product', '=', 't.product')
            .whereRef('o.transaction_id', '=', 't.id')
            .where('o.created_by', '=', userId),
        ),
      ),
    );
    return select.where(({ not, exists, selectFrom, eb }) =>
      not(
        exists(
          selectFrom('approval_request as r')
            .innerJoin('approval_decision as d', 'd.request_id', 'r.id')
            .select('r.id')
            .whereRef('r.environment', '=', 't.environment')
            .where('r.kind', '=', 'transaction')
            .whereRef('r.product', '=', 't.product')
            .whereRef('r.object_id', '=', 't.id')
            .where('r.status', '=', 'pending')
            .where('r.expires_at', '>', now())
            .where(
              'r.action',
              '=',
              eb.case('t.awaiting').when('quote').then('approveQuote').else('approveDeposit').end(),
            )
            .where('d.user_id', '=', userId),
        ),
      ),
    );
  }

  return {
    /**
     * Transactions waiting for an approval since before `before`, oldest first (what nobody has
     * acted on: docs/decisions/086), at most `limit`.
     */
    waitingSince: (environment: string, before: number, limit: number) =>
      waiting(environment, undefined)
        .where('t.last_update_time', '<=', before)
        .select(['t.product', 't.id', 't.awaiting', 't.record', 't.last_update_time'])
        .orderBy('t.last_update_time')
        .limit(limit)
        .execute(),

    /**
     * Transactions waiting for a quote or deposit approval, from the local index, oldest wait
     * first; with `for`, only those that person could decide (not created by them, not decided
     * by them).
     */
    async waitingTransactions(
      environment: string,
      q: { for?: string | undefined; start: number; limit: number },
    ) {
      const validity =
        q.for === undefined ? undefined : (await settings()).quoteValidityMinutes * 60_000;
      const rows = await waiting(environment, q.for, validity)
        .leftJoin('index_merchant as m', (join) =>
          join
            .onRef('m.environment', '=', 't.environment')
            .onRef('m.id', '=', 't.from_business_id'),
        )
        .select(['t.product', 't.id', 't.awaiting', 't.record', 't.last_update_time', 'm.name'])
        .orderBy('t.last_update_time')
        .orderBy('t.id')
        .limit(q.limit + 1)
        .offset(q.start)
        .execute();
      return {
        rows: rows.slice(0, q.limit).map((r) => ({
          product: r.product as Product,
          id: Number(r.id),
          action: r.awaiting === 'quote' ? ('approveQuote' as const) : ('approveDeposit' as const),
          record: r.record,
          since: Number(r.last_update_time),
          merchantName: r.name ?? null,
        })),
        hasMore: rows.length > q.limit,
      };
    },

    /**
     * How many `waitingTransactions` there are, and for each person how many of them they may not
     * decide (they created it, or already decided its open approval): the same rule as
     * `waiting(environment, userId)`, for everyone at once (the live hub counts every open page's
     * person each beat, issue 45).
     */
    async waitingCounts(
      environment: string,
    ): Promise<{ all: number; actionable: number; notFor: Map<string, number> }> {
      const validity = (await settings()).quoteValidityMinutes * 60_000;
      const time = now();
      const rows = await waiting(environment, undefined)
        .select(['t.product', 't.id', 't.awaiting', 't.last_update_time'])
        .execute();
      const notFor = new Map<string, number>();
      if (rows.length === 0) return { all: 0, actionable: 0, notFor };
      // A quote past its validity still waits (to be rejected or quoted again) but is nobody's
      // to approve: it counts for everyone, never for you (decision 071).
      const keys = rows.filter(
        (k) => !quoteExpiredAt(k.product, k.awaiting, Number(k.last_update_time), validity, time),
      );
      const awaiting = new Map(keys.map((k) => [`${k.product}:${k.id}`, k.awaiting]));
      const ids = waiting(environment, undefined).select('t.id');
      const [origins, decisions] = await Promise.all([
        db
          .selectFrom('transaction_origin')
          .select(['product', 'transaction_id as id', 'created_by as userId'])
          .where('environment', '=', environment)
          .where('transaction_id', 'in', ids)
          .execute(),
        db
          .selectFrom('approval_request as r')
          .innerJoin('approval_decision as d', 'd.request_id', 'r.id')
          .select(['r.product', 'r.object_id as id', 'r.action', 'd.user_id as userId'])
          .where('r.environment', '=', environment)
          .where('r.kind', '=', 'transaction')
          .where('r.status', '=', 'pending')
          .where('r.expires_at', '>', now())
          .where('r.object_id', 'in', ids)
          .execute(),
      ]);
      const excluded = new Map<string, Set<string>>();
      const exclude = (userId: string, key: string) => {
        if (!awaiting.has(key)) return;
        const keysOf = excluded.get(userId) ?? new Set<string>();
        excluded.set(userId, keysOf.add(key));
      };
      for (const o of origins) exclude(o.userId, `${o.product}:${o.id}`);
      for (const d of decisions) {
        const key = `${d.product}:${d.id}`;
        const action = awaiting.get(key) === 'quote' ? 'approveQuote' : 'approveDeposit';
        if (d.action === action) exclude(d.userId, key);
      }
      for (const [userId, keysOf] of excluded) notFor.set(userId, keysOf.size);
      return { all: rows.length, actionable: keys.length, notFor };
    },
  };
}
