// The transaction state machines of the three products, as tables: which action each status
// allows and where it leads. The sandbox enforces them; the dashboard reads them to offer only
// the actions a transaction's state allows.
import type { Product } from './schemas/transaction';

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

export function isFinalStatus(status: string): boolean {
  return status.endsWith('_COMPLETED') || status.endsWith('_CANCELED');
}

/** The status an action leads to from `status`, or undefined when the status does not allow it. */
export function transitionFor(
  product: Product,
  transaction: { clientStatus: string; quoteApprovedDate: number | null },
  action: TransactionAction,
): string | undefined {
  // A collection's quote is approved once.
  if (product === 'receive' && action === 'approveQuote' && transaction.quoteApprovedDate !== null)
    return undefined;
  return transitionsOf(product)[transaction.clientStatus]?.[action];
}

/** The statuses in which an action is allowed, for explaining a refusal. */
export function statusesAllowing(product: Product, action: TransactionAction): string[] {
  return Object.entries(transitionsOf(product))
    .filter(([, actions]) => actions[action] !== undefined)
    .map(([status]) => status);
}
