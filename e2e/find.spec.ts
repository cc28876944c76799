// Finding things with the local index: search from anywhere, queues, saved views, joined pages,
// names in lists, and the date range with mouse and keyboard. One step per journey.
import type { Page } from '@playwright/test';
import {
  checkA11y,
  choose,
  CSRF,
  expect,
  merchantNamed,
  SEEDED,
  signInAs,
  signInToDemo,
  test,
} from './fixtures';

test('Go to… finds a merchant by part of its name', async ({ page }) => {
  await signInToDemo(page);
  await page.getByRole('button', { name: 'Go to…' }).click();
  const box = page.getByRole('combobox', { name: 'Go to' });
  await box.fill('verde cof');
  const found = page.getByRole('option', { name: /Costa Verde Coffee Exporters SA/ });
  // A combobox with its listbox: the first result is the active option, and the count is said.
  await expect(found).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await found.getAttribute('id'))!);
  await expect(page.getByRole('status').filter({ hasText: /^\d+ results?$/ })).toHaveCount(1);
  await checkA11y(page);
  await found.click();
  await expect(
    page.getByRole('heading', { name: 'Costa Verde Coffee Exporters SA', level: 1 }),
  ).toBeVisible();
});

test('Go to… opens the payout account found by the last digits of its IBAN with Enter', async ({
  page,
}) => {
  await signInToDemo(page);
  await page.keyboard.press('Control+K');
  await page.getByRole('combobox', { name: 'Go to' }).fill('2013000');
  // What was found comes before the ids to try, and Enter opens it.
  await expect(
    page.getByRole('option', { name: /Lumen Textiles GmbH · EUR/ }).first(),
  ).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { name: /EUR account of Lumen Textiles GmbH/ }),
  ).toBeVisible();
});

test('Go to… finds an end to end transfer by its deposit reference', async ({
  page,
  dashboard,
}) => {
  const row = dashboard.store.db
    .prepare(
      `SELECT id, bank_details FROM txn WHERE product = 'sendf2f' AND bank_details IS NOT NULL
       ORDER BY id LIMIT 1`,
    )
    .get() as { id: number; bank_details: string };
  const reference = (JSON.parse(row.bank_details) as { reference: string }).reference;
  await signInToDemo(page);
  await page.keyboard.press('Control+K');
  await page.getByRole('combobox', { name: 'Go to' }).fill(reference);
  await expect(
    page.getByRole('option', { name: new RegExp(`^End to end transfer #${row.id} ·`) }),
  ).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { name: `End to end transfer #${row.id}`, level: 1 }),
  ).toBeVisible();
});

test('Go to… finds a payout by its amount typed as the dashboard shows it', async ({
  page,
  dashboard,
}) => {
  const row = dashboard.store.db
    .prepare(
      `SELECT id, to_amount FROM txn WHERE product = 'sendc2f' AND instr(to_amount, '.') > 4
       ORDER BY id LIMIT 1`,
    )
    .get() as { id: number; to_amount: string };
  const [whole, fraction = '00'] = row.to_amount.split('.');
  const shown = `${whole!.replace(/\B(?=(\d{3})+$)/g, ',')}.${fraction.padEnd(2, '0')}`;
  await signInToDemo(page);
  await page.keyboard.press('Control+K');
  await page.getByRole('combobox', { name: 'Go to' }).fill(shown);
  await expect(
    page.getByRole('option', { name: new RegExp(`^Payout #${row.id} ·`) }),
  ).toBeVisible();
});

