// The API's values in words, in the page's language (decision 091): statuses, purposes, reasons.
// The API's codes stay as they are on the wire and in files; what a person reads is translated.
// A value without words of its own reads as the English of its code ("Action needed").
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { humanize } from '#/api/words';
import { tr } from '#/i18n/current';

const VALUES: Record<string, MessageDescriptor> = {
  // Statuses: KYC, payout accounts and transactions (the flows' prefixes left out)
  NEW: msg`New`,
  VALID: msg`Valid`,
  PENDING: msg`Pending`,
  PENDING_REVIEW: msg`Pending review`,
  FLAGGED: msg`Flagged`,
  UNDER_REVIEW: msg`Under review`,
  ACTION_NEEDED: msg`Action needed`,
  ABANDONED: msg`Abandoned`,
  ACTIVE: msg`Active`,
  FROZEN: msg`Frozen`,
  CLOSED: msg`Closed`,
  AWAITING_QUOTE_APPROVAL: msg`Awaiting quote approval`,
  AWAITING_DEPOSIT: msg`Awaiting deposit`,
  IN_PROGRESS: msg`In progress`,
  COMPLETED: msg`Completed`,
  CANCELED: msg`Cancelled`,
  // Purposes
  GOODS_PURCHASE: msg`Goods purchase`,
  SERVICES_PURCHASE: msg`Services purchase`,
  SUPPLIER_PAYMENT: msg`Supplier payment`,
  SALARY: msg`Salary`,
  FAMILY_SUPPORT: msg`Family support`,
  INTRA_COMPANY_TRANSFER: msg`Intra-company transfer`,
  INVESTMENT: msg`Investment`,
  LOAN_REPAYMENT: msg`Loan repayment`,
  OTHER: msg`Other`,
  // Why a transaction is cancelled
  WRONG_PAYMENT_AMOUNT: msg`Wrong payment amount`,
  WRONG_RECIPIENT: msg`Wrong recipient`,
  DUPLICATE: msg`Duplicate`,
  CLIENT_REQUEST: msg`Client request`,
};

/** `AWAITING_DEPOSIT` (or `OnOff_AWAITING_DEPOSIT`) → "Awaiting deposit", in the page's language. */
export function valueInWords(value: string): string {
  const words = VALUES[value.replace(/^(OnOff|Receive)_/, '')];
  return words ? tr(words) : humanize(value);
}
