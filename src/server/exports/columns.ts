// The columns of the lists' CSV exports (docs/decisions/037, 068, 091): one column per fact, in the
// words of the person's language (statuses and codes in words, times where the person is, the zone
// in the header), ids and amounts as the API gives them.
import { type CsvColumns } from '#/api/csv';
import { type QuoteFigures, quoteFigures } from '#/api/rates';
import type { AccountRow, MerchantRow } from '#/api/local-index';
import { isoInZone } from '#/api/periods';
import { humanize, PRODUCT_NAME } from '#/api/words';
import { valueWordsOf } from '#/api/value-words';
import { said } from '#/i18n/words';
import { sayIn, sayer } from '../words';
import type { TransactionRow } from '../local-index/store';

/** The columns' headers, in the reader's language (decision 091): English for an integration. */
const COLUMN = {
  transaction: /*i18n*/ { id: 'column.transaction', message: 'Transaction' },
  product: /*i18n*/ { id: 'column.product', message: 'Product' },
  status: /*i18n*/ { id: 'column.status', message: 'Status' },
  created: /*i18n*/ { id: 'column.created', message: 'Created ({zone})' },
  lastChange: /*i18n*/ { id: 'column.lastChange', message: 'Last change ({zone})' },
  quoteApproved: /*i18n*/ { id: 'column.quoteApproved', message: 'Quote approved ({zone})' },
  depositReceived: /*i18n*/ { id: 'column.depositReceived', message: 'Deposit received ({zone})' },
  depositApproved: /*i18n*/ { id: 'column.depositApproved', message: 'Deposit approved ({zone})' },
  merchant: /*i18n*/ { id: 'column.merchant', message: 'Merchant' },
  merchantId: /*i18n*/ { id: 'column.merchantId', message: 'Merchant id' },
  recipient: /*i18n*/ { id: 'column.recipient', message: 'Recipient' },
  recipientMerchantId: /*i18n*/ {
    id: 'column.recipientMerchantId',
    message: 'Recipient merchant id',
  },
  payoutAccountId: /*i18n*/ { id: 'column.payoutAccountId', message: 'Payout account id' },
  account: /*i18n*/ { id: 'column.account', message: 'Account' },
  payoutAmount: /*i18n*/ { id: 'column.payoutAmount', message: 'Payout amount' },
  payoutCurrency: /*i18n*/ { id: 'column.payoutCurrency', message: 'Payout currency' },
  depositAmount: /*i18n*/ { id: 'column.depositAmount', message: 'Deposit amount' },
  depositCurrency: /*i18n*/ { id: 'column.depositCurrency', message: 'Deposit currency' },
  rate: /*i18n*/ { id: 'column.rate', message: 'Rate' },
  fee: /*i18n*/ { id: 'column.fee', message: 'Fee (deposit currency)' },
  markupPercent: /*i18n*/ { id: 'column.markupPercent', message: 'Markup (%)' },
  depositReceivedAmount: /*i18n*/ {
    id: 'column.depositReceivedAmount',
    message: 'Deposit received amount',
  },
  paidOut: /*i18n*/ { id: 'column.paidOut', message: 'Paid out' },
  purpose: /*i18n*/ { id: 'column.purpose', message: 'Purpose' },
  cancelReason: /*i18n*/ { id: 'column.cancelReason', message: 'Cancel reason' },
  referenceOrWallet: /*i18n*/ { id: 'column.referenceOrWallet', message: 'Reference or wallet' },
  type: /*i18n*/ { id: 'column.type', message: 'Type' },
  customer: /*i18n*/ { id: 'column.customer', message: 'Customer' },
  customerId: /*i18n*/ { id: 'column.customerId', message: 'Customer id' },
  kycStatus: /*i18n*/ { id: 'column.kycStatus', message: 'KYC status' },
  registrationNumber: /*i18n*/ { id: 'column.registrationNumber', message: 'Registration number' },
  country: /*i18n*/ { id: 'column.country', message: 'Country' },
  stateOrRegion: /*i18n*/ { id: 'column.stateOrRegion', message: 'State or region' },
  city: /*i18n*/ { id: 'column.city', message: 'City' },
  address: /*i18n*/ { id: 'column.address', message: 'Address' },
  postalCode: /*i18n*/ { id: 'column.postalCode', message: 'Postal code' },
  industry: /*i18n*/ { id: 'column.industry', message: 'Industry' },
  contact: /*i18n*/ { id: 'column.contact', message: 'Contact' },
  contactEmail: /*i18n*/ { id: 'column.contactEmail', message: 'Contact email' },
  contactPhone: /*i18n*/ { id: 'column.contactPhone', message: 'Contact phone' },
  accountHolder: /*i18n*/ { id: 'column.accountHolder', message: 'Account holder' },
  currency: /*i18n*/ { id: 'column.currency', message: 'Currency' },
  bank: /*i18n*/ { id: 'column.bank', message: 'Bank' },
  iban: /*i18n*/ { id: 'column.iban', message: 'IBAN' },
  accountNumber: /*i18n*/ { id: 'column.accountNumber', message: 'Account number' },
  bic: /*i18n*/ { id: 'column.bic', message: 'BIC' },
  routingNumber: /*i18n*/ { id: 'column.routingNumber', message: 'Routing number' },
  bankCountry: /*i18n*/ { id: 'column.bankCountry', message: 'Bank country' },
  bankAddress: /*i18n*/ { id: 'column.bankAddress', message: 'Bank address' },
};

