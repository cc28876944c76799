// Why a transaction's state refuses an action, in the reader's words (decision 091). The sandbox
// says the same in English (`transitionRefusal`, src/api/transaction-states.ts), as the API does;
// the dashboard server tells it to a person in their language. Status codes stay as the API
// writes them.
import type { I18n } from '@lingui/core';
import type { Product } from '#/api/schemas/transaction';
import { rowOf, statusesAllowing, type TransactionAction } from '#/api/transaction-states';
import { codedWords, type Said, said } from '#/i18n/words';

const TRANSITION = codedWords({
  refused: /*i18n*/ {
    id: 'transition.refused',
    message:
      'Cannot {action, select, quote {quote} approveQuote {approve the quote of} approveDeposit {approve the deposit of} settle {settle} other {cancel}} transaction {id}: it is {status}; that is possible only in {allowed}.',
  },
});

/** Why `action` is refused in the transaction's current row (INVALID_STATE_TRANSITION). */
export function transitionWords(
  product: Product,
  transaction: Parameters<typeof rowOf>[1] & { businessRequestId: number },
  action: TransactionAction,
): Said {
  const allowed = statusesAllowing(product, action);
  return said(TRANSITION.refused, {
    action,
    id: String(transaction.businessRequestId),
    status: rowOf(product, transaction),
    allowed: ({ locale }: I18n) =>
      new Intl.ListFormat(locale, { type: 'disjunction' }).format(allowed),
  });
}
