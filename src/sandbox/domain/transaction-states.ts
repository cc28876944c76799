// The transaction state machines of the three products, as tables: which action each status
// allows and where it leads. Pure: no store, no clock of its own.
import type { Product } from '../../api/schemas/transaction';
import { refused } from './errors';

export type TransactionAction = 'quote' | 'approveQuote' | 'approveDeposit' | 'settle' | 'cancel';

type Table = Record<string, Partial<Record<TransactionAction, string>>>;

/** Payout (sendc2f) and end to end (sendf2f). */
export const ONOFF_TRANSITIONS: Table = {
  OnOff_PENDING: {
    quote: 'OnOff_AWAITING_QUOTE_APPROVAL',
    approveQuote: 'OnOff_AWAITING_DEPOSIT',
    cancel: 'OnOff_CANCELED',
  },
  OnOff_AWAITING_QUOTE_APPROVAL: {
    approveQuote: 'OnOff_AWAITING_DEPOSIT',
    cancel: 'OnOff_CANCELED',
  },
  OnOff_AWAITING_DEPOSIT: { approveDeposit: 'OnOff_IN_PROGRESS', cancel: 'OnOff_CANCELED' },
  OnOff_IN_PROGRESS: { settle: 'OnOff_COMPLETED', cancel: 'OnOff_CANCELED' },
  OnOff_COMPLETED: {},
  OnOff_CANCELED: {},
};

/** Collections (receive): the quote is approved without leaving PENDING. */
export const RECEIVE_TRANSITIONS: Table = {
  Receive_PENDING: {
    approveQuote: 'Receive_PENDING',
    approveDeposit: 'Receive_IN_PROGRESS',
    cancel: 'Receive_CANCELED',
  },
  Receive_IN_PROGRESS: { settle: 'Receive_COMPLETED', cancel: 'Receive_CANCELED' },
  Receive_COMPLETED: {},
  Receive_CANCELED: {},
};

export function transitionsOf(product: Product): Table {
  return product === 'receive' ? RECEIVE_TRANSITIONS : ONOFF_TRANSITIONS;
}

export function initialStatus(product: Product): string {
  return product === 'receive' ? 'Receive_PENDING' : 'OnOff_PENDING';
}

export function isFinal(status: string): boolean {
  return status.endsWith('_COMPLETED') || status.endsWith('_CANCELED');
}

const ACTION_WORDS: Record<TransactionAction, string> = {
  quote: 'quote',
  approveQuote: 'approve the quote of',
  approveDeposit: 'approve the deposit of',
  settle: 'settle',
  cancel: 'cancel',
};

/**
 * The status an action leads to, or the refusal: `TRANSACTION_ALREADY_PROCESSED` for cancelling
 * a completed transaction, `INVALID_STATE_TRANSITION` naming the current status otherwise.
 */
export function nextStatus(
  product: Product,
  transaction: {
    businessRequestId: number;
    clientStatus: string;
    quoteApprovedDate: number | null;
  },
  action: TransactionAction,
): string {
  const table = transitionsOf(product);
  const { businessRequestId: id, clientStatus: status } = transaction;
  if (action === 'cancel' && status.endsWith('_COMPLETED')) {
    throw refused(
      'TRANSACTION_ALREADY_PROCESSED',
      `Transaction ${id} is ${status}: a processed transaction can no longer be cancelled.`,
    );
  }
  const next = table[status]?.[action];
  if (next === undefined) {
    const allowedIn = Object.entries(table)
      .filter(([, actions]) => actions[action] !== undefined)
      .map(([s]) => s);
    throw refused(
      'INVALID_STATE_TRANSITION',
      `Cannot ${ACTION_WORDS[action]} transaction ${id}: it is ${status}; that is possible only in ${allowedIn.join(' or ')}.`,
    );
  }
  if (
    product === 'receive' &&
    action === 'approveQuote' &&
    transaction.quoteApprovedDate !== null
  ) {
    throw refused(
      'INVALID_STATE_TRANSITION',
      `Cannot approve the quote of transaction ${id}: it is ${status} with its quote already approved; approve the deposit next.`,
    );
  }
  return next;
}