/** The API's values in `language`'s words (a value without words: its code in English words). */
const wordsOf = (language: string) => (code: string | null | undefined) => {
  if (!code) return '';
  const known = valueWordsOf(code);
  return known ? sayIn(language, said(known)) : humanize(code);
};

const when = (tz: string) => (ms: number | null | undefined) =>
  typeof ms === 'number' ? isoInZone(ms, tz) : '';

/** A transaction as its export reads it: with the cancellation reason someone wrote, if any. */
export type ExportedTransaction = TransactionRow & { writtenReason?: string | null };

/**
 * One column per fact (decision 068), in words a person reads; times in the person's zone
 * (the header names it), amounts exactly as the API gives them, ids as the API's.
 */
export function transactionColumns(tz: string, language: string): CsvColumns<ExportedTransaction> {
  const at = when(tz);
  const say = sayer(language);
  const words = wordsOf(language);
  // Worked out once per row, for its three columns.
  const worked = new WeakMap<ExportedTransaction, QuoteFigures>();
  const figures = (t: ExportedTransaction) => {
    let known = worked.get(t);
    if (!known) worked.set(t, (known = quoteFigures(t)));
    return known;
  };
  return [
    [say(COLUMN.transaction), (t) => t.businessRequestId],
    [say(COLUMN.product), (t) => say(PRODUCT_NAME[t.product])],
    [say(COLUMN.status), (t) => words(t.clientStatus)],
    [say(COLUMN.created, { zone: tz }), (t) => at(t.creationTime)],
    [say(COLUMN.lastChange, { zone: tz }), (t) => at(t.lastUpdateTime)],
    [say(COLUMN.quoteApproved, { zone: tz }), (t) => at(t.quoteApprovedDate)],
    [say(COLUMN.depositReceived, { zone: tz }), (t) => at(t.depositReceivedDate)],
    [say(COLUMN.depositApproved, { zone: tz }), (t) => at(t.depositApprovedDate)],
    [say(COLUMN.merchant), (t) => t.merchantName],
    [say(COLUMN.merchantId), (t) => t.fromBusinessId],
    [say(COLUMN.recipient), (t) => t.accountHolderName ?? t.recipientName],
    [say(COLUMN.recipientMerchantId), (t) => t.toBusinessId],
    [say(COLUMN.payoutAccountId), (t) => t.toBusinessExternalAccountId],
    [say(COLUMN.account), (t) => (t.accountTail ? `•••• ${t.accountTail}` : '')],
    [say(COLUMN.payoutAmount), (t) => t.toAmount],
    [say(COLUMN.payoutCurrency), (t) => t.toCurrencySymbol],
    [say(COLUMN.depositAmount), (t) => t.fromAmount],
    [say(COLUMN.depositCurrency), (t) => t.fromCurrencySymbol],
    [say(COLUMN.rate), (t) => figures(t).rate?.rate],
    [say(COLUMN.fee), (t) => figures(t).fee],
    [say(COLUMN.markupPercent), (t) => figures(t).markup],
    [say(COLUMN.depositReceivedAmount), (t) => t.depositReceivedAmount],
    [say(COLUMN.paidOut), (t) => t.payout],
    [say(COLUMN.purpose), (t) => words(t.purpose)],
    [
      say(COLUMN.cancelReason),
      (t) =>
        t.writtenReason
          ? `${words(t.cancelReason ?? 'OTHER')}: ${t.writtenReason}`
          : words(t.cancelReason),
    ],
    [
      say(COLUMN.referenceOrWallet),
      (t) => t.bankDetails?.reference ?? t.walletDetails?.walletAddress,
    ],
  ];
}

