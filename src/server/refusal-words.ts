// The dashboard server's refusals in words (decision 091): a refusal's `detail` is told in the
// reader's language by the one problem reply; its `code` stays as it is. English is the source.
import type { Words } from '#/i18n/words';

export const REFUSED = {
  noApproval: /*i18n*/ { id: 'refused.noApproval', message: 'No such approval.' },
  noChange: /*i18n*/ { id: 'refused.noChange', message: 'No such change.' },
  noLimit: /*i18n*/ { id: 'refused.noLimit', message: 'No such limit.' },
  noPolicy: /*i18n*/ { id: 'refused.noPolicy', message: 'No such policy.' },
  noBatch: /*i18n*/ { id: 'refused.noBatch', message: 'No such batch.' },
  noRow: /*i18n*/ { id: 'refused.noRow', message: 'The batch has no row {row}.' },
  noCredentials: /*i18n*/ {
    id: 'refused.noCredentials',
    message: 'An admin has not set the {environment} environment’s API credentials yet.',
  },
  currenciesUnread: /*i18n*/ {
    id: 'refused.currenciesUnread',
    message:
      'The currency list could not be read from the API, so the rows were not checked. Try again shortly.',
  },
  accountUnread: /*i18n*/ {
    id: 'refused.accountUnread',
    message: 'The account could not be read from the API. Try again shortly.',
  },
  approvalUnused: /*i18n*/ {
    id: 'refused.approvalUnused',
    message: 'The API could not be reached; your approval was not used. Try again shortly.',
  },
  notRejected: /*i18n*/ {
    id: 'refused.notRejected',
    message:
      'The API could not be reached to cancel the transaction; nothing was rejected. Try again shortly.',
  },
  duplicatePolicy: /*i18n*/ {
    id: 'refused.duplicatePolicy',
    message:
      'A policy for the same action, product, currency and amount exists already (it asks {approvers, plural, one {# approver} other {# approvers}}): remove it first to change it.',
  },
} satisfies Record<string, Words>;
