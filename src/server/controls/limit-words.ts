// A creation refused by a limit, in words with its figures (docs/decisions/089, 092): told in the
// reader's language where it is answered, and stored as words as data where it is kept (a bulk
// file's failed row, a scheduled run); the audit trail reads English.
import { codedWords } from '#/i18n/words';

export const LIMIT_WORDS = codedWords({
  perTransaction: /*i18n*/ {
    id: 'limit.perTransaction',
    message:
      '{scope, select, person {{name} may create} merchant {{name} may be paid} other {The workspace may create}} at most {limit} {currency} per transaction; this {product, select, receive {collection} other {payout}} is {amount} {currency}.',
  },
  inPeriod: /*i18n*/ {
    id: 'limit.inPeriod',
    message:
      '{scope, select, person {{name} has created {used} {currency} of their {limit} {currency} {period, select, day {day} other {month}} limit; this {product, select, receive {collection} other {payout}} would take them to {wouldBe} {currency}.} merchant {{name} has been paid {used} {currency} of its {limit} {currency} {period, select, day {day} other {month}} limit; this {product, select, receive {collection} other {payout}} would take it to {wouldBe} {currency}.} other {The workspace has created {used} {currency} of its {limit} {currency} {period, select, day {day} other {month}} limit; this {product, select, receive {collection} other {payout}} would take it to {wouldBe} {currency}.}}',
  },
  unpriced: /*i18n*/ {
    id: 'limit.unpriced',
    message:
      'The API gives no rate into {currency} for this {product, select, receive {collection} other {payout}}’s currency, so its limits cannot be checked: it is not created.',
  },
  merchantNumber: /*i18n*/ { id: 'limit.merchantNumber', message: 'Merchant #{id}' },
});
