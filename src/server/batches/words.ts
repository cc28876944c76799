// A bulk file's words that the server writes down (decision 092): a row's problems, a file's
// refusal, why a batch was not quoted, why it closed. They are stored as codes of words (their id
// and values, `wordsCode`) and told in the reader's language when a batch is answered or its rows
// downloaded; the audit trail and integrations that ask in no language read the English.
// Coded words take plain `{name}` values (and `{name, number}`), no plurals.
import { codedWords } from '#/i18n/words';

export const ROW_PROBLEM = codedWords({
  required: /*i18n*/ { id: 'batch.row.required', message: '{column} is required' },
  merchantUnknown: /*i18n*/ {
    id: 'batch.row.merchantUnknown',
    message: '{column} "{value}" names no merchant (by id, registration number or exact name)',
  },
  merchantAmbiguous: /*i18n*/ {
    id: 'batch.row.merchantAmbiguous',
    message: '{column} "{value}" names {count} merchants: use the id ({ids})',
  },
  merchantNotValid: /*i18n*/ {
    id: 'batch.row.merchantNotValid',
    message: '{column} {name} (#{id}) is {status}: only VALID merchants can send',
  },
  ibanNoCountry: /*i18n*/ {
    id: 'batch.row.ibanNoCountry',
    message: '{column} "{value}" is not an IBAN: no country has the code {country}',
  },
  ibanLength: /*i18n*/ {
    id: 'batch.row.ibanLength',
    message:
      '{column} "{value}" is not a valid IBAN: a {country} IBAN has another length (a character is missing or extra)',
  },
  ibanCheckDigits: /*i18n*/ {
    id: 'batch.row.ibanCheckDigits',
    message:
      '{column} "{value}" is not a valid IBAN: its check digits do not match (a character is mistyped)',
  },
  notAccountOf: /*i18n*/ {
    id: 'batch.row.notAccountOf',
    message: '{column} "{value}" is not an account of {merchant}',
  },
  notPayableBy: /*i18n*/ {
    id: 'batch.row.notPayableBy',
    message:
      '{column} "{value}" is not an account {merchant} may pay (its own, its customer\'s or their contacts\')',
  },
  accountNotActive: /*i18n*/ {
    id: 'batch.row.accountNotActive',
    message: '{column} #{id} is {status}: only ACTIVE accounts receive',
  },
  notDepositCurrency: /*i18n*/ {
    id: 'batch.row.notDepositCurrency',
    message: '{column} "{value}" is not a deposit currency of this product: {currencies}',
  },
  notPayoutCurrency: /*i18n*/ {
    id: 'batch.row.notPayoutCurrency',
    message: '{column} pays out in {currency}, which is not a payout currency',
  },
  amountOutside: /*i18n*/ {
    id: 'batch.row.amountOutside',
    message: '{column} must be between {min} and {max} {currency}',
  },
  amountOutsideNoCurrency: /*i18n*/ {
    id: 'batch.row.amountOutsideNoCurrency',
    message: '{column} must be between {min} and {max}',
  },
  amountWhole: /*i18n*/ {
    id: 'batch.row.amountWhole',
    message: '{column} must be a whole number: {currency} has no decimals',
  },
  amountDecimals: /*i18n*/ {
    id: 'batch.row.amountDecimals',
    message: '{column} can have at most {decimals} decimals in {currency}',
  },
  amountUnreadablePoint: /*i18n*/ {
    id: 'batch.row.amountUnreadablePoint',
    message:
      '{column} "{value}" must be a number such as 1250.50 (grouping such as 12,500.50 is fine).',
  },
  amountUnreadableComma: /*i18n*/ {
    id: 'batch.row.amountUnreadableComma',
    message:
      '{column} "{value}" must be a number such as 1250,50 (grouping such as 12.500,50 is fine).',
  },
  amountNeedsPoint: /*i18n*/ {
    id: 'batch.row.amountNeedsPoint',
    message: '{column} "{value}" must use a point for decimals, such as 12.50.',
  },
  amountNeedsComma: /*i18n*/ {
    id: 'batch.row.amountNeedsComma',
    message: '{column} "{value}" must use a comma for decimals, such as 12,50.',
  },
  notPurpose: /*i18n*/ {
    id: 'batch.row.notPurpose',
    message: '{column} "{value}" is not one of {purposes}',
  },
  notUrl: /*i18n*/ { id: 'batch.row.notUrl', message: '{column} must be an http or https URL' },
  repeatsRow: /*i18n*/ {
    id: 'batch.row.repeatsRow',
    message: '{column} repeats row {row}: same account, amount and reference',
  },
  repeatsPaid: /*i18n*/ {
    id: 'batch.row.repeatsPaid',
    message:
      '{column} repeats transaction #{id}: same account, amount and reference in the last 30 days',
  },
  mixedDecimalsComma: /*i18n*/ {
    id: 'batch.file.mixedDecimalsComma',
    message:
      'The amounts mix decimal points and decimal commas: each row is read with a decimal comma, as most of them are written.',
  },
  mixedDecimalsPoint: /*i18n*/ {
    id: 'batch.file.mixedDecimalsPoint',
    message:
      'The amounts mix decimal points and decimal commas: each row is read with a decimal point, as most of them are written.',
  },
  accountNotGiven: /*i18n*/ {
    id: 'batch.row.accountNotGiven',
    message: 'pays payout account #{id}, which the API does not give ({status})',
  },
  priceRefused: /*i18n*/ { id: 'batch.row.priceRefused', message: 'was refused ({status})' },
});

