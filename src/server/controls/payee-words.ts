// What an approver of new bank details should know, in words (decision 092): stored with the held
// change as codes of words, told in the approver's language.
import { codedWords, wordsCode } from '#/i18n/words';

export const PAYEE_WARNING = codedWords({
  iban: /*i18n*/ {
    id: 'payeeWarning.iban',
    message:
      'This IBAN is also on payout account #{accountId} of {owner} (merchant #{businessId}).',
  },
  accountNumber: /*i18n*/ {
    id: 'payeeWarning.accountNumber',
    message:
      'This account number is also on payout account #{accountId} of {owner} (merchant #{businessId}).',
  },
  ibanUnnamed: /*i18n*/ {
    id: 'payeeWarning.ibanUnnamed',
    message: 'This IBAN is also on payout account #{accountId} of merchant #{businessId}.',
  },
  accountNumberUnnamed: /*i18n*/ {
    id: 'payeeWarning.accountNumberUnnamed',
    message:
      'This account number is also on payout account #{accountId} of merchant #{businessId}.',
  },
});

/** Another merchant's account with the same number, as the code of its words. */
export function payeeWarningCode(w: {
  field: 'iban' | 'accountNumber';
  accountId: number;
  businessId: number;
  merchantName: string | null;
}): string {
  const { accountId, businessId, merchantName } = w;
  if (merchantName === null)
    return wordsCode(PAYEE_WARNING[w.field === 'iban' ? 'ibanUnnamed' : 'accountNumberUnnamed'], {
      accountId,
      businessId,
    });
  return wordsCode(PAYEE_WARNING[w.field], { accountId, businessId, owner: merchantName });
}
