// @vitest-environment happy-dom
// A bank-detail change as an approver reads it: every changed detail from what to what (an IBAN
// in groups of four), what else the same update changes, warnings, who proposed it; approve and
// reject for an approver, withdraw for its author; a rejection asks for its reason first.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { type ActionState, PayeeChange } from '#/api/controls';
import { LUMEN_BANK_DETAILS } from '#/api/testing';
import { renderInRouter, signedInAs } from '#/components/testing';
import { PayeeChangeCard } from './payee-change';

afterEach(cleanup);

const change = (over: Partial<PayeeChange> = {}): PayeeChange =>
  PayeeChange.parse({
    id: 'c-1',
    accountId: 7,
    businessId: 3,
    currency: 'EUR',
    authorId: 'u-ana',
    authorName: 'Ana Onboarding',
    status: 'pending',
    createdAt: 1_790_000_000_000,
    expiresAt: 1_790_604_800_000,
    closedAt: null,
    reason: null,
    before: LUMEN_BANK_DETAILS,
    after: {
      iban: 'FR1420041010050500013M02606',
      accountNumber: null,
      swiftCode: 'PSSTFRPPXXX',
      routingNumber: null,
      accountHolderName: 'Lumen Textiles GmbH',
      countryIso: 'FR',
    },
    changed: ['iban', 'swiftCode', 'countryIso'],
    alsoChanged: [{ field: 'bankName', before: 'Commerzbank', after: 'La Banque Postale' }],
    warnings: ['The new IBAN is also on payout account #12 of Ode Trading (merchant #5)'],
    required: 2,
    decisions: [],
    openPayments: [],
    ...over,
  });

const canAct: ActionState = {
  canAct: true,
  why: null,
  whoCan: ['Mia Approver'],
  standingInFor: null,
};

function card(c: PayeeChange, state = canAct, viewerId = 'u-me') {
  renderInRouter(<PayeeChangeCard change={c} state={state} viewerId={viewerId} showAccount />, [
    signedInAs(['approver']),
  ]);
}

it('shows each changed detail from what to what, the rest unchanged, and what else changes', async () => {
  card(change());
  const table = within(
    await screen.findByRole('table', { name: 'Bank details: now and proposed' }),
  );
  const rowOf = (label: string) => within(table.getByText(label).closest('tr')!);
  expect(rowOf('IBAN').getByText('DE89 3704 0044 0532 0130 00')).toBeTruthy();
  expect(rowOf('IBAN').getByText('FR14 2004 1010 0505 0001 3M02 606')).toBeTruthy();
  expect(rowOf('Account holder').getByText('unchanged')).toBeTruthy();
  expect(rowOf('Bank name').getByText('La Banque Postale')).toBeTruthy();
  expect(screen.getByText(/also on payout account #12 of Ode Trading/)).toBeTruthy();
  expect(screen.getByText('Ana Onboarding').closest('p')?.textContent).toMatch(
    /^Proposed by Ana Onboarding, /,
  );
  expect(screen.getByText(/Waits for approval · 0 of 2/)).toBeTruthy();
  expect(screen.getByRole('link', { name: 'payout account #7' }).getAttribute('href')).toBe(
    '/payout-accounts/7',
  );
});

it('asks for a reason before a rejection is sent', async () => {
  card(change());
  await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
  const dialog = within(await screen.findByRole('dialog'));
  expect(
    dialog.getByText(/keeps its bank details; Ana Onboarding is told your reason/),
  ).toBeTruthy();
  await userEvent.click(dialog.getByRole('button', { name: /^Reject/ }));
  expect(
    await dialog.findByText(/Reason/, { selector: '.mantine-InputWrapper-error' }),
  ).toBeTruthy();
});

it('lets its author withdraw it, and says who else can approve', async () => {
  card(
    change(),
    {
      canAct: false,
      why: 'You proposed this change.',
      whoCan: ['Bruno Approver'],
      standingInFor: null,
    },
    'u-ana',
  );
  expect(await screen.findByRole('button', { name: 'Withdraw my change' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Approve change' })).toBeNull();
  expect(screen.getByTestId('payee-change-who').textContent).toBe(
    'You proposed this change. Bruno Approver can approve it.',
  );
});

it('reads as done once approved: before and after, who approved, no buttons', async () => {
  card(
    change({
      status: 'approved',
      closedAt: 1_790_000_600_000,
      decisions: [
        {
          userId: 'u-b',
          userName: 'Bruno Approver',
          decision: 'approve',
          reason: null,
          at: 1_790_000_500_000,
          conversions: [],
          forUserId: null,
          forUserName: null,
        },
      ],
    }),
  );
  expect(await screen.findByText('Approved and applied')).toBeTruthy();
  expect(screen.getByRole('columnheader', { name: 'After' })).toBeTruthy();
  expect(screen.getByText('Approved by Bruno Approver')).toBeTruthy();
  expect(screen.queryByRole('button')).toBeNull();
});
