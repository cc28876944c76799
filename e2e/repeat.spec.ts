// Repeat work: a transaction copied as a new one, and a payout account paid from its own page.
// One step per journey.
import { accountWithIban, checkA11y, expect, SEEDED, test, transactionWhere } from './fixtures';

test.use({ signedInAs: 'Fatima Finance' });

test('a completed payout is copied as new: everything but the quote filled in, then created', async ({
  page,
  dashboard,
}) => {
  const id = transactionWhere(dashboard, SEEDED.completedPayout);
  await page.goto(`/transactions/payouts/${id}`);
  await page.getByRole('link', { name: 'Copy as new' }).click();
  await expect(page.getByRole('heading', { name: 'New payout' })).toBeVisible();
  await expect(page.getByText(`A copy of payout #${id}`)).toBeVisible();
  const form = page.getByRole('main');
  await expect(form.getByRole('textbox', { name: 'Payout amount' })).toHaveValue('120000.00');
  await expect(form.getByRole('combobox', { name: 'Sender' })).toHaveValue(/Lumen Textiles GmbH/);
  await expect(form.getByRole('combobox', { name: 'Purpose' })).not.toHaveValue('');
  // Priced again before it is created.
  await expect(form.getByText('The client deposits', { exact: true })).toBeVisible();
  await checkA11y(page);
  await form.getByRole('button', { name: 'Create transaction' }).click();
  await expect(page).toHaveURL(/\/transactions\/payouts\/\d+$/);
  expect(page.url()).not.toMatch(new RegExp(`/${id}$`));
  await expect(page.getByText('120,000.00').first()).toBeVisible();
});

test('a payout account is paid from its own page, its customer as the sender', async ({
  page,
  dashboard,
}) => {
  const account = accountWithIban(dashboard, SEEDED.lumenIban);
  await page.goto(`/payout-accounts/${account}`);
  await page.getByRole('button', { name: 'Pay this account' }).click();
  // Lumen's own account: collections pay into it too.
  await expect(page.getByRole('menuitem', { name: 'New collection' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'New end to end transfer' }).click();
  await expect(page.getByRole('heading', { name: 'New end to end transfer' })).toBeVisible();
  const form = page.getByRole('main');
  await expect(form.getByRole('combobox', { name: 'Sender' })).toHaveValue(/Lumen Textiles GmbH/);
  await expect(form.getByRole('combobox', { name: 'Payout account' })).toHaveValue(/••3000/);
  await expect(form.getByText("In EUR, the account's currency")).toBeVisible();
  await checkA11y(page);
});