export function merchantColumns(tz: string, language: string): CsvColumns<MerchantRow> {
  const at = when(tz);
  const say = sayer(language);
  const words = wordsOf(language);
  return [
    [say(COLUMN.merchantId), (m) => m.id],
    [say(COLUMN.merchant), (m) => m.name],
    [say(COLUMN.type), (m) => say(m.contactOwnerBusinessId ? COLUMN.contact : COLUMN.customer)],
    [say(COLUMN.customer), (m) => m.ownerName],
    [say(COLUMN.customerId), (m) => m.contactOwnerBusinessId],
    [say(COLUMN.kycStatus), (m) => words(m.kycStatus)],
    [say(COLUMN.registrationNumber), (m) => m.localRegNumber],
    [say(COLUMN.country), (m) => m.countryIso],
    [say(COLUMN.stateOrRegion), (m) => m.state],
    [say(COLUMN.city), (m) => m.city],
    [say(COLUMN.address), (m) => [m.address, m.streetNumber].filter(Boolean).join(' ')],
    [say(COLUMN.postalCode), (m) => m.zipcode],
    [say(COLUMN.industry), (m) => words(m.industry)],
    [say(COLUMN.contact), (m) => m.contactName],
    [say(COLUMN.contactEmail), (m) => m.contactEmail],
    [
      say(COLUMN.contactPhone),
      (m) => (m.contactPhone ? `+${m.contactPhonePrefix ?? ''} ${m.contactPhone}`.trim() : ''),
    ],
    [say(COLUMN.created, { zone: tz }), (m) => at(m.creationTime)],
    [say(COLUMN.lastChange, { zone: tz }), (m) => at(m.lastUpdateTime)],
  ];
}

export function accountColumns(tz: string, language: string): CsvColumns<AccountRow> {
  const at = when(tz);
  const say = sayer(language);
  const words = wordsOf(language);
  return [
    [say(COLUMN.payoutAccountId), (a) => a.id],
    [say(COLUMN.accountHolder), (a) => a.accountHolderName],
    [say(COLUMN.merchant), (a) => a.merchantName],
    [say(COLUMN.merchantId), (a) => a.businessId],
    [say(COLUMN.status), (a) => words(a.accountStatus)],
    [say(COLUMN.currency), (a) => a.currencySymbol],
    [say(COLUMN.bank), (a) => a.bankName],
    [say(COLUMN.iban), (a) => a.iban],
    [say(COLUMN.accountNumber), (a) => a.accountNumber],
    [say(COLUMN.bic), (a) => a.swiftCode],
    [say(COLUMN.routingNumber), (a) => a.routingNumber],
    [say(COLUMN.bankCountry), (a) => a.countryIso],
    [
      say(COLUMN.bankAddress),
      (a) => [a.address, a.streetNumber, a.zipCode, a.city, a.state].filter(Boolean).join(', '),
    ],
    [say(COLUMN.created, { zone: tz }), (a) => at(a.creationTime)],
    [say(COLUMN.lastChange, { zone: tz }), (a) => at(a.lastUpdateTime)],
  ];
}
