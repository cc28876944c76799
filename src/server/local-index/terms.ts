// What a record is found by in the search box, as words for the full-text index, and the
// query words a search box's text becomes. One rule for both, so that what is indexed is what a
// search can reach (docs/decisions/018).
import type { Merchant } from '#/api/schemas/merchant';
import type { PayoutAccount } from '#/api/schemas/payout-account';
import type { Transaction } from '#/api/schemas/transaction';
import { formatAmount } from '#/api/formats';

export { numberTail } from '#/api/local-index';

/** Lower-case words of letters and digits; everything else separates them. */
export function wordsOf(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/**
 * An account number or IBAN: the whole of it (spaces removed) and each of its endings from four
 * characters on, so that "the last digits" find it with a prefix search.
 */
function numberTerms(value: string | null | undefined): string[] {
  const compact = (value ?? '').replace(/[^\p{L}\p{N}]/gu, '').toLowerCase();
  if (!compact) return [];
  const terms = [compact];
  for (let i = 1; i <= compact.length - 4; i++) terms.push(compact.slice(i));
  return terms;
}

const join = (terms: Array<string | number | null | undefined>) =>
  [
    ...new Set(terms.flatMap((t) => (t === null || t === undefined ? [] : wordsOf(String(t))))),
  ].join(' ');

export function merchantTerms(m: Merchant): string {
  return join([
    m.id,
    m.name,
    m.contactName,
    m.contactEmail,
    m.localRegNumber,
    m.city,
    m.countryIso,
    m.kycStatus,
  ]);
}

export function accountTerms(a: PayoutAccount): string {
  return join([
    a.id,
    a.accountHolderName,
    a.bankName,
    a.swiftCode,
    a.currencySymbol,
    ...numberTerms(a.iban),
    ...numberTerms(a.accountNumber),
  ]);
}

export function transactionTerms(t: Transaction): string {
  return join([
    t.businessRequestId,
    t.toAmount,
    t.fromAmount,
    // As the dashboard shows them too: "12500.5" is found as "12,500.50".
    formatAmount(t.toAmount, t.toCurrencySymbol),
    t.fromAmount && formatAmount(t.fromAmount, t.fromCurrencySymbol),
    t.toCurrencySymbol,
    t.fromCurrencySymbol,
    t.clientStatus,
    t.purpose,
    // What a client quotes back: the deposit reference and the wallet it paid into.
    t.bankDetails?.reference,
    t.walletDetails?.walletAddress,
  ]);
}

/**
 * The words of a search box's text, at most eight, each to be matched as a prefix. An amount
 * typed as the dashboard shows it ("12,500.50") is the amount stored ("12500.50").
 */
export function queryWords(text: string): string[] {
  const ungrouped = text.replace(/(\d)[,'\u00a0\u202f](?=\d{3}(?!\d))/g, '$1');
  return [...new Set(wordsOf(ungrouped))].slice(0, 8);
}

/**
 * A decimal amount as a fixed-width string that sorts as the number does: 24 digits before the
 * point, 18 after. Amounts are never floats here either.
 */
export function amountKey(amount: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return ''.padStart(43, '0');
  const [, whole = '0', fraction = ''] = match;
  return `${whole.replace(/^0+(?=\d)/, '').padStart(24, '0')}.${fraction.slice(0, 18).padEnd(18, '0')}`;
}
