import { describe, expect, it } from 'vitest';
import { DomainError } from './errors';
import { nextStatus, type TransactionAction } from './transaction-states';

const ACTIONS: TransactionAction[] = [
  'quote',
  'approveQuote',
  'approveDeposit',
  'settle',
  'cancel',
];
const T = 'INVALID_STATE_TRANSITION';
const P = 'TRANSACTION_ALREADY_PROCESSED';

// Every status × every action: the status it leads to, or the refusal's code. Written out from
// design's rules (docs/decisions/004 and 014) rather than derived from the implementation's table.
const ONOFF: Record<string, Record<TransactionAction, string>> = {
  OnOff_PENDING: {
    quote: 'OnOff_AWAITING_QUOTE_APPROVAL',
    approveQuote: 'OnOff_AWAITING_DEPOSIT',
    approveDeposit: T,
    settle: T,
    cancel: 'OnOff_CANCELED',
  },
  OnOff_AWAITING_QUOTE_APPROVAL: {
    quote: T,
    approveQuote: 'OnOff_AWAITING_DEPOSIT',
    approveDeposit: T,
    settle: T,
    cancel: 'OnOff_CANCELED',
  },
  OnOff_AWAITING_DEPOSIT: {
    quote: T,
    approveQuote: T,
    approveDeposit: 'OnOff_IN_PROGRESS',
    settle: T,
    cancel: 'OnOff_CANCELED',
  },
  OnOff_IN_PROGRESS: {
    quote: T,
    approveQuote: T,
    approveDeposit: T,
    settle: 'OnOff_COMPLETED',
    cancel: 'OnOff_CANCELED',
  },
  OnOff_COMPLETED: { quote: T, approveQuote: T, approveDeposit: T, settle: T, cancel: P },
  OnOff_CANCELED: { quote: T, approveQuote: T, approveDeposit: T, settle: T, cancel: T },
};
const RECEIVE: Record<string, Record<TransactionAction, string>> = {
  Receive_PENDING: {
    quote: T,
    approveQuote: 'Receive_PENDING',
    approveDeposit: 'Receive_IN_PROGRESS',
    settle: T,
    cancel: 'Receive_CANCELED',
  },
  Receive_IN_PROGRESS: {
    quote: T,
    approveQuote: T,
    approveDeposit: T,
    settle: 'Receive_COMPLETED',
    cancel: 'Receive_CANCELED',
  },
  Receive_COMPLETED: { quote: T, approveQuote: T, approveDeposit: T, settle: T, cancel: P },
  Receive_CANCELED: { quote: T, approveQuote: T, approveDeposit: T, settle: T, cancel: T },
};

function outcome(
  product: 'sendc2f' | 'sendf2f' | 'receive',
  status: string,
  action: TransactionAction,
  quoteApprovedDate: number | null = null,
) {
  try {
    return nextStatus(
      product,
      { businessRequestId: 7, clientStatus: status, quoteApprovedDate },
      action,
    );
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    const e = error as DomainError;
    expect(e.status).toBe(400);
    if (e.code === T) expect(e.detail).toContain(`it is ${status}`);
    return e.code;
  }
}

describe('transaction state machines', () => {
  for (const product of ['sendc2f', 'sendf2f'] as const) {
    for (const [status, row] of Object.entries(ONOFF)) {
      it.each(ACTIONS)(`${product} ${status}: %s`, (action) => {
        expect(outcome(product, status, action)).toBe(row[action]);
      });
    }
  }
  for (const [status, row] of Object.entries(RECEIVE)) {
    it.each(ACTIONS)(`receive ${status}: %s`, (action) => {
      expect(outcome('receive', status, action)).toBe(row[action]);
    });
  }

  it('refuses a second quote approval of a collection', () => {
    expect(outcome('receive', 'Receive_PENDING', 'approveQuote', Date.now())).toBe(T);
    expect(outcome('receive', 'Receive_PENDING', 'approveDeposit', Date.now())).toBe(
      'Receive_IN_PROGRESS',
    );
  });
});