test('the deposits queue on the overview leads to one to approve, and it is approved', async ({
  page,
}) => {
  await signInToDemo(page, 'Aiko Approver');
  const queue = page.getByRole('list', { name: 'Deposits to approve' });
  const payout = queue.getByRole('link', { name: /^Payout #\d+$/ }).first();
  const label = (await payout.textContent())!;
  const id = label.replace(/\D+/g, '');
  await payout.click();
  await page.getByRole('button', { name: 'Approve deposit' }).click();
  await page
    .getByRole('dialog', { name: `Approve the deposit of #${id}?` })
    .getByRole('button', { name: 'Approve deposit' })
    .click();
  await expect(page.getByText('In progress').first()).toBeVisible();
  // Back on the overview, it has left the queue.
  await page.getByLabel('Main').getByRole('link', { name: 'Overview' }).click();
  await expect(
    page.getByRole('list', { name: 'Deposits to approve' }).getByRole('link', { name: label }),
  ).toHaveCount(0);
});

test('saves a filtered list as a view shared with the team', async ({ page }) => {
  await signInAs(page);
  await page.goto('/merchants');
  await choose(page, 'KYC status', 'Valid');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/kycStatus/);
  await page.getByRole('button', { name: 'Views' }).click();
  const save = page.getByRole('form', { name: 'Save view' });
  await save.getByLabel('View name').fill('Valid merchants');
  await save.getByLabel('Share with the team').check();
  await save.getByRole('button', { name: 'Save view' }).click();
  await expect(page.getByRole('button', { name: /^Valid merchants/ })).toBeVisible();
});

/** Omar signs in and saves a shared view of the valid merchants through the dashboard's API. */
async function sharedView(page: Page) {
  await signInAs(page);
  const saved = await page.request.post('/api/views', {
    headers: CSRF,
    data: { list: 'merchants', name: 'Valid merchants', search: '?kycStatus=VALID', shared: true },
  });
  expect(saved.ok()).toBe(true);
}

test('a saved view survives a reload and opens its filters', async ({ page }) => {
  await sharedView(page);
  await page.goto('/merchants');
  await page.reload();
  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('button', { name: /^Valid merchants/ }).click();
  await expect(page).toHaveURL(/kycStatus=VALID/);
  await expect(page.getByRole('table', { name: 'Merchants' }).getByText('Flagged')).toHaveCount(0);
});

test('a colleague sees a shared view, and who shared it', async ({ page }) => {
  await sharedView(page);
  await signInAs(page, 'Vera Viewer');
  await page.goto('/merchants');
  await page.getByRole('button', { name: 'Views' }).click();
  await expect(page.getByText('Shared by Omar Operations')).toBeVisible();
  await checkA11y(page);
});

test('a customer’s page shows its contacts, accounts and transactions', async ({
  page,
  dashboard,
}) => {
  await signInAs(page);
  await page.goto(`/merchants/${merchantNamed(dashboard, SEEDED.lumen)}`);
  const contacts = page.getByRole('table', { name: 'Contacts of Lumen Textiles GmbH' });
  await expect(contacts.getByText('Dhaka Stitchworks Ltd')).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Payout accounts of Lumen Textiles GmbH' }),
  ).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Transactions' }).getByRole('listitem').first(),
  ).toBeVisible();
  await checkA11y(page);
});

test('a transaction list shows names, not bare ids', async ({ page }) => {
  await signInAs(page);
  await page.goto('/transactions/payouts');
  const table = page.getByRole('table', { name: 'Payouts' });
  await expect(
    table.getByRole('link', { name: 'Harbor & Pine Trading Ltd' }).first(),
  ).toBeVisible();
  await expect(
    table.getByRole('link', { name: /Meridian Health Supplies LLC …\d{4}/ }).first(),
  ).toBeVisible();
});

test('a list and Go to… find transactions by the counterparty’s name', async ({ page }) => {
  await signInAs(page);
  // The recipient's name: every row found pays Anatolia Cotton Mills.
  await page.goto('/transactions/payouts?q=anatolia');
  const rows = page.getByRole('table', { name: 'Payouts' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Anatolia Cotton Mills');
  for (const row of (await rows.all()).slice(1)) await expect(row).toContainText('Anatolia');
  await page.getByRole('button', { name: 'Go to…' }).click();
  await page.getByRole('combobox', { name: 'Go to' }).fill('anatolia');
  await expect(
    page.getByRole('option', { name: /^(Payout|End to end transfer|Collection) #\d+/ }).first(),
  ).toBeVisible();
});

test('sets a date range with the mouse', async ({ page }) => {
  await signInAs(page);
  await page.goto('/transactions/payouts');
  await page.getByRole('button', { name: 'Created between' }).click();
  const days = page.locator('table.mantine-DatePickerInput-month button[data-today], table button');
  await expect(days.first()).toBeVisible();
  // The first two selectable days of the month shown.
  const month = page.locator('[data-dates-dropdown], .mantine-Popover-dropdown');
  const enabled = month
    .locator('button:not([data-outside]):not([disabled])')
    .filter({ hasText: /^\d+$/ });
  await enabled.nth(0).click();
  await enabled.nth(5).click();
  await expect(page).toHaveURL(/from=.*to=/);
});

test('sets a date range with the keyboard', async ({ page }) => {
  await signInAs(page);
  await page.goto('/transactions/payouts');
  await page.getByRole('button', { name: 'Created between' }).focus();
  await page.keyboard.press('Enter');
  const dropdown = page.locator('.mantine-Popover-dropdown:visible');
  await expect(dropdown).toBeVisible();
  // Into the month's days, then pick one day, move a week on and pick the other.
  const day = dropdown
    .locator('button[data-today]')
    .or(
      dropdown
        .locator('button:not([data-outside]):not([disabled])')
        .filter({ hasText: /^\d+$/ })
        .first(),
    );
  await day.first().focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/from=.*to=/);
});

test('at 1280 px a list shows every column, none cut off', async ({ page }) => {
  await signInAs(page, 'Fatima Finance');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/transactions/payouts');
  const table = page.getByRole('table', { name: 'Payouts' });
  await expect(table.getByRole('columnheader', { name: 'Created' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByText('Scroll for more')).toHaveCount(0);
});
