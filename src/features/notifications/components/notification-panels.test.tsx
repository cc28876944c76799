// @vitest-environment happy-dom
// Each person chooses, per kind that can reach them, how they hear of it by email: a finance
// person sees their transactions and bulk files and new sign-ins, not approvals or webhooks.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { renderWithData } from '#/components/testing';
import { sessionQuery } from '#/features/session/queries';
import { preferencesQuery } from '../queries';
import { NotificationPreferences } from './notification-panels';

afterEach(cleanup);

it('lists only the kinds that can reach the person, each with its choice', async () => {
  renderWithData(<NotificationPreferences />, [
    [
      sessionQuery.queryKey,
      { signedIn: true, user: { id: 'f', email: 'f@x.example', name: 'F', roles: ['finance'] } },
    ],
    [
      preferencesQuery.queryKey,
      {
        email: 'f@x.example',
        modes: {
          waitingForYou: 'immediately',
          transactionEnded: 'digest',
          batchFinished: 'off',
          webhookFailing: 'immediately',
          newSignIn: 'immediately',
        },
      },
    ],
  ]);
  expect(
    await screen.findByText('Your transaction completed, was cancelled or failed'),
  ).toBeTruthy();
  expect(screen.getByText('Your bulk payout finished submitting')).toBeTruthy();
  expect(screen.getByText('A sign-in from a new browser')).toBeTruthy();
  expect(screen.queryByText('An approval waits for you')).toBeNull();
  expect(screen.queryByText('A webhook endpoint keeps failing')).toBeNull();
  const transactions = screen.getByRole('radiogroup', {
    name: 'Your transaction completed, was cancelled or failed',
  });
  expect(transactions.querySelector('input:checked')?.getAttribute('value')).toBe('digest');
  expect(screen.getByText(/daily digest comes at 08:00 UTC/)).toBeTruthy();
});
