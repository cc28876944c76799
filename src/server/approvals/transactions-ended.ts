// What follows when the local index sees transactions reach their end, in the writing
// transaction: a bulk file's rows and its completion move on (issue 58: written here, not in a
// page's GET), and each transaction's creator is told, unless it ended by an approver's
// rejection, whose notice they have already.
import type { TransactionsEnded } from '../local-index/store-writes';
import type { BatchStore } from '../batches/store';
import type { Notices } from '../notifications/notices';

export function whenTransactionsEnd(
  batches: Pick<BatchStore, 'followEnded'>,
  notices: Pick<Notices, 'transactionEnded'>,
): TransactionsEnded {
  return async (trx, environment, product, ended) => {
    const ids = ended.map((t) => t.businessRequestId);
    const [origins, rejected] = await Promise.all([
      trx
        .selectFrom('transaction_origin')
        .select(['transaction_id', 'created_by'])
        .where('environment', '=', environment)
        .where('product', '=', product)
        .where('transaction_id', 'in', ids)
        .execute(),
      trx
        .selectFrom('approval_request')
        .select('object_id')
        .where('environment', '=', environment)
        .where('kind', '=', 'transaction')
        .where('product', '=', product)
        .where('status', '=', 'rejected')
        .where('object_id', 'in', ids)
        .execute(),
    ]);
    const creator = new Map(origins.map((o) => [Number(o.transaction_id), o.created_by]));
    const wasRejected = new Set(rejected.map((r) => Number(r.object_id)));
    await batches.followEnded(trx, environment, product, ended);
    for (const t of ended) {
      const creatorId = creator.get(t.businessRequestId);
      if (creatorId && !wasRejected.has(t.businessRequestId))
        await notices.transactionEnded(trx, {
          product,
          id: t.businessRequestId,
          status: t.clientStatus,
          amount: t.toAmount,
          currency: t.toCurrencySymbol,
          creatorId,
        });
    }
  };
}
