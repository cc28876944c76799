// What a record is found by, and what a search box's text becomes: the two must meet.
import { describe, expect, it } from 'vitest';
import type { Transaction } from '#/api/schemas/transaction';
import { accountTerms, queryWords, transactionTerms } from './terms';

/** Whether every query word is a prefix of one of the record's words, as the index matches. */
const finds = (terms: string, query: string) => {
  const words = terms.split(' ');
  return queryWords(query).every((q) => words.some((w) => w.startsWith(q)));
};

const payout = {
  businessRequestId: 29,
  toAmount: '12500.50',
  fromAmount: '13720.12',
  toCurrencySymbol: 'EUR',
  fromCurrencySymbol: 'USDT(TRC20)',
  clientStatus: 'AWAITING_DEPOSIT',
  purpose: 'GOODS_PURCHASE',
  bankDetails: null,
  walletDetails: { walletAddress: 'TQ7mVx3sPaymentsWallet29' },
} as unknown as Transaction;

describe('search words', () => {
  it('reads an amount as the dashboard shows it, with grouping', () => {
    expect(queryWords('12,500.50')).toEqual(['12500', '50']);
    expect(queryWords("1'250'000.00 EUR")).toEqual(['1250000', '00', 'eur']);
    expect(finds(transactionTerms(payout), '12,500.50')).toBe(true);
    expect(finds(transactionTerms(payout), '12500.50')).toBe(true);
  });

  it('finds an amount stored with fewer decimals than the dashboard shows', () => {
    const short = { ...payout, toAmount: '12500.5' } as Transaction;
    expect(finds(transactionTerms(short), '12,500.50 EUR')).toBe(true);
  });

  it('keeps a list of numbers apart', () => {
    expect(queryWords('12,50')).toEqual(['12', '50']);
    expect(queryWords('29, 30')).toEqual(['29', '30']);
  });

  it('finds a transaction by its wallet address and by its deposit reference', () => {
    expect(finds(transactionTerms(payout), 'TQ7mVx3sPaymentsWallet29')).toBe(true);
    const transfer = {
      ...payout,
      walletDetails: null,
      bankDetails: {
        bankName: 'Sandbox Settlement Bank UK',
        accountNumber: 'GB33BUKB20201555555555',
        reference: 'PPS-29-F2EE31',
        bankAddress: '1 Bank Street, London',
        nameOnAccount: 'Partner Payments Ltd',
      },
    } as unknown as Transaction;
    expect(finds(transactionTerms(transfer), 'PPS-29-F2EE31')).toBe(true);
    expect(finds(transactionTerms(transfer), 'pps-29-f2ee')).toBe(true);
    expect(finds(transactionTerms(payout), 'PPS-29-F2EE31')).toBe(false);
  });

  it('finds an account by the last digits of its IBAN', () => {
    const terms = accountTerms({
      id: 7,
      accountHolderName: 'Atlas Freight BV',
      bankName: 'ABN AMRO',
      swiftCode: 'ABNANL2A',
      currencySymbol: 'EUR',
      iban: 'NL91 ABNA 0417 1643 00',
      accountNumber: null,
    } as never);
    expect(finds(terms, '4300')).toBe(true);
    expect(finds(terms, '164300')).toBe(true);
  });
});
