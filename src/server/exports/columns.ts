// The columns of the lists' CSV exports (docs/decisions/037, 068): one column per fact, in words a
// person reads (statuses and codes in words, times where the person is, the zone in the header),
// ids and amounts as the API gives them.
import { type CsvColumns } from '#/api/csv';
import { type QuoteFigures, quoteFigures } from '#/api/rates';
import type { AccountRow, MerchantRow } from '#/api/local-index';
import { isoInZone } from '#/api/periods';
import { humanize, PRODUCT_NAME } from '#/api/words';
import type { TransactionRow } from '../local-index/store';

const words = (code: string | null | undefined) => (code ? humanize(code) : '');
const when = (tz: string) => (ms: number | null | undefined) =>
  typeof ms === 'number' ? isoInZone(ms, tz) : '';

/** A transaction as its export reads it: with the cancellation reason someone wrote, if any. */
export type ExportedTransaction = TransactionRow & { writtenReason?: string | null };

/**
 * One column per fact (decision 068), in words a person reads; times in the person's zone
 * (the header names it), amounts exactly as the API gives them, ids as the API's.
 */
export function transactionColumns(tz: string): CsvColumns<ExportedTransaction> {
  const at = when(tz);
  // Worked out once per row, for its three columns.
  const worked = new WeakMap<ExportedTransaction, QuoteFigures>();
  const figures = (t: ExportedTransaction) => {
    let known = worked.get(t);
    if (!known) worked.set(t, (known = quoteFigures(t)));
    return known;
  };
  return [
    ['Transaction', (t) => t.businessRequestId],
    ['Product', (t) => PRODUCT_NAME[t.product].message],
    ['Status', (t) => words(t.clientStatus)],
    [`Created (${tz})`, (t) => at(t.creationTime)],
    [`Last change (${tz})`, (t) => at(t.lastUpdateTime)],
    [`Quote approved (${tz})`, (t) => at(t.quoteApprovedDate)],
    [`Deposit received (${tz})`, (t) => at(t.depositReceivedDate)],
    [`Deposit approved (${tz})`, (t) => at(t.depositApprovedDate)],
    ['Merchant', (t) => t.merchantName],
    ['Merchant id', (t) => t.fromBusinessId],
    ['Recipient', (t) => t.accountHolderName ?? t.recipientName],
    ['Recipient merchant id', (t) => t.toBusinessId],
    ['Payout account id', (t) => t.toBusinessExternalAccountId],
    ['Account', (t) => (t.accountTail ? `•••• ${t.accountTail}` : '')],
    ['Payout amount', (t) => t.toAmount],
    ['Payout currency', (t) => t.toCurrencySymbol],
    ['Deposit amount', (t) => t.fromAmount],
    ['Deposit currency', (t) => t.fromCurrencySymbol],
    ['Rate', (t) => figures(t).rate?.rate],
    ['Fee (deposit currency)', (t) => figures(t).fee],
    ['Markup (%)', (t) => figures(t).markup],
    ['Deposit received amount', (t) => t.depositReceivedAmount],
    ['Paid out', (t) => t.payout],
    ['Purpose', (t) => words(t.purpose)],
    [
      'Cancel reason',
      (t) =>
        t.writtenReason
          ? `${words(t.cancelReason ?? 'OTHER')}: ${t.writtenReason}`
          : words(t.cancelReason),
    ],
    ['Reference or wallet', (t) => t.bankDetails?.reference ?? t.walletDetails?.walletAddress],
  ];
}

export function merchantColumns(tz: string): CsvColumns<MerchantRow> {
  const at = when(tz);
  return [
    ['Merchant id', (m) => m.id],
    ['Merchant', (m) => m.name],
    ['Type', (m) => (m.contactOwnerBusinessId ? 'Contact' : 'Customer')],
    ['Customer', (m) => m.ownerName],
    ['Customer id', (m) => m.contactOwnerBusinessId],
    ['KYC status', (m) => words(m.kycStatus)],
    ['Registration number', (m) => m.localRegNumber],
    ['Country', (m) => m.countryIso],
    ['State or region', (m) => m.state],
    ['City', (m) => m.city],
    ['Address', (m) => [m.address, m.streetNumber].filter(Boolean).join(' ')],
    ['Postal code', (m) => m.zipcode],
    ['Industry', (m) => words(m.industry)],
    ['Contact', (m) => m.contactName],
    ['Contact email', (m) => m.contactEmail],
    [
      'Contact phone',
      (m) => (m.contactPhone ? `+${m.contactPhonePrefix ?? ''} ${m.contactPhone}`.trim() : ''),
    ],
    [`Created (${tz})`, (m) => at(m.creationTime)],
    [`Last change (${tz})`, (m) => at(m.lastUpdateTime)],
  ];
}

export function accountColumns(tz: string): CsvColumns<AccountRow> {
  const at = when(tz);
  return [
    ['Payout account id', (a) => a.id],
    ['Account holder', (a) => a.accountHolderName],
    ['Merchant', (a) => a.merchantName],
    ['Merchant id', (a) => a.businessId],
    ['Status', (a) => words(a.accountStatus)],
    ['Currency', (a) => a.currencySymbol],
    ['Bank', (a) => a.bankName],
    ['IBAN', (a) => a.iban],
    ['Account number', (a) => a.accountNumber],
    ['BIC', (a) => a.swiftCode],
    ['Routing number', (a) => a.routingNumber],
    ['Bank country', (a) => a.countryIso],
    [
      'Bank address',
      (a) => [a.address, a.streetNumber, a.zipCode, a.city, a.state].filter(Boolean).join(', '),
    ],
    [`Created (${tz})`, (a) => at(a.creationTime)],
    [`Last change (${tz})`, (a) => at(a.lastUpdateTime)],
  ];
}
