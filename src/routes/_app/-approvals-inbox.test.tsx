// @vitest-environment happy-dom
// The approvals inbox says what moves and who can approve it: the payee by name, the rate with
// its pair, the fee as money, who asked; an expired quote is nobody's to approve; an empty "For
// you" points at what waits for others; bulk files link to their page.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { InboxPage, type InboxTransaction } from '#/api/controls';
import { renderInRouter, signedInAs } from '#/components/testing';
import { inboxQuery } from '#/features/controls/queries';
import { ApprovalsInbox, type InboxView } from './-approvals-inbox';

afterEach(cleanup);

const NOW = Date.now();

const quote = (over: Partial<InboxTransaction['quote']> = {}) => ({
  source: 'api' as const,
  depositAmount: '1096.00',
  rate: '0.9124423963',
  rateGiven: true,
  fee: '4.00',
  quotedAt: NOW - 60_000,
  expiresAt: NOW + 29 * 60_000,
  expired: false,
  referenceRate: '0.9160',
  markupPercent: '0.39',
  ...over,
});

const waiting = (id: number, over: Partial<InboxTransaction> = {}): InboxTransaction => ({
  kind: 'transaction',
  product: 'sendc2f',
  transactionId: id,
  action: 'approveQuote',
  payoutAmount: '1000.00',
  payoutCurrency: 'EUR',
  depositAmount: '1096.00',
  depositCurrency: 'USD',
  merchantName: 'Lumen Textiles GmbH',
  askedBy: 'Fatima Finance',
  since: NOW - 120_000,
  approval: null,
  quote: quote(),
  payee: {
    accountId: 7,
    accountHolderName: 'Karin Vogel',
    bankName: 'Deutsche Bank',
    number: 'DE89 •••• 3000',
    countryIso: 'DE',
    firstPayment: true,
    recorded: true,
  },
  required: 1,
  policy: null,
  canAct: true,
  why: null,
  whoCan: ['Mia Approver'],
  standingInFor: null,
  ...over,
});

const page = (over: Partial<InboxPage> = {}): InboxPage =>
  InboxPage.parse({
    start: 0,
    limit: 25,
    hasMore: false,
    results: [],
    changes: [],
    batches: [],
    batchDeposits: [],
    counts: { you: 0, everyone: 0 },
    ...over,
  });

function show(data: InboxPage, view: InboxView = { scope: 'you', start: 0, limit: 25 }) {
  const onView = vi.fn();
  renderInRouter(
    <Suspense>
      <ApprovalsInbox view={view} onView={onView} />
    </Suspense>,
    [
      [inboxQuery(view.scope, view.start, view.limit).queryKey, data],
      signedInAs(['approver', 'viewer']),
    ],
  );
  return onView;
}

it('shows what a quote approval moves: payee, rate with its pair, fee as money, who asked', async () => {
  show(page({ results: [waiting(41)], counts: { you: 1, everyone: 1 } }));
  const row = within(await screen.findByTestId('inbox-sendc2f-41'));
  expect(row.getByText('Karin Vogel')).toBeTruthy();
  expect(row.getByText('Lumen Textiles GmbH')).toBeTruthy();
  expect(row.getByText('Deutsche Bank, DE89 •••• 3000')).toBeTruthy();
  expect(row.getByText('First payment')).toBeTruthy();
  expect(row.getByText('Fatima Finance')).toBeTruthy();
  expect(row.getByText(/1 USD = 0\.9124423963 EUR/)).toBeTruthy();
  expect(row.getByTestId('inbox-fee').textContent).toMatch(/fee (US)?\$4\.00 \(0\.39% markup\)/);
  expect(row.getByText('You')).toBeTruthy();
  expect(screen.getByRole('radio', { name: 'For you (1)' })).toBeTruthy();
});

it('gives an expired quote to nobody, and says so', async () => {
  show(
    page({
      results: [waiting(42, { quote: quote({ expired: true, expiresAt: NOW - 1_000 }) })],
      counts: { you: 0, everyone: 1 },
    }),
    { scope: 'everyone', start: 0, limit: 25 },
  );
  const row = within(await screen.findByTestId('inbox-sendc2f-42'));
  expect(row.getByText(/Nobody: it has expired/)).toBeTruthy();
  expect(row.queryByText('You')).toBeNull();
  expect(row.getByTestId('quote-expiry').textContent).toMatch(/^Expired/);
});

it('points an empty "For you" at what waits for others, and switches scope', async () => {
  const onView = show(page({ counts: { you: 0, everyone: 3 } }));
  expect(await screen.findByText('Nothing waits for you')).toBeTruthy();
  expect(screen.getByText('3 waiting for others: see Everyone.')).toBeTruthy();
  await userEvent.click(screen.getByRole('radio', { name: 'Everyone (3)' }));
  expect(onView).toHaveBeenCalledWith({ scope: 'everyone', start: 0, limit: 25 });
});

it('lists a bulk file waiting with its total and a link to its page', async () => {
  show(
    page({
      batches: [
        {
          kind: 'batch',
          id: 'b-1',
          fileName: 'march-payroll.csv',
          product: 'sendc2f',
          uploadedBy: 'Fatima Finance',
          since: NOW - 60_000,
          totals: [{ currency: 'EUR', amount: '12500.50', rows: 3 }],
          required: 2,
          approvals: 1,
          canAct: false,
          why: 'You have already given your decision on this approval.',
          whoCan: ['Bruno Approver'],
          standingInFor: null,
        },
      ],
      counts: { you: 0, everyone: 1 },
    }),
    { scope: 'everyone', start: 0, limit: 25 },
  );
  const table = within(await screen.findByRole('table', { name: 'Bulk payout files waiting' }));
  expect(table.getByRole('link', { name: 'march-payroll.csv' }).getAttribute('href')).toBe(
    '/batches/b-1',
  );
  expect(table.getByText('1 of 2')).toBeTruthy();
  expect(table.getByText(/12,500\.50/)).toBeTruthy();
  expect(table.getByText('Bruno Approver')).toBeTruthy();
});
