// @vitest-environment happy-dom
// Limits as Settings shows them (docs/decisions/089): what each allows and what is used of it,
// the largest use for "each person" and whose; an admin's form says what is missing before
// anything is sent; someone else reads the limits without the form.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { renderWithData } from '#/components/testing';
import { limitsQuery } from '../queries';
import { LimitSettings } from './limit-settings';

afterEach(cleanup);

const LIMITS = {
  baseCurrency: 'EUR',
  results: [
    {
      id: 'l-1',
      scope: 'person',
      target: '*',
      targetName: 'each person',
      period: 'day',
      amount: '50000',
      createdAt: 1,
      createdBy: 'u-admin',
      used: '48200',
      usedBy: 'Fatima Finance',
    },
    {
      id: 'l-2',
      scope: 'workspace',
      target: '*',
      targetName: 'the workspace',
      period: 'transaction',
      amount: '10000',
      createdAt: 2,
      createdBy: 'u-admin',
      used: null,
      usedBy: null,
    },
  ],
};

it('shows what each limit allows and what is used of it, and whose is the largest use', () => {
  renderWithData(<LimitSettings admin={false} />, [[limitsQuery.queryKey, LIMITS]]);
  const table = within(screen.getByRole('table', { name: 'Limits' }));
  expect(table.getByText('€50,000.00 a day (UTC) for each person')).toBeTruthy();
  expect(
    table.getByText('€48,200.00 of €50,000.00 used today, most by Fatima Finance'),
  ).toBeTruthy();
  expect(table.getByRole('progressbar', { name: 'Used of the limit: 96%' })).toBeTruthy();
  expect(table.getByText('Each transaction on its own')).toBeTruthy();
  // Not an admin: no form, no remove.
  expect(screen.queryByRole('form', { name: 'Add a limit' })).toBeNull();
  expect(screen.queryByRole('button', { name: /^Remove the limit/ })).toBeNull();
});

it('asks for the amount before anything is sent', async () => {
  renderWithData(<LimitSettings admin />, [[limitsQuery.queryKey, LIMITS]]);
  const form = within(screen.getByRole('form', { name: 'Add a limit' }));
  await userEvent.click(form.getByRole('button', { name: 'Add limit' }));
  expect(await form.findByText(/Amount is required/)).toBeTruthy();
  expect(screen.getAllByRole('button', { name: /^Remove the limit/ })).toHaveLength(2);
});
