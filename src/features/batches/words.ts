// Bulk payout files in words: where a batch stands, what a row is, and what happens next, in the
// page's language (decision 091).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BatchStatus, RowState } from '#/api/batches';
import { tr } from '#/i18n/current';

export const BATCH_STATUS_LABEL: Record<BatchStatus, MessageDescriptor> = {
  draft: msg`Has problems`,
  validated: msg`Ready to quote`,
  quoting: msg`Being quoted`,
  awaiting_approval: msg`Awaiting approval`,
  submitting: msg`Submitting`,
  submitted: msg`Submitted`,
  partly_failed: msg`Partly failed`,
  completed: msg`Completed`,
  cancelled: msg`Cancelled`,
};

export const BATCH_STATUS_COLOR: Record<BatchStatus, string> = {
  draft: 'orange',
  validated: 'blue',
  quoting: 'indigo',
  awaiting_approval: 'violet',
  submitting: 'cyan',
  submitted: 'teal',
  partly_failed: 'red',
  completed: 'green',
  cancelled: 'gray',
};

export const ROW_STATE_LABEL: Record<RowState, MessageDescriptor> = {
  invalid: msg`Has problems`,
  ready: msg`Ready`,
  excluded: msg`Left out`,
  created: msg`Created`,
  failed: msg`Failed`,
};

/** What the batch waits for, in a sentence for its page. */
export function nextStepOf(
  status: BatchStatus,
  counts: { ready: number; invalid: number },
): string {
  switch (status) {
    case 'draft':
      if (counts.ready === 0 && counts.invalid === 0)
        return tr(msg`Every row is left out: fix one to pay it, or cancel the batch.`);
      return counts.ready === 0
        ? tr(msg`No row is ready yet: fix the rows with problems.`)
        : tr(msg`Fix the rows with problems, or go on without them.`);
    case 'validated':
      return tr(msg`Every row is ready: quote the batch to ask for its approval.`);
    case 'quoting':
      return tr(msg`Being quoted: each row is priced as the API would price its transaction.`);
    case 'awaiting_approval':
      return tr(msg`Waiting for approval: an approver who did not upload the file decides.`);
    case 'submitting':
      return tr(msg`Approved: its transactions are being created and their quotes approved.`);
    case 'submitted':
      return tr(msg`Every row is a transaction now: follow them below.`);
    case 'partly_failed':
      return tr(
        msg`Some rows were refused by the API: download them, fix them and upload them again.`,
      );
    case 'completed':
      return tr(msg`Every transaction of the batch has completed.`);
    case 'cancelled':
      return tr(msg`Cancelled: nothing of it was sent.`);
  }
}
