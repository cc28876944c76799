// @vitest-environment happy-dom
// A bulk file's rows as its page shows them: what each pays and to whom, what is wrong with a row
// in the file's own words (with Fix while the file is open, for whoever may fix it), the quote
// once there is one, and a refused row in the API's words.
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { BATCH_COLUMNS, type Batch, type BatchRow } from '#/api/batches';
import { renderWithData } from '#/components/testing';
import { BatchRows } from './batch-rows';

afterEach(cleanup);

const cells = (values: Partial<Record<(typeof BATCH_COLUMNS)[number], string>>) =>
  Object.fromEntries(BATCH_COLUMNS.map((c) => [c, values[c] ?? ''])) as BatchRow['cells'];

const row = (n: number, over: Partial<BatchRow>): BatchRow => ({
  row: n,
  cells: cells({
    merchant: 'Lumen Textiles GmbH',
    payout_amount: '1250.50',
    reference: `INV-${n}`,
  }),
  problems: [],
  state: 'ready',
  transactionId: null,
  payout: { currency: 'EUR', amount: '1250.50' },
  depositCurrency: null,
  depositAmount: null,
  rate: null,
  clientStatus: null,
  failure: null,
  payee: null,
  ...over,
});

const batch = (over: Partial<Batch>): Batch => ({
  id: 'b1',
  product: 'sendc2f',
  status: 'draft',
  fileName: 'suppliers.csv',
  format: 'csv',
  decimal: '.',
  uploadedBy: { id: 'u1', name: 'Fiona Finance' },
  createdAt: 0,
  counts: { ready: 1, invalid: 1, excluded: 0, done: 0 },
  totals: [],
  depositTotals: [],
  quotedAt: null,
  approval: {
    required: 1,
    policy: null,
    decisions: [],
    expiresAt: null,
    canAct: false,
    why: null,
    whoCan: [],
    standingInFor: null,
  },
  approvedAt: null,
  finishedAt: null,
  closedReason: null,
  progress: { done: 0, total: 1 },
  quoting: null,
  quoteProblem: null,
  rows: [
    row(2, {
      payee: {
        accountId: 7,
        accountHolderName: 'Anatolia Cotton Mills',
        bankName: 'Garanti BBVA',
        number: 'TR33 •••• 1326',
        countryIso: 'TR',
        firstPayment: true,
      },
    }),
    row(3, {
      state: 'invalid',
      payout: null,
      cells: cells({ merchant: 'Lumen Textiles GmbH', payout_amount: '12,5' }),
      problems: [
        {
          row: 3,
          column: 'payout_amount',
          message: 'payout_amount "12,5" must use a point for decimals, such as 12.50.',
        },
      ],
    }),
  ],
  ...over,
});

const rowOf = (n: number) =>
  within(screen.getAllByRole('row').find((r) => within(r).queryByText(String(n)) !== null)!);

it('shows whom each row pays, and what is wrong with a row, with Fix while the file is open', () => {
  renderWithData(<BatchRows batch={batch({})} mayFix />);
  expect(rowOf(2).getByText('to Anatolia Cotton Mills')).toBeTruthy();
  expect(rowOf(2).getByText('Garanti BBVA, TR33 •••• 1326 · first payment')).toBeTruthy();
  expect(rowOf(3).getByText('Has problems')).toBeTruthy();
  expect(rowOf(3).getByText(/must use a point for decimals/)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Fix row 3' })).toBeTruthy();
  // No quote yet: no deposit column.
  expect(screen.queryByRole('columnheader', { name: 'Deposit' })).toBeNull();
});

it('offers no Fix to whoever may not fix, nor once the file waits for approval', () => {
  renderWithData(<BatchRows batch={batch({})} mayFix={false} />);
  expect(screen.queryByRole('button', { name: /^Fix row/ })).toBeNull();
  cleanup();
  renderWithData(<BatchRows batch={batch({ status: 'awaiting_approval' })} mayFix />);
  expect(screen.queryByRole('button', { name: /^Fix row/ })).toBeNull();
});

it('shows the quote once there is one, and a refused row in the API’s words', () => {
  const quoted = batch({
    status: 'validated',
    quotedAt: 5,
    rows: [
      row(2, { depositCurrency: 'USDT(TRC20)', depositAmount: '1371.20', rate: '0.912' }),
      row(3, { state: 'failed', failure: 'The account is not active.' }),
    ],
  });
  renderWithData(<BatchRows batch={quoted} mayFix />);
  expect(screen.getByRole('columnheader', { name: 'Deposit' })).toBeTruthy();
  // As every rate on screen: with its pair, and the digits the API gave (decision 067).
  expect(rowOf(2).getByText('1 USDT(TRC20) = 0.912 EUR')).toBeTruthy();
  expect(rowOf(3).getByText('Failed')).toBeTruthy();
  expect(rowOf(3).getByText('The account is not active.')).toBeTruthy();
});
