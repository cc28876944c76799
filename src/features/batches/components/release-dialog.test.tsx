// @vitest-environment happy-dom
// Releasing a bulk file says what moves before anything is sent: how many payments, the totals
// paid out and deposited per currency, and each account never paid before by name; a person
// with an authenticator gives its code first, and nothing is released until they do.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { BATCH_COLUMNS, type BatchRow } from '#/api/batches';
import { renderWithData, signedInAs } from '#/components/testing';
import { ReleaseDialog, type ReleaseSummary } from './release-dialog';

afterEach(cleanup);

const row = (n: number, accountId: number, name: string, firstPayment: boolean): BatchRow => ({
  row: n,
  cells: Object.fromEntries(BATCH_COLUMNS.map((c) => [c, ''])) as BatchRow['cells'],
  problems: [],
  state: 'ready',
  transactionId: null,
  payout: { currency: 'EUR', amount: '100.00' },
  depositCurrency: 'USD',
  depositAmount: '110.00',
  rate: '0.9090909091',
  clientStatus: null,
  failure: null,
  payee: {
    accountId,
    accountHolderName: name,
    bankName: 'Deutsche Bank',
    number: 'DE89 •••• 3000',
    countryIso: 'DE',
    firstPayment,
  },
});

const summary = (rows: BatchRow[]): ReleaseSummary => ({
  payments: rows.length,
  payouts: [{ currency: 'EUR', amount: '12500.50', rows: rows.length }],
  deposits: [{ currency: 'USD', amount: '13750.55', rows: rows.length }],
  rows,
});

function release(rows: BatchRow[], secondFactor = false) {
  const onConfirm = vi.fn();
  renderWithData(
    <ReleaseDialog
      opened
      onClose={() => {}}
      title="Approve march-payroll.csv"
      confirmLabel="Approve and release"
      summary={summary(rows)}
      onConfirm={onConfirm}
      pending={false}
    />,
    [signedInAs(['approver'], { secondFactor })],
  );
  return onConfirm;
}

it('says what is released, and names each account never paid before once', async () => {
  const onConfirm = release([
    row(2, 7, 'Karin Vogel', true),
    row(3, 7, 'Karin Vogel', true),
    row(4, 9, 'Ode Martins', false),
  ]);
  const table = within(await screen.findByRole('table', { name: 'What is released' }));
  expect(table.getByText('3')).toBeTruthy();
  expect(table.getByText(/12,500\.50/)).toBeTruthy();
  expect(table.getByText(/13,750\.55/)).toBeTruthy();
  expect(table.getByText('1 account never paid before')).toBeTruthy();
  expect(table.getByText('Karin Vogel (Deutsche Bank, DE89 •••• 3000)')).toBeTruthy();
  expect(table.queryByText(/Ode Martins/)).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Approve and release' }));
  expect(onConfirm).toHaveBeenCalledOnce();
});

it('says so when every account has been paid before', async () => {
  release([row(2, 9, 'Ode Martins', false)]);
  expect(await screen.findByText('None: every account has been paid before.')).toBeTruthy();
});

it('asks for the authenticator code first, and releases nothing without it', async () => {
  const onConfirm = release([row(2, 7, 'Karin Vogel', true)], true);
  await userEvent.click(await screen.findByRole('button', { name: 'Approve and release' }));
  expect(await screen.findByRole('textbox', { name: /Authenticator code/ })).toBeTruthy();
  expect(onConfirm).not.toHaveBeenCalled();
});
