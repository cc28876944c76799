// The sandbox's enforcement of the transaction state machines (src/api/transaction-states.ts):
// the next status of an allowed action, or the refusal with the right code.
import type { Product } from '#/api/schemas/transaction';
import {
  isCompleted,
  transitionFor,
  transitionRefusal,
  type TransactionAction,
} from '#/api/transaction-states';
import { refused } from './errors';

export type { TransactionAction };
export { initialStatus } from '#/api/transaction-states';

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
  const { businessRequestId: id, clientStatus: status } = transaction;
  if (action === 'cancel' && isCompleted(status)) {
    throw refused(
      'TRANSACTION_ALREADY_PROCESSED',
      `Transaction ${id} is ${status}: a processed transaction can no longer be cancelled.`,
    );
  }
  const next = transitionFor(product, transaction, action);
  if (next === undefined) {
    throw refused('INVALID_STATE_TRANSITION', transitionRefusal(product, transaction, action));
  }
  return next;
}
