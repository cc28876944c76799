// A statement's lines and totals (docs/decisions/037) on SQLite and PostgreSQL: the currency on
// either side, completion inside the period only, oldest first across pages, exact totals, and
// the readable line beside the raw codes, in the person's time zone.
import { describe, expect, it } from 'vitest';
import type { Transaction } from '#/api/schemas/transaction';
import { completedRecord, eurInUsdOut } from '#/api/testing';
import { localIndex } from '../local-index/store';
import { dashboardDbFor, DIALECTS } from '../store/testing';
import { statementQueries } from './lines';

const Z = (iso: string) => Date.parse(iso);
const OCTOBER = { from: Z('2025-09-30T22:00:00Z'), to: Z('2025-10-31T23:00:00Z') };

const done = (id: number, completed: string, over: Partial<Transaction>) =>
  completedRecord(id, completed, { fromBusinessId: 1, ...over });

const FIXTURE = [
  // Paid out in EUR, at 23:30 UTC on October 14: the 15th in Berlin.
  done(1, '2025-10-14T23:30:00Z', {
    toAmount: '1000.10',
    fromAmount: '1100.123456',
    fromCurrencySymbol: 'USDT(TRC20)',
    walletDetails: { walletAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
    purpose: 'SUPPLIER_PAYMENT',
    // The API's rate and reference rate (sandbox extensions): the line keeps the API's number.
    rate: 0.9090797,
    referenceRate: 0.918262,
  }),
  // Deposited in EUR, paid out in USD.
  done(2, '2025-10-02T08:00:00Z', eurInUsdOut('REF-2002')),
  // EUR on both sides.
  done(3, '2025-10-20T10:00:00Z', {
    toAmount: '10.00',
    fromAmount: '10.25',
    fromCurrencySymbol: 'EUR',
  }),
  // Not EUR at all; completed before and after the period; not completed.
  done(4, '2025-10-05T10:00:00Z', { toAmount: '1', toCurrencySymbol: 'INR', fromAmount: '2' }),
  done(5, '2025-09-30T21:59:00Z', { toAmount: '7.00', fromAmount: '7.5' }),
  done(6, '2025-10-31T23:00:00Z', { toAmount: '8.00', fromAmount: '8.5' }),
  done(7, '2025-10-10T10:00:00Z', {
    toAmount: '9.00',
    fromAmount: '9.5',
    clientStatus: 'OnOff_AWAITING_DEPOSIT',
  }),
];

describe.each(DIALECTS)('statement lines on %s', (dialect) => {
  const store = dashboardDbFor(dialect, async (db) => {
    const index = localIndex(db);
    await index.putTransactions('sandbox', 'sendc2f', FIXTURE);
    // Another environment's records never count.
    await index.putTransactions('live', 'sendc2f', [FIXTURE[0]!]);
  });
  const filter = { environment: 'sandbox', currency: 'EUR', ...OCTOBER };

  it('adds up the money in and out of the currency exactly', async () => {
    const summary = await statementQueries(store()).summary(filter);
    expect(summary).toEqual({
      currency: 'EUR',
      ...OCTOBER,
      count: 3,
      deposited: '470.3',
      paidOut: '1010.1',
      currencies: ['EUR', 'INR', 'USD', 'USDT(TRC20)'],
    });
  });

  it('gives the lines oldest first, across pages, readable, with the API’s rate and the fee', async () => {
    const lines = [];
    for await (const page of statementQueries(store()).pages(filter, 'Europe/Berlin', 2))
      lines.push(...page);
    expect(lines.map((l) => l.id)).toEqual([2, 1, 3]);
    expect(lines[1]).toMatchObject({
      completed: '2025-10-15T01:30:00+02:00',
      product: 'Payout',
      purpose: 'Supplier payment',
      reference: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      moneyIn: '',
      moneyOut: '1000.10',
      // Not 0.9090797897, which the two amounts give: the rate the API gave.
      rate: '0.9090797',
      fee: '11.000743',
      markup: '1.00',
    });
    // Without the API's rate, the two amounts give it; without a reference rate, no fee.
    expect(lines[2]).toMatchObject({ rate: '0.9756097561', fee: '', markup: '' });
    expect(lines[0]).toMatchObject({ reference: 'REF-2002', moneyIn: '460.05', moneyOut: '' });
    expect(lines[2]).toMatchObject({ moneyIn: '10.25', moneyOut: '10.00' });
  });
});
