// The validation messages of the records a person fills in once signed in (merchants, payout
// accounts, transactions), as words with ids (decision 091), apart from ./validation-words.ts so
// that the sign-in page's catalog does not carry them. Read after the field's name: "IBAN" + "is
// not a valid IBAN…".
import { codedWords } from '#/i18n/words';

export const R = codedWords({
  countryCode: /*i18n*/ { id: 'validation.countryCode', message: 'must be a country code' },
  countryIso: /*i18n*/ {
    id: 'validation.countryIso',
    message: 'must be an ISO 3166-1 alpha-2 country code, such as "DE"',
  },
  phonePrefix: /*i18n*/ { id: 'validation.phonePrefix', message: 'must be 1 to 4 digits' },
  phonePrefixPlain: /*i18n*/ {
    id: 'validation.phonePrefixPlain',
    message: 'must be 1 to 4 digits, without + or spaces',
  },
  phone: /*i18n*/ { id: 'validation.phone', message: 'must be 4 to 15 digits' },
  phonePlain: /*i18n*/ {
    id: 'validation.phonePlain',
    message: 'must be 4 to 15 digits, without spaces or punctuation',
  },
  agreementIds: /*i18n*/ {
    id: 'validation.agreementIds',
    message: 'must be a list of agreement ids',
  },
  oneAgreement: /*i18n*/ {
    id: 'validation.oneAgreement',
    message: 'must name at least one agreement',
  },
  maxAgreements: /*i18n*/ {
    id: 'validation.maxAgreements',
    message: 'must name at most {max} agreements',
  },
  iban: /*i18n*/ { id: 'validation.iban', message: 'must be an IBAN' },
  ibanInvalid: /*i18n*/ {
    id: 'validation.ibanInvalid',
    message: 'is not a valid IBAN (check the country code, length and check digits)',
  },
  bic: /*i18n*/ { id: 'validation.bic', message: 'must be a BIC' },
  bicLength: /*i18n*/ { id: 'validation.bicLength', message: 'must be 8 or 11 characters' },
  bicInvalid: /*i18n*/ {
    id: 'validation.bicInvalid',
    message: 'is not a valid BIC: 8 or 11 characters, such as DEUTDEFF or DEUTDEFF500',
  },
  requiredWithoutIban: /*i18n*/ {
    id: 'validation.requiredWithoutIban',
    message: 'is required when there is no IBAN',
  },
  currencySymbol: /*i18n*/ {
    id: 'validation.currencySymbol',
    message: 'must be a currency symbol',
  },
  requiredForOther: /*i18n*/ {
    id: 'validation.requiredForOther',
    message: 'is required when the reason is OTHER',
  },
  notAfterToDate: /*i18n*/ {
    id: 'validation.notAfterToDate',
    message: 'must not be after toDate',
  },
});
