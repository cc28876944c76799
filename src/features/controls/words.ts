// The money controls in words, for the settings, the inbox and the pages that show approvals.
import { ACTION_WORDS, ANY, type Policy } from '#/api/controls';
import { isZeroAmount } from '#/api/money';
import { BANK_DETAIL_LABEL } from '#/api/payee';
import { formatAmount } from '#/lib/format';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';

export const approversInWords = (n: number) =>
  tr(msg({ message: '{n, plural, one {# approver} other {# approvers}}' }), { n });

/** The products a policy covers, as a sentence names them. */
const productWords = (product: Policy['product']) =>
  tr(
    msg({
      message:
        '{product, select, sendc2f {payouts} sendf2f {end to end transfers} receive {collections} other {any product}}',
    }),
    { product: product === ANY ? 'any' : product },
  );

/** Which amount a policy measures, as a sentence names it. */
const sideWords = (side: Policy['amountSide'], total: boolean) =>
  tr(
    msg({
      message:
        '{side, select, payout {the payout} payoutTotal {the payout total} deposit {the deposit} other {the deposit total}}',
    }),
    { side: `${side}${total ? 'Total' : ''}` },
  );

/**
 * A policy as a sentence: "Deposit approval of any product, when the payout is 5,000.00 EUR or
 * more, needs 2 approvers."
 */
export function policyInWords(
  p: Pick<Policy, 'action' | 'product' | 'currency' | 'amountSide' | 'minAmount' | 'approvers'> & {
    inBase?: boolean | undefined;
  },
  /** The workspace's base currency, for a base-currency policy. */
  baseCurrency = 'EUR',
): string {
  const approvers = approversInWords(p.approvers);
  if (p.action === 'changeBankDetails') {
    return p.currency === ANY
      ? tr(msg`Every bank-detail change of a payout account needs ${approvers}.`)
      : tr(msg`A bank-detail change of a payout account in ${p.currency} needs ${approvers}.`);
  }
  const values = {
    action: tr(ACTION_WORDS[p.action]),
    products: productWords(p.product),
    // A bulk payout's policy is measured on its total in the currency.
    side: sideWords(p.amountSide, p.action === 'approveBatch'),
    approvers,
    currency: p.currency,
  };
  const always = isZeroAmount(p.minAmount);
  if (p.inBase)
    return tr(
      msg({
        message:
          "{action} of {products}, when {side} is worth {amount} {currency} or more in any currency (at the API's rate when someone decides), needs {approvers}.",
      }),
      { ...values, amount: formatAmount(p.minAmount, baseCurrency), currency: baseCurrency },
    );
  if (p.currency === ANY)
    return always
      ? tr(msg({ message: '{action} of {products} needs {approvers}.' }), values)
      : tr(
          msg({
            message:
              '{action} of {products}, when {side} is {amount} or more in any currency, needs {approvers}.',
          }),
          { ...values, amount: formatAmount(p.minAmount, 'USD') },
        );
  return always
    ? tr(
        msg({
          message: '{action} of {products}, when {side} is in {currency}, needs {approvers}.',
        }),
        values,
      )
    : tr(
        msg({
          message:
            '{action} of {products}, when {side} is {amount} {currency} or more, needs {approvers}.',
        }),
        { ...values, amount: formatAmount(p.minAmount, p.currency) },
      );
}

/** The fields a bank-detail change touches, in words (English: the API's names for them). */
export const changedInWords = (fields: readonly (keyof typeof BANK_DETAIL_LABEL)[]) =>
  fields.map((f) => BANK_DETAIL_LABEL[f]).join(', ');
