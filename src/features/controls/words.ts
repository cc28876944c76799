// The money controls in words, for the settings, the inbox and the pages that show approvals.
import { ACTION_LABEL, ANY, type Policy } from '#/api/controls';
import { isZeroAmount } from '#/api/money';
import { BANK_DETAIL_LABEL } from '#/api/payee';
import type { Product } from '#/api/schemas/transaction';
import { formatAmount } from '#/lib/format';
import { PRODUCT_TITLE } from '#/lib/products';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';

export const approversInWords = (n: number) =>
  tr(msg({ message: '{n, plural, one {# approver} other {# approvers}}' }), { n });

const productWords = (product: Policy['product']) =>
  product === ANY ? 'any product' : tr(PRODUCT_TITLE[product as Product].plural).toLowerCase();

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
  const needs = `needs ${approversInWords(p.approvers)}`;
  if (p.action === 'changeBankDetails') {
    return p.currency === ANY
      ? `Every bank-detail change of a payout account ${needs}.`
      : `A bank-detail change of a payout account in ${p.currency} ${needs}.`;
  }
  const what = `${ACTION_LABEL[p.action]} of ${productWords(p.product)}`;
  const always = isZeroAmount(p.minAmount);
  // A bulk payout's policy is measured on its total in the currency.
  const side = `${p.amountSide === 'deposit' ? 'the deposit' : 'the payout'}${p.action === 'approveBatch' ? ' total' : ''}`;
  let when: string;
  if (p.inBase)
    when = `, when ${side} is worth ${formatAmount(p.minAmount, baseCurrency)} ${baseCurrency} or more in any currency (at the API's rate when someone decides),`;
  else if (p.currency === ANY)
    when = always
      ? ''
      : `, when ${side} is ${formatAmount(p.minAmount, 'USD')} or more in any currency,`;
  else
    when = always
      ? `, when ${side} is in ${p.currency},`
      : `, when ${side} is ${formatAmount(p.minAmount, p.currency)} ${p.currency} or more,`;
  return `${what}${when} ${needs}.`;
}

/** The fields a bank-detail change touches, in words. */
export const changedInWords = (fields: readonly (keyof typeof BANK_DETAIL_LABEL)[]) =>
  fields.map((f) => BANK_DETAIL_LABEL[f]).join(', ');
