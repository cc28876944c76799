// @vitest-environment happy-dom
// The wallet's QR code is there to send a deposit: shown while one is awaited, gone once it has
// arrived or the transaction is cancelled; the address itself stays, to be copied.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { Transaction } from '#/api/schemas/transaction';
import { transactionRecord } from '#/api/testing';
import { renderWithData } from '#/components/testing';
import { DepositInstructions } from './deposit-instructions';

afterEach(cleanup);

const awaiting: Transaction = {
  ...transactionRecord(),
  clientStatus: 'OnOff_AWAITING_DEPOSIT',
  fromAmount: '109.60',
  quoteApprovedDate: 3_000,
  walletDetails: { walletAddress: 'TQ4sandboxWalletAddress000000000001' },
};

it.each([
  ['awaiting a deposit', awaiting, true, 'Deposit to this wallet'],
  [
    'completed',
    {
      ...awaiting,
      clientStatus: 'OnOff_COMPLETED',
      depositApprovedDate: 4_000,
      depositReceivedAmount: '109.60',
    },
    false,
    'Deposited to this wallet',
  ],
  ['cancelled', { ...awaiting, clientStatus: 'OnOff_CANCELED' }, false, 'Deposit details'],
] as const)('%s: QR code shown is %s', (_, transaction, qr, title) => {
  renderWithData(<DepositInstructions product="sendc2f" transaction={transaction} />);
  expect(screen.getByText(title)).toBeTruthy();
  expect(screen.queryAllByTitle(/QR code of the wallet address/)).toHaveLength(qr ? 1 : 0);
  expect(screen.getByText('TQ4sandboxWalletAddress000000000001')).toBeTruthy();
});

it('gives a USD deposit’s routing number and BIC, and calls an IBAN an IBAN', () => {
  const bank = {
    bankName: 'Sandbox Settlement Bank N.A.',
    accountNumber: '7700085083',
    reference: 'PPS-9-ABC123',
    bankAddress: '200 Park Avenue, New York, NY 10166, United States',
    nameOnAccount: 'Partner Payments Sandbox Inc., client funds',
    swiftCode: 'SSBNUS33',
    routingNumber: '121999993',
  };
  const usd = { ...awaiting, fromCurrencySymbol: 'USD', walletDetails: null, bankDetails: bank };
  renderWithData(<DepositInstructions product="sendf2f" transaction={usd} />);
  expect(screen.getByText('Routing number (ABA)')).toBeTruthy();
  expect(screen.getByText('121999993')).toBeTruthy();
  expect(screen.getByText('BIC (SWIFT code)')).toBeTruthy();
  expect(screen.getByText('Account number')).toBeTruthy();
  cleanup();
  const eur = {
    ...usd,
    bankDetails: { ...bank, accountNumber: 'DE75512108001245126199', routingNumber: undefined },
  };
  renderWithData(<DepositInstructions product="sendf2f" transaction={eur} />);
  expect(screen.getByText('IBAN')).toBeTruthy();
  expect(screen.queryByText('Routing number (ABA)')).toBeNull();
});
