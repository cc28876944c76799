// @vitest-environment happy-dom
// The settings panels guard what cannot be taken back: deactivating a person asks first and says
// what follows, and going back changes nothing; adding a person names each field at fault before
// anything is sent; stored API credentials show only the key's last four characters, and new
// ones are refused empty, field by field.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, expect, it } from 'vitest';
import { Person } from '#/api/admin';
import { renderWithData, signedInAs } from '#/components/testing';
import { credentialsQuery, peopleQuery } from '../queries';
import { CredentialsSettings, PeopleSettings } from './settings-panels';

afterEach(cleanup);

const person = (id: string, name: string, roles: Person['roles']): Person =>
  Person.parse({
    id,
    email: `${id}@partner.example`,
    name,
    roles,
    createdAt: 1_790_000_000_000,
    disabledAt: null,
    invited: false,
  });

function people() {
  renderWithData(
    <Suspense>
      <PeopleSettings />
    </Suspense>,
    [
      [
        peopleQuery.queryKey,
        {
          results: [
            person('u-me', 'Mia Admin', ['admin']),
            person('u-bruno', 'Bruno Approver', ['approver']),
          ],
        },
      ],
      signedInAs(['admin'], { id: 'u-me', name: 'Mia Admin' }),
    ],
  );
}

it('asks before deactivating someone, says what follows, and going back changes nothing', async () => {
  people();
  await userEvent.click(await screen.findByRole('button', { name: 'Deactivate Bruno Approver' }));
  const dialog = within(await screen.findByRole('dialog'));
  expect(dialog.getByText('Deactivate Bruno Approver?')).toBeTruthy();
  expect(dialog.getByText(/signed out everywhere and can no longer sign in/)).toBeTruthy();
  expect(dialog.getByText(/their approvals stop counting/)).toBeTruthy();
  await userEvent.click(dialog.getByRole('button', { name: 'Keep as it is' }));
  expect(screen.getByRole('button', { name: 'Deactivate Bruno Approver' })).toBeTruthy();
  expect(screen.queryByText('Not changed')).toBeNull();
});

it('names each field at fault before a person is added', async () => {
  people();
  const form = within(await screen.findByRole('form', { name: 'Add a person' }));
  await userEvent.type(form.getByRole('textbox', { name: /Email/ }), 'not-an-address');
  await userEvent.click(form.getByRole('button', { name: /Add/ }));
  const errors = await form.findAllByText(/./, { selector: '.mantine-InputWrapper-error' });
  expect(errors.map((e) => e.textContent).join(' | ')).toMatch(/Email must be an email address/);
  expect(errors.map((e) => e.textContent).join(' | ')).toMatch(/Name is required/);
});

it('shows a stored key by its last four characters, and refuses new ones empty', async () => {
  renderWithData(
    <Suspense>
      <CredentialsSettings environments={[{ id: 'sandbox', label: 'Sandbox', configured: true }]} />
    </Suspense>,
    [
      [
        credentialsQuery.queryKey,
        {
          results: [
            {
              environment: 'sandbox',
              apiKeyLast4: 'k9Q2',
              updatedAt: 1_790_000_000_000,
              updatedBy: 'mia@partner.example',
            },
          ],
        },
      ],
      signedInAs(['admin']),
    ],
  );
  const stored = within(await screen.findByRole('table', { name: 'Stored credentials' }));
  expect(stored.getByText('…k9Q2')).toBeTruthy();
  expect(stored.getByText(/by mia@partner\.example/)).toBeTruthy();
  const form = within(screen.getByRole('form', { name: 'Sandbox API credentials' }));
  await userEvent.click(form.getByRole('button', { name: 'Check and save' }));
  expect(
    await form.findByText(/API key/, { selector: '.mantine-InputWrapper-error' }),
  ).toBeTruthy();
  expect(form.getByText(/API secret/, { selector: '.mantine-InputWrapper-error' })).toBeTruthy();
});