export const FILE_REFUSED = codedWords({
  empty: /*i18n*/ { id: 'batch.file.empty', message: 'The file is empty.' },
  tooLarge: /*i18n*/ { id: 'batch.file.tooLarge', message: 'The file is larger than {size}.' },
  notXlsx: /*i18n*/ {
    id: 'batch.file.notXlsx',
    message: 'The file could not be read as an XLSX workbook: save it again.',
  },
  notUtf8: /*i18n*/ {
    id: 'batch.file.notUtf8',
    message: 'The file is not UTF-8 text: save it as "CSV UTF-8" or as XLSX.',
  },
  notCsv: /*i18n*/ {
    id: 'batch.file.notCsv',
    message: 'The file is not valid CSV: check its quotes.',
  },
  notCsvNear: /*i18n*/ {
    id: 'batch.file.notCsvNear',
    message: 'The file is not valid CSV near row {row}: check its quotes.',
  },
  unknownColumn: /*i18n*/ {
    id: 'batch.file.unknownColumn',
    message: 'The column "{name}" is not one of the template\'s: {columns}.',
  },
  missingColumn: /*i18n*/ {
    id: 'batch.file.missingColumn',
    message: 'The column {column} is missing.',
  },
  noHeader: /*i18n*/ { id: 'batch.file.noHeader', message: 'The file has no header row.' },
  noRows: /*i18n*/ { id: 'batch.file.noRows', message: 'The file has no rows under its header.' },
  tooManyRows: /*i18n*/ {
    id: 'batch.file.tooManyRows',
    message:
      'The file has {rows, number} rows; a batch takes at most {max, number}. Split it in two.',
  },
  cellTooLong: /*i18n*/ {
    id: 'batch.file.cellTooLong',
    message:
      'Row {row}, column {column}: the cell holds {length, number} characters; a cell takes at most {max, number}.',
  },
  cellTooLongNoColumn: /*i18n*/ {
    id: 'batch.file.cellTooLongNoColumn',
    message:
      'Row {row}: the cell holds {length, number} characters; a cell takes at most {max, number}.',
  },
  notRead: /*i18n*/ { id: 'batch.file.notRead', message: '{fileName} was not read: {problems}' },
});

export const BATCH_CLOSED = codedWords({
  cancelled: /*i18n*/ { id: 'batch.closed.cancelled', message: 'Cancelled by {name}.' },
  cancelledBecause: /*i18n*/ {
    id: 'batch.closed.cancelledBecause',
    message: 'Cancelled by {name}: {reason}',
  },
  rejected: /*i18n*/ { id: 'batch.closed.rejected', message: 'Rejected by {name}.' },
  rejectedBecause: /*i18n*/ {
    id: 'batch.closed.rejectedBecause',
    message: 'Rejected by {name}: {reason}',
  },
});

export const NOT_QUOTED = codedWords({
  noCredentials: /*i18n*/ {
    id: 'batch.notQuoted.noCredentials',
    message: "An admin has not set this environment's API credentials yet.",
  },
  rowUnpriced: /*i18n*/ {
    id: 'batch.notQuoted.rowUnpriced',
    message: 'The API did not price row {row}, so the batch was not quoted. Try again shortly.',
  },
  rowsRefused: /*i18n*/ {
    id: 'batch.notQuoted.rowsRefused',
    message: 'The API would not price some rows: fix them (or cancel the batch) and quote again.',
  },
  accountUnread: /*i18n*/ {
    id: 'batch.notQuoted.accountUnread',
    message:
      'The API did not give payout account #{id}, so the batch was not quoted. Try again shortly.',
  },
  accountsRefused: /*i18n*/ {
    id: 'batch.notQuoted.accountsRefused',
    message: 'Some rows pay an account the API does not give: fix them and quote again.',
  },
});

/** Why a row failed at submission, as words (decision 092): stored with the row, told when read. */
export const ROW_FAILED = codedWords({
  apiAnswered: /*i18n*/ { id: 'batch.failed.apiAnswered', message: 'The API answered {status}.' },
  accountGone: /*i18n*/ {
    id: 'batch.failed.accountGone',
    message: 'Payout account #{id} is no longer given by the API.',
  },
  payeeMoved: /*i18n*/ {
    id: 'batch.failed.payeeMoved',
    message:
      'The bank details of payout account #{id} changed after the file was approved ({fields}: {then} then, {now} now), so this row was not paid. Upload it again to pay the account as it is now.',
  },
});

/** The bank details' fields, named in words. */
export const BANK_FIELD = codedWords({
  iban: /*i18n*/ { id: 'bankField.iban', message: 'IBAN' },
  accountNumber: /*i18n*/ { id: 'bankField.accountNumber', message: 'Account number' },
  swiftCode: /*i18n*/ { id: 'bankField.swiftCode', message: 'BIC' },
  routingNumber: /*i18n*/ {
    id: 'bankField.routingNumber',
    message: 'Routing number or bank code',
  },
  accountHolderName: /*i18n*/ { id: 'bankField.accountHolderName', message: 'Account holder' },
  countryIso: /*i18n*/ { id: 'bankField.countryIso', message: 'Bank country' },
});
