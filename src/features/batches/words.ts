// Bulk payout files in words: where a batch stands, what a row is, and what happens next.
import type { BatchStatus, RowState } from '#/api/batches';

export const BATCH_STATUS_LABEL: Record<BatchStatus, string> = {
  draft: 'Has problems',
  validated: 'Ready to quote',
  quoting: 'Being quoted',
  awaiting_approval: 'Awaiting approval',
  submitting: 'Submitting',
  submitted: 'Submitted',
  partly_failed: 'Partly failed',
  completed: 'Completed',
  cancelled: 'Cancelled',
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

export const ROW_STATE_LABEL: Record<RowState, string> = {
  invalid: 'Has problems',
  ready: 'Ready',
  excluded: 'Left out',
  created: 'Created',
  failed: 'Failed',
};

/** What the batch waits for, in a sentence for its page. */
export function nextStepOf(
  status: BatchStatus,
  counts: { ready: number; invalid: number },
): string {
  switch (status) {
    case 'draft':
      if (counts.ready === 0 && counts.invalid === 0)
        return 'Every row is left out: fix one to pay it, or cancel the batch.';
      return counts.ready === 0
        ? 'No row is ready yet: fix the rows with problems.'
        : 'Fix the rows with problems, or go on without them.';
    case 'validated':
      return 'Every row is ready: quote the batch to ask for its approval.';
    case 'quoting':
      return 'Being quoted: each row is priced as the API would price its transaction.';
    case 'awaiting_approval':
      return 'Waiting for approval: an approver who did not upload the file decides.';
    case 'submitting':
      return 'Approved: its transactions are being created and their quotes approved.';
    case 'submitted':
      return 'Every row is a transaction now: follow them below.';
    case 'partly_failed':
      return 'Some rows were refused by the API: download them, fix them and upload them again.';
    case 'completed':
      return 'Every transaction of the batch has completed.';
    case 'cancelled':
      return 'Cancelled: nothing of it was sent.';
  }
}
