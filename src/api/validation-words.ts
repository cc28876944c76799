// The contract's validation messages as words with ids (decision 091): a zod schema carries the
// code of its message (`wordsCode`), and whoever shows it writes it in the reader's language (the
// server in a refusal's field errors, the browser under a field); English for an integration.
// A message reads after the field's name: "Email" + "is required".
import { codedWords, wordsCode } from '#/i18n/words';

export const V = codedWords({
  required: /*i18n*/ { id: 'validation.required', message: 'is required' },
  maxChars: /*i18n*/ { id: 'validation.maxChars', message: 'must be at most {max} characters' },
  minChars: /*i18n*/ { id: 'validation.minChars', message: 'must be at least {min} characters' },
  trueOrFalse: /*i18n*/ { id: 'validation.trueOrFalse', message: 'must be true or false' },
  text: /*i18n*/ { id: 'validation.text', message: 'must be text' },
  email: /*i18n*/ { id: 'validation.email', message: 'must be an email address' },
  locale: /*i18n*/ { id: 'validation.locale', message: 'must be a locale such as de-DE or en-GB' },
  localeOrNull: /*i18n*/ {
    id: 'validation.localeOrNull',
    message: 'must be a locale such as de-DE or en-GB, or null for the browser’s',
  },
  timeZone: /*i18n*/ {
    id: 'validation.timeZone',
    message: 'must be a time zone such as Europe/Berlin',
  },
  timeZoneOrNull: /*i18n*/ {
    id: 'validation.timeZoneOrNull',
    message: 'must be a time zone such as Europe/Berlin, or null for the browser’s',
  },
  roles: /*i18n*/ { id: 'validation.roles', message: 'must be a list of roles' },
  oneRole: /*i18n*/ { id: 'validation.oneRole', message: 'must name at least one role' },
  positiveInteger: /*i18n*/ {
    id: 'validation.positiveInteger',
    message: 'must be a positive integer',
  },
  httpUrl: /*i18n*/ { id: 'validation.httpUrl', message: 'must be an http or https URL' },
  list: /*i18n*/ { id: 'validation.list', message: 'must be a list' },
  decimalAmount: /*i18n*/ {
    id: 'validation.decimalAmount',
    message: 'must be a decimal amount as a string, such as "100.50"',
  },
  amountTooLong: /*i18n*/ { id: 'validation.amountTooLong', message: 'is too long for an amount' },
  sixDigits: /*i18n*/ {
    id: 'validation.sixDigits',
    message: 'is required: the six digits of your authenticator app',
  },
  oneLine: /*i18n*/ {
    id: 'validation.oneLine',
    message: 'must be one line of text, without control characters',
  },
  oneOf: /*i18n*/ { id: 'validation.oneOf', message: 'must be one of {choices}' },
  exactly: /*i18n*/ { id: 'validation.exactly', message: 'must be {choice}' },
  either: /*i18n*/ { id: 'validation.either', message: 'must be {choices} or {last}' },
  givenTwice: /*i18n*/ {
    id: 'validation.givenTwice',
    message: 'is given more than once: give it once',
  },
});

/** A validation message's code, for a zod schema's `error`. */
export const invalid = wordsCode;
