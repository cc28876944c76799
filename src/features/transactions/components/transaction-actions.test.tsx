// @vitest-environment happy-dom
// What a transaction page offers, and says when it does not: the state first, then the person's
// roles, then the money controls (who created it never approves it, and the page names who can).
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TransactionControls } from '#/api/controls';
import type { Role } from '#/api/roles';
import type { Transaction } from '#/api/schemas/transaction';
import { EXPIRED_QUOTE, transactionRecord } from '#/api/testing';
import { renderWithData } from '#/components/testing';
import { sessionQuery } from '../../session/queries';
import { TransactionActions } from './transaction-actions';

afterEach(cleanup);

const quoted: Transaction = {
  ...transactionRecord(),
  clientStatus: 'OnOff_AWAITING_QUOTE_APPROVAL',
  fromAmount: '109.60',
};

const session = (roles: Role[]) => ({
  signedIn: true,
  user: { id: 'u1', email: 'a@example.com', name: 'Aiko', roles, locale: null, timeZone: null },
  environments: [{ id: 'sandbox', label: 'Sandbox', configured: true }],
  environment: 'sandbox',
  demo: false,
  apiKeyHint: 'pk_…1234',
  baseUrl: 'http://localhost/sandbox',
  expiresAt: 0,
  mustEnrol: false,
  secondFactor: false,
});

const action = (canAct: boolean, why: string | null = null, whoCan: string[] = []) => ({
  canAct,
  why,
  whoCan,
  standingInFor: null,
  required: 1,
  policy: null,
});

const controls = (quote: ReturnType<typeof action>): TransactionControls => ({
  approvals: [],
  actions: { approveQuote: quote, approveDeposit: action(true) },
  recipient: null,
  creator: { id: 'u2', name: 'Omar Operations' },
  quote: null,
});

function renderActions(roles: Role[], t: Transaction, c?: TransactionControls) {
  renderWithData(<TransactionActions product="sendc2f" transaction={t} controls={c} />, [
    [sessionQuery.queryKey, session(roles)],
  ]);
  return (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
}

describe('the actions of a transaction', () => {
  it('offers an approver the quote, rejection instead of cancelling, and the deposit after', () => {
    const button = renderActions(['approver'], quoted, controls(action(true)));
    expect(button('Approve quote').disabled).toBe(false);
    expect(button('Approve deposit').disabled).toBe(true);
    expect(screen.getByText('Approve the quote first.')).toBeTruthy();
    expect(button('Reject…').disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Cancel transaction' })).toBeNull();
  });

  it('tells the creator why they may not approve, and who can', () => {
    const button = renderActions(
      ['approver', 'finance'],
      quoted,
      controls(action(false, 'You created this transaction.', ['Aiko Approver', 'Bruno Approver'])),
    );
    expect(button('Approve quote').disabled).toBe(true);
    expect(
      screen.getByText(
        'You created this transaction. Aiko Approver and Bruno Approver can approve it.',
      ),
    ).toBeTruthy();
  });

  it('gives a viewer no action, saying the role is missing', () => {
    const button = renderActions(['viewer'], quoted, controls(action(true)));
    expect(button('Approve quote').disabled).toBe(true);
    expect(button('Cancel transaction').disabled).toBe(true);
    expect(screen.getAllByText(/role/).length).toBeGreaterThan(0);
  });

  it('offers nothing on a completed transaction, and says so', () => {
    const done = { ...quoted, clientStatus: 'OnOff_COMPLETED', depositApprovedDate: 4_000 };
    const button = renderActions(['approver', 'finance'], done, controls(action(true)));
    expect(button('Approve quote').disabled).toBe(true);
    expect(button('Cancel transaction').disabled).toBe(true);
    expect(
      screen.getByText(
        'A completed transaction has been processed and can no longer be cancelled.',
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('transaction-now').textContent).toMatch(/^Now: Completed\./);
  });

  it('offers no approval of an expired quote, and says what to do instead', () => {
    const c = controls(action(true));
    c.quote = EXPIRED_QUOTE;
    const button = renderActions(['approver'], quoted, c);
    expect(button('Approve quote').disabled).toBe(true);
    expect(screen.getByText('The quote has expired: it can no longer be approved.')).toBeTruthy();
    expect(screen.getByTestId('transaction-now').textContent).toContain(
      'Whoever creates transactions quotes it again: Copy as new, then cancel this one.',
    );
    // Rejecting it stays open: an approver may still turn it down with a reason.
    expect(button('Reject…').disabled).toBe(false);
  });
});
