import {
  accountWithIban,
  allowConsoleError,
  checkA11y,
  choose,
  countRows,
  expect,
  merchantNamed,
  SEEDED,
  sendEmpty,
  test,
} from './fixtures';

test.use({ signedInAs: 'Omar Operations' });

const box = (page: import('@playwright/test').Page, name: string) =>
  page.getByRole('textbox', { name, exact: true });

test('adds a payout account to a merchant and sets it ACTIVE', async ({ page, dashboard }) => {
  await page.goto(`/merchants/${merchantNamed(dashboard, SEEDED.atlas)}`);
  await page.getByRole('link', { name: 'Add payout account' }).click();
  await expect(page.getByRole('combobox', { name: 'Merchant', exact: true })).toHaveValue(
    /Atlas Freight/,
  );
  // The merchant's name holds the account, in the merchant's country, until changed.
  await expect(box(page, 'Account holder')).toHaveValue(/^Atlas Freight/);
  await expect(page.getByRole('combobox', { name: 'Bank country', exact: true })).toHaveValue(
    /Netherlands/,
  );
  // The bank's address is the bank's: the merchant's office is not offered for it.
  await expect(box(page, 'Street')).toHaveValue('');
  await expect(box(page, 'City')).toHaveValue('');
  await checkA11y(page);
  await choose(page, 'Currency', /^EUR/);
  await box(page, 'Account holder').fill('Atlas Freight Forwarding B.V.');
  await box(page, 'Bank name').fill('ABN AMRO');
  await box(page, 'IBAN').fill('nl91 abna 0417 1643 00');
  await box(page, 'BIC (SWIFT code)').fill('abnanl2a');
  await page.getByRole('button', { name: 'Create payout account' }).click();

  await expect(
    page.getByRole('heading', { name: 'EUR account of Atlas Freight Forwarding B.V.' }),
  ).toBeVisible();
  await expect(page.getByText('NL91ABNA0417164300')).toBeVisible();
  await expect(page.getByText('ABNANL2A')).toBeVisible();
  await expect(page.getByText('Pending', { exact: true }).first()).toBeVisible();
  await checkA11y(page);

  await choose(page, 'Account status', 'Active');
  await page.getByRole('button', { name: 'Apply' }).click();
  const outcome = page.getByRole('status').filter({ hasText: 'Status applied' });
  await expect(outcome).toContainText('payout_account.status.changed');
  await expect(page.getByText('Active', { exact: true }).first()).toBeVisible();

  await page.getByRole('link', { name: 'Merchants', exact: true }).first().click();
  await page.goto(`/merchants/${merchantNamed(dashboard, SEEDED.atlas)}`);
  const accounts = page.getByRole('table', { name: /Payout accounts of/ });
  await expect(accounts.getByText('NL91 ABNA 0417 1643 00')).toBeVisible();
  await expect(accounts.getByText('Active')).toBeVisible();
});

test('checks IBAN and BIC in the browser and stores nothing on bad input', async ({
  page,
  dashboard,
}) => {
  const before = countRows(dashboard, 'payout_account');
  await sendEmpty(page, '/payout-accounts/new', 'Create payout account', [
    'Choose the merchant that owns the account',
    'Choose a currency',
    'Account holder is required',
    'Bank name is required',
    'Choose a country',
  ]);
  // Focus is on the first field at fault, the merchant's choice, not on a later text field.
  await expect(page.getByRole('combobox', { name: 'Merchant', exact: true })).toBeFocused();
  await box(page, 'IBAN').fill('DE89 3704 0044 0532 0130 01');
  await box(page, 'BIC (SWIFT code)').fill('DEUT');
  await box(page, 'IBAN').blur();
  await page.getByRole('button', { name: 'Create payout account' }).click();
  await expect(
    page.getByText('IBAN is not a valid IBAN (check the country code, length and check digits)'),
  ).toBeVisible();
  await expect(
    page.getByText('BIC is not a valid BIC: 8 or 11 characters, such as DEUTDEFF or DEUTDEFF500'),
  ).toBeVisible();
  expect(countRows(dashboard, 'payout_account')).toBe(before);
});

test('edits a payout account, and lists accounts by merchant and currency from the URL', async ({
  page,
  dashboard,
}) => {
  await page.goto(`/payout-accounts/${accountWithIban(dashboard, SEEDED.lumenIban)}`);
  await page.getByRole('link', { name: 'Edit' }).click();
  await checkA11y(page);
  await box(page, 'Bank name').fill('Deutsche Bank AG');
  await box(page, 'City').fill('Frankfurt am Main');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Deutsche Bank AG')).toBeVisible();
  await expect(page.getByText('Frankfurt am Main')).toBeVisible();

  await page.goto(
    `/payout-accounts?businessId=${merchantNamed(dashboard, SEEDED.lumen)}&currencySymbol=USD`,
  );
  const table = page.getByRole('table', { name: 'Payout accounts' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText('40982211')).toBeVisible();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/payout-accounts\?start=0&limit=20$/);
  await expect(table.getByRole('row')).toHaveCount(13);
  await choose(page, 'Currency', /^INR/);
  await expect(page).toHaveURL(/currencySymbol=INR/);
  await expect(table.getByRole('row')).toHaveCount(2);
});

test('the currencies and sandbox pages', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Currencies' }).click();
  const table = page.getByRole('table', { name: 'Currencies' });
  await expect(table.getByRole('row', { name: /USDT\(TRC20\)/ })).toContainText('Crypto');
  await checkA11y(page);
  await page.getByRole('link', { name: 'Sandbox tools' }).click();
  // The page's part loads when it opens: checked once it shows.
  await expect(page.getByRole('heading', { level: 1, name: 'Sandbox tools' })).toBeVisible();
  await checkA11y(page);
  await choose(page, 'Payout account', /#8 · NGN/);
  await expect(page.getByText('NGN account of Lagos Packaging Company')).toBeVisible();
  await choose(page, 'Account status', 'Active');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Status applied' })).toContainText(
    'payout_account.status.changed',
  );
});

test('goes to a merchant by its id from anywhere', async ({ page, dashboard }) => {
  const id = merchantNamed(dashboard, SEEDED.harbor);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Go to' }).fill(String(id));
  await page.getByRole('option', { name: `Merchant #${id}` }).click();
  await expect(page.getByRole('heading', { name: SEEDED.harbor, level: 1 })).toBeVisible();
});

test('goes to a payout account by its id from anywhere', async ({ page, dashboard }) => {
  const id = accountWithIban(dashboard, SEEDED.lumenIban);
  await page.goto('/merchants');
  await page.getByRole('button', { name: 'Go to…' }).click();
  await page.getByRole('combobox', { name: 'Go to' }).fill(`#${id}`);
  await page.getByRole('option', { name: `Payout account #${id}` }).click();
  await expect(page.getByRole('heading', { name: `EUR account of ${SEEDED.lumen}` })).toBeVisible();
});

test('shows a not-found page for an unknown address and an unknown record', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await checkA11y(page);
  await page.goto('/merchants/abc');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  allowConsoleError(page, /status of 404/);
  await page.goto('/merchants/99999');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText(/Merchant 99999 was not found\./)).toBeVisible();
  await checkA11y(page);
});
