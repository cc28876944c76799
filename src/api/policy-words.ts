// An approval policy as a sentence (decisions 091 and 092), one wording for the browser and the
// server: "Deposit approval of any product, when the payout is 5,000.00 EUR or more, needs 2
// approvers." The sentence is words as data: the settings page tells it with the person's
// formats, the server in the reader's language (a change held for a second admin, the page an
// approval link opens) and in English for the audit trail.
import { codedWords } from '#/i18n/words';
import { type SaidData, saidData } from '#/i18n/said-data';
import { ACTION_WORDS, ANY, type Policy } from './controls';
import { isZeroAmount } from './money';

codedWords(ACTION_WORDS);

export const POLICY_WORDS = codedWords({
  approvers: /*i18n*/ {
    id: 'policySentence.approvers',
    message: '{n, plural, one {# approver} other {# approvers}}',
  },
  products: /*i18n*/ {
    id: 'policySentence.products',
    message:
      '{product, select, sendc2f {payouts} sendf2f {end to end transfers} receive {collections} other {any product}}',
  },
  side: /*i18n*/ {
    id: 'policySentence.side',
    message:
      '{side, select, payout {the payout} payoutTotal {the payout total} deposit {the deposit} other {the deposit total}}',
  },
  everyBankChange: /*i18n*/ {
    id: 'policySentence.everyBankChange',
    message: 'Every bank-detail change of a payout account needs {approvers}.',
  },
  bankChangeIn: /*i18n*/ {
    id: 'policySentence.bankChangeIn',
    message: 'A bank-detail change of a payout account in {currency} needs {approvers}.',
  },
  inBase: /*i18n*/ {
    id: 'policySentence.inBase',
    message:
      "{action} of {products}, when {side} is worth {amount} {currency} or more in any currency (at the API's rate when someone decides), needs {approvers}.",
  },
  always: /*i18n*/ {
    id: 'policySentence.always',
    message: '{action} of {products} needs {approvers}.',
  },
  fromAnyCurrency: /*i18n*/ {
    id: 'policySentence.fromAnyCurrency',
    message:
      '{action} of {products}, when {side} is {amount} or more in any currency, needs {approvers}.',
  },
  inCurrency: /*i18n*/ {
    id: 'policySentence.inCurrency',
    message: '{action} of {products}, when {side} is in {currency}, needs {approvers}.',
  },
  fromAmount: /*i18n*/ {
    id: 'policySentence.fromAmount',
    message:
      '{action} of {products}, when {side} is {amount} {currency} or more, needs {approvers}.',
  },
});

const W = POLICY_WORDS;

/** A policy as words to tell; `baseCurrency` is the workspace's, for a base-currency policy. */
export function policySaid(
  p: Pick<Policy, 'action' | 'product' | 'currency' | 'amountSide' | 'minAmount' | 'approvers'> & {
    inBase?: boolean | undefined;
  },
  baseCurrency: string,
): SaidData {
  const approvers = saidData(W.approvers, { n: p.approvers });
  if (p.action === 'changeBankDetails')
    return p.currency === ANY
      ? saidData(W.everyBankChange, { approvers })
      : saidData(W.bankChangeIn, { currency: p.currency, approvers });
  const values = {
    action: saidData(ACTION_WORDS[p.action]),
    products: saidData(W.products, { product: p.product === ANY ? 'any' : p.product }),
    // A bulk payout's policy is measured on its total in the currency.
    side: saidData(W.side, {
      side: `${p.amountSide}${p.action === 'approveBatch' ? 'Total' : ''}`,
    }),
    approvers,
  };
  if (p.inBase)
    return saidData(W.inBase, {
      ...values,
      amount: { amount: p.minAmount, currency: baseCurrency },
      currency: baseCurrency,
    });
  const always = isZeroAmount(p.minAmount);
  if (p.currency === ANY)
    return always
      ? saidData(W.always, values)
      : saidData(W.fromAnyCurrency, {
          ...values,
          // Any currency: written with two decimals, as most currencies have.
          amount: { amount: p.minAmount, currency: 'USD' },
        });
  return always
    ? saidData(W.inCurrency, { ...values, currency: p.currency })
    : saidData(W.fromAmount, {
        ...values,
        amount: { amount: p.minAmount, currency: p.currency },
        currency: p.currency,
      });
}
