// What an approver of new bank details should know, in words (decision 092): stored with the held
// change as codes of words, told in the approver's language.
import { isValidBIC } from 'ibantools';
import { COUNTRY_NAMES, isCountryIso } from '#/api/countries';
import { type FieldProblem, fromIban, sameBankCountry } from '#/api/payee';
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

/** Where bank details disagree, after the field's name (codes of words, told where they show). */
export const PAYEE_COUNTRY = codedWords({
  iban: /*i18n*/ {
    id: 'payeeCountry.iban',
    message: 'is from {iban}, but the bank country is {country}: they must agree',
  },
  bicAndIban: /*i18n*/ {
    id: 'payeeCountry.bicAndIban',
    message: 'is a bank in {bic}, but the IBAN is from {against}: they must agree',
  },
  bicAndCountry: /*i18n*/ {
    id: 'payeeCountry.bicAndCountry',
    message: 'is a bank in {bic}, but the bank country is {against}: they must agree',
  },
});

/** A country as the messages name it: its code and (English) name, "DE (Germany)". */
function named(iso: string): string {
  return isCountryIso(iso) ? `${iso} (${COUNTRY_NAMES[iso]})` : iso;
}

/**
 * Where an account's IBAN, BIC and bank country disagree: one problem per field that does not
 * fit, in words that follow the field's name (codes of words). Fields left out or invalid are not
 * judged here (their own checks name them).
 */
export function payeeCountryProblems(account: {
  iban?: string | null | undefined;
  swiftCode?: string | null | undefined;
  countryIso?: string | null | undefined;
}): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const country = account.countryIso?.trim().toUpperCase() || undefined;
  const iban = account.iban ? fromIban(account.iban) : undefined;
  if (iban && country && !sameBankCountry(iban.countryIso, country))
    problems.push({
      field: 'iban',
      message: wordsCode(PAYEE_COUNTRY.iban, {
        iban: named(iban.countryIso),
        country: named(country),
      }),
    });
  const bic = account.swiftCode?.trim().toUpperCase();
  if (bic && isValidBIC(bic)) {
    const bicCountry = bic.slice(4, 6);
    const against = iban?.countryIso ?? country;
    if (against && !sameBankCountry(bicCountry, against))
      problems.push({
        field: 'swiftCode',
        message: wordsCode(iban ? PAYEE_COUNTRY.bicAndIban : PAYEE_COUNTRY.bicAndCountry, {
          bic: named(bicCountry),
          against: named(against),
        }),
      });
  }
  return problems;
}
