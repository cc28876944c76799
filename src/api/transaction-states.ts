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

/**
 * Collections (receive): the quote is approved without leaving PENDING, and only once, so a
 * PENDING collection whose quote is approved has a row of its own.
 */
export const RECEIVE_QUOTE_APPROVED = 'Receive_PENDING (quote approved)';
export const RECEIVE_TRANSITIONS: Table = {
  Receive_PENDING: {
    approveQuote: 'Receive_PENDING',
    approveDeposit: 'Receive_IN_PROGRESS',
    cancel: 'Receive_CANCELED',
  },
  [RECEIVE_QUOTE_APPROVED]: {
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

/** The words both products share for where a transaction is. */
export type Phase =
  'pending' | 'quoted' | 'quoteApproved' | 'inProgress' | 'completed' | 'cancelled';

const PHASE_OF_STATUS: Record<string, Phase> = {
  OnOff_PENDING: 'pending',
  OnOff_AWAITING_QUOTE_APPROVAL: 'quoted',
  OnOff_AWAITING_DEPOSIT: 'quoteApproved',
  OnOff_IN_PROGRESS: 'inProgress',
  OnOff_COMPLETED: 'completed',
  OnOff_CANCELED: 'cancelled',
  Receive_PENDING: 'pending',
  Receive_IN_PROGRESS: 'inProgress',
  Receive_COMPLETED: 'completed',
  Receive_CANCELED: 'cancelled',
};

interface StateFields {
  clientStatus: string;
  quoteApprovedDate?: number | null | undefined;
}

/**
 * The phase of a transaction (or of the data of one of its events): a collection whose quote is
 * approved is `quoteApproved` though its status stays PENDING. Undefined for a status we do not
 * know.
 */
export function phaseOf(t: StateFields): Phase | undefined {
  const phase = PHASE_OF_STATUS[t.clientStatus];
  return phase === 'pending' && t.quoteApprovedDate != null ? 'quoteApproved' : phase;
}

export const isCompleted = (status: string) => PHASE_OF_STATUS[status] === 'completed';
export const isCancelled = (status: string) => PHASE_OF_STATUS[status] === 'cancelled';
export const isFinalStatus = (status: string) => isCompleted(status) || isCancelled(status);

/**
 * What a transaction waits on the partner for, if anything: its quote's approval (a payout or end
 * to end transfer once quoted, a collection until its quote is approved) or its deposit's.
 */
export function awaitingOf(product: Product, t: StateFields): 'quote' | 'deposit' | undefined {
  const phase = phaseOf(t);
  if (phase === 'quoted' || (product === 'receive' && phase === 'pending')) return 'quote';
  if (phase === 'quoteApproved') return 'deposit';
  return undefined;
}

/** The row of its product's table a transaction is in. */
export function rowOf(product: Product, t: StateFields): string {
  return product === 'receive' && phaseOf(t) === 'quoteApproved'
    ? RECEIVE_QUOTE_APPROVED
    : t.clientStatus;
}

/** The status an action leads to, or undefined when the transaction's row does not allow it. */
export function transitionFor(
  product: Product,
  transaction: StateFields,
  action: TransactionAction,
): string | undefined {
  return transitionsOf(product)[rowOf(product, transaction)]?.[action];
}

/** The rows in which an action is allowed, for explaining a refusal. */
export function statusesAllowing(product: Product, action: TransactionAction): string[] {
  return Object.entries(transitionsOf(product))
    .filter(([, actions]) => actions[action] !== undefined)
    .map(([status]) => status);
}

const ACTION_WORDS: Record<TransactionAction, string> = {
  quote: 'quote',
  approveQuote: 'approve the quote of',
  approveDeposit: 'approve the deposit of',
  settle: 'settle',
  cancel: 'cancel',
};

/** Why an action is refused in the transaction's current row (INVALID_STATE_TRANSITION). */
export function transitionRefusal(
  product: Product,
  transaction: StateFields & { businessRequestId: number },
  action: TransactionAction,
): string {
  return `Cannot ${ACTION_WORDS[action]} transaction ${transaction.businessRequestId}: it is ${rowOf(product, transaction)}; that is possible only in ${statusesAllowing(product, action).join(' or ')}.`;
}
