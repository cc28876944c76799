// @vitest-environment happy-dom
// Switching a fault on needs an operation chosen from the list: the form says so before
// anything is sent, and keeps the failure and the count it was given.
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { renderWithData } from '#/components/testing';
import { faultsQuery } from '../queries';
import { FaultsPanel } from './faults-panel';

afterEach(cleanup);

it('asks for the operation that should fail', async () => {
  renderWithData(<FaultsPanel />, [[faultsQuery.queryKey, []]]);
  expect(screen.getByText('No fault is on: every request is answered as usual.')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Switch on' }));
  expect(await screen.findByText('Choose the operation that should fail')).toBeTruthy();
  expect(screen.getByLabelText('Requests')).toHaveProperty('value', '1');
});
