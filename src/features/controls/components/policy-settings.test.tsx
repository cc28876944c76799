// @vitest-environment happy-dom
// The policy form says what is wrong before anything is sent: an amount with more decimals than
// its currency has, in the person's words for it; a bank-detail policy asks for no product,
// amount side or amount; and the list says plainly when there is no policy.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, expect, it } from 'vitest';
import { APPROVAL_SETTING_DEFAULTS } from '#/api/controls';
import { chooseOption, renderWithData } from '#/components/testing';
import { currenciesQuery } from '#/lib/reference';
import { approvalSettingsQuery, policiesQuery } from '../queries';
import { PolicySettings } from './policy-settings';

afterEach(cleanup);

const CURRENCIES = [
  { name: 'Euro', symbol: 'EUR', currencyType: 'FIAT', sendFrom: true, sendTo: true },
  { name: 'Tether', symbol: 'USDT(TRC20)', currencyType: 'CRYPTO', sendFrom: true, sendTo: false },
];

function renderPolicies() {
  return renderWithData(
    <Suspense>
      <PolicySettings />
    </Suspense>,
    [
      [policiesQuery.queryKey, []],
      [approvalSettingsQuery.queryKey, APPROVAL_SETTING_DEFAULTS],
      [currenciesQuery.queryKey, CURRENCIES],
    ],
  );
}

const form = () => within(screen.getByRole('form', { name: 'Add a policy' }));

it('says there is no policy yet, and what that means', () => {
  renderPolicies();
  expect(screen.getByTestId('no-policies').textContent).toMatch(
    /every quote and deposit needs one/,
  );
});

it('refuses an amount with more decimals than its currency, before anything is sent', async () => {
  renderPolicies();
  await chooseOption(form(), 'Payout currency', /^EUR/);
  await userEvent.type(form().getByRole('textbox', { name: 'From amount' }), '100.555');
  await userEvent.click(form().getByRole('button', { name: 'Add policy' }));
  expect(await form().findByText(/Amount .*2 decimals/)).toBeTruthy();
  // Nothing was sent: no refusal of the API is shown.
  expect(screen.queryByText('The policy was not added')).toBeNull();
});

it('asks a bank-detail policy for neither product nor amount', async () => {
  renderPolicies();
  expect(form().getByRole('combobox', { name: 'Product' })).toBeTruthy();
  await chooseOption(form(), 'Decision', 'Bank-detail change');
  expect(form().queryByRole('combobox', { name: 'Product' })).toBeNull();
  expect(form().queryByRole('textbox', { name: 'From amount' })).toBeNull();
});
