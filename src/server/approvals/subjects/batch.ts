// A bulk payout file as the one decision (../decide.ts) reads and moves it: the policies judge
// its totals and rows (`batchRequirement`), never its uploader approves; the last approval
// needed makes it `submitting` and a rejection cancels it. A file past its approval window is
// not closed here: it is quoted again.
import { REJECTED } from '../../notifications/notices';
import { DASHBOARD_LINKS } from '#/api/products';
import type { Product } from '#/api/schemas/transaction';
import { batchRequirement, convert } from '../../controls/rules';
import { batchSubject, toRow } from '../../batches/store';
import { decisionColumns, lastOf } from '../decide';
import type { ApprovalRef, SubjectKind } from '../decide';
import { policiesIn, toDecision } from '../requests';
import { said, wordsCode } from '#/i18n/words';
import { BATCH_CLOSED } from '../../batches/words';

/** Rates into the base currency for base-currency policies, quoted for this decision. */
export interface BatchFacts {
  baseCurrency: string;
  rates: ReadonlyMap<string, string>;
}

export const bulkFiles: SubjectKind<BatchFacts, undefined> = {
  async open(trx, id, base) {
    const row = await trx.selectFrom('batch').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const [rows, decisions] = await Promise.all([
      trx.selectFrom('batch_row').selectAll().where('batch_id', '=', id).execute(),
      trx
        .selectFrom('batch_decision')
        .selectAll()
        .where('batch_id', '=', id)
        .orderBy('at')
        .execute(),
    ]);
    const subject = batchSubject({ product: row.product as Product, rows: rows.map(toRow) });
    const { required } = batchRequirement(await policiesIn(trx), {
      ...subject,
      ...(base ? { baseCurrency: base.baseCurrency, rates: base.rates } : {}),
    });
    // What the base-currency policies judged: each total at the rate quoted for it.
    const conversions = base
      ? [...subject.payoutTotals, ...subject.depositTotals].flatMap((total) => {
          const converted = convert(
            total,
            base.baseCurrency,
            base.rates.get(total.currency.toUpperCase()) ?? null,
          );
          return converted ? [converted] : [];
        })
      : [];
    const decided = decisions.map(toDecision);
    return {
      lastDecision: lastOf(decided),
      state: {
        kind: 'batch',
        status: row.status === 'awaiting_approval' ? 'pending' : row.status,
        expiresAt: row.expires_at === null ? 0 : Number(row.expires_at),
        originatorId: row.uploaded_by,
        decisions: decided,
      },
      required,
      conversions,
      async record(trx, e) {
        await trx
          .insertInto('batch_decision')
          .values({ batch_id: id, ...decisionColumns(e) })
          .execute();
      },
      async settle(trx, outcome, e) {
        if (outcome.kind === 'complete')
          await trx
            .updateTable('batch')
            .set({ status: 'submitting', approved_at: e.at, updated_at: e.at })
            .where('id', '=', id)
            .where('status', '=', 'awaiting_approval')
            .execute();
        if (outcome.kind === 'rejected')
          await trx
            .updateTable('batch')
            .set({
              status: 'cancelled',
              closed_reason: e.reason
                ? wordsCode(BATCH_CLOSED.rejectedBecause, { name: e.userName, reason: e.reason })
                : wordsCode(BATCH_CLOSED.rejected, { name: e.userName }),
              finished_at: e.at,
              updated_at: e.at,
            })
            .where('id', '=', id)
            .where('status', '=', 'awaiting_approval')
            .execute();
      },
      // Quoted again instead (docs/decisions/055).
      expire: async () => undefined,
      rejection: {
        userId: row.uploaded_by,
        what: said(REJECTED.whatBatch, { fileName: row.file_name }),
        after: said(REJECTED.afterBatch),
        link: DASHBOARD_LINKS.batch(id),
      },
      view: async () => undefined,
    };
  },
};

/** A bulk payout file's approval, by the file's id. */
export const batchRef = (id: string, facts?: BatchFacts): ApprovalRef<BatchFacts, undefined> => ({
  kind: bulkFiles,
  id,
  facts,
});
