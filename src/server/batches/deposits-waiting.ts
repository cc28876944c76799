// The deposits of bulk files' transactions that wait for approval (docs/decisions/041): approved
// together on the file's page, so the approvals inbox shows one entry per file.
import type { Product } from '#/api/schemas/transaction';
import type { Money } from '../controls/rules';
import type { DashboardDb } from '../store/db';

export function depositsWaiting(store: DashboardDb) {
  const { db } = store;
  /** Transactions of bulk files waiting for their deposit's approval, with their file. */
  const batchDepositsWaiting = (environment: string) =>
    db
      .selectFrom('index_transaction as t')
      .innerJoin('batch_row as br', 'br.transaction_id', 't.id')
      .innerJoin('batch as b', (join) =>
        join
          .onRef('b.id', '=', 'br.batch_id')
          .onRef('b.environment', '=', 't.environment')
          .onRef('b.product', '=', 't.product'),
      )
      .where('t.environment', '=', environment)
      .where('t.awaiting', '=', 'deposit');

  return {
    /**
     * The deposits of bulk files' transactions that wait for approval, one group per file: how
     * many, what they pay and what they deposit (amounts to sum), and who uploaded the file.
     */
    async batchDeposits(environment: string) {
      const rows = await batchDepositsWaiting(environment)
        .select([
          'b.id as batchId',
          'b.file_name as fileName',
          'b.product as product',
          'b.uploaded_by as uploadedBy',
          't.to_amount as payout',
          't.to_currency as payoutCurrency',
          't.record as record',
          't.last_update_time as since',
        ])
        .orderBy('b.id')
        .execute();
      const groups = new Map<
        string,
        {
          batchId: string;
          fileName: string;
          product: Product;
          uploadedBy: string;
          since: number;
          payouts: Money[];
          deposits: Money[];
        }
      >();
      for (const row of rows) {
        const group = groups.get(row.batchId) ?? {
          batchId: row.batchId,
          fileName: row.fileName,
          product: row.product as Product,
          uploadedBy: row.uploadedBy,
          since: Number(row.since),
          payouts: [],
          deposits: [],
        };
        const t = JSON.parse(row.record) as {
          fromAmount: string | null;
          fromCurrencySymbol: string;
        };
        group.payouts.push({ currency: row.payoutCurrency, amount: row.payout });
        group.deposits.push({ currency: t.fromCurrencySymbol, amount: t.fromAmount });
        group.since = Math.min(group.since, Number(row.since));
        groups.set(row.batchId, group);
      }
      return [...groups.values()];
    },

    /** The bulk files whose deposits wait (as `batchDeposits` groups them), and their uploaders. */
    async batchDepositFiles(environment: string) {
      const rows = await batchDepositsWaiting(environment)
        .select(['b.id as batchId', 'b.uploaded_by as uploadedBy'])
        .distinct()
        .execute();
      return rows;
    },
  };
}
