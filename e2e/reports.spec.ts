// Reports and statements (docs/decisions/036, 037): one page per journey. The demo's transactions
// completed over the last months; a report draws them and lists them in tables, and a statement
// of a currency downloads with every line.
import fs from 'node:fs';
import { checkA11y, expect, test } from './fixtures';

test.use({ signedInAs: 'Fatima Finance' });

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

test('the report of the last 30 days shows its volume chart and table', async ({ page }) => {
  const now = Date.now();
  await page.goto(`/reports?period=custom&from=${day(now - 30 * 86_400_000)}&to=${day(now)}`);
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Volume per day' })).toBeVisible();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  const table = page.getByRole('table', { name: /^Volume per day in [A-Z]+$/ });
  await expect(table.getByRole('row', { name: /^Total \d+ [\d,]+\.\d+$/ })).toBeVisible();
  // The cards say the change in words, the statuses and merchants have their tables.
  await expect(page.getByRole('table', { name: 'Transactions by status' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Largest merchants' }).getByRole('link').first(),
  ).toBeVisible();
  await checkA11y(page);
});

test('the report of last month shows its chart and its table', async ({ page }) => {
  // Last month is the page's own default period.
  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Volume per day' })).toBeVisible();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  const table = page.getByRole('table', { name: /^Volume per day in [A-Z]+$/ });
  await expect(table.getByRole('row', { name: /^Total \d+ [\d,]+\.\d+$/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Transactions by status' })).toBeVisible();
  await checkA11y(page);
});

test('a statement of last month downloads for EUR, one line per transaction', async ({ page }) => {
  await page.goto('/reports');
  const panel = page.getByRole('region', { name: 'Statement' });
  await expect(panel.getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR');
  const summary = panel.getByRole('status');
  await expect(summary).toHaveText(
    /^\d+ transactions? · (deposited .+|no deposit in EUR) · paid out .+$/,
  );
  // Where people look for a bank format, why there is none.
  await expect(panel.getByText(/No CAMT\.053 or MT940/)).toBeVisible();
  const count = Number((await summary.textContent())!.split(' ')[0]);
  expect(count).toBeGreaterThan(0);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Download EUR statement' }).click(),
  ]);
  await expect(page.getByText(`Saved ${count} lines to statement-EUR-`)).toBeVisible();
  expect(download.suggestedFilename()).toMatch(
    /^statement-EUR-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const lines = fs
    .readFileSync((await download.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toMatch(
    /^Completed,Created,Product,Transaction,.*,Deposited \(EUR\),Paid out \(EUR\),/,
  );
  expect(lines).toHaveLength(count + 1);
  await checkA11y(page);
});

test('a list filtered to this month by its preset shows its count and sums', async ({ page }) => {
  await page.goto('/transactions/payouts');
  await page.getByRole('button', { name: 'Created between' }).click();
  await page.getByRole('button', { name: 'This month' }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}/);
  const totals = page.getByRole('status', { name: 'Totals of the filtered list' });
  await expect(totals).toHaveText(/^\d+ transactions?( · [\d,]+\.\d+ [A-Z]+)*/);
  await checkA11y(page);
});
