// Each person's formats (docs/decisions/037): a German locale reads and writes amounts the German
// way, and the account page chooses the locale and time zone. One page per journey.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { checkA11y, choose, CSRF, expect, test } from './fixtures';

test.use({ signedInAs: 'Omar Operations' });

/** The signed-in person chooses German formats and Berlin time. */
async function germanFormats(page: Page) {
  await page.goto('/account');
  const set = await page.request.put('/api/account/formats', {
    headers: CSRF,
    data: { locale: 'de-DE', timeZone: 'Europe/Berlin' },
  });
  expect(set.ok()).toBe(true);
}

test('a German-locale person types 12.500,50, sees 12.500,50 € and its quote', async ({ page }) => {
  await germanFormats(page);
  await page.goto('/transactions/payouts/new');
  const form = page.getByRole('form', { name: 'New transaction' });
  await choose(page, 'Sender', /Lumen Textiles GmbH/);
  await choose(page, 'Payout account', /Anatolia Cotton Mills.* · EUR/);
  const amount = form.getByRole('textbox', { name: 'Payout amount' });
  await amount.fill('12.500,50');
  await expect(form.getByText('Pays out 12.500,50 €')).toBeVisible();
  // A point for decimals is a German thousands separator: said, not guessed.
  await amount.fill('12.50');
  await amount.blur();
  await expect(form.getByText('Amount must use a comma for decimals, such as 12,50')).toBeVisible();
  await amount.fill('12.500,50');
  await choose(page, 'Deposit currency', /^USDT\(TRC20\)/);
  // The live quote reads the amount the German way too: the deposit and the rate show.
  const quote = page.getByRole('heading', { name: 'Quote' }).locator('..');
  await expect(quote.getByText('Rate, fees included')).toBeVisible();
  await expect(quote.getByText(/USDT/).first()).toBeVisible();
  await choose(page, 'Purpose', 'Supplier payment');
  await form.getByRole('button', { name: 'Create transaction' }).click();
  await expect(page).toHaveURL(/\/transactions\/payouts\/\d+$/);
  // The API got the plain amount; the page writes it back the German way.
  const id = page.url().split('/').at(-1);
  const created = await (await page.request.get(`/api/v1/sendc2f/${id}`)).json();
  expect(created.toAmount).toBe('12500.50');
  await expect(page.getByText('12.500,50').first()).toBeVisible();
  await checkA11y(page);
});

test('the account page chooses the locale and time zone, with a preview', async ({ page }) => {
  await page.goto('/account');
  const panel = page.getByRole('form', { name: 'Formats' });
  // Found by its English name too.
  await page.getByRole('combobox', { name: 'Number and date formats', exact: true }).fill('German');
  await page.getByRole('option', { name: /Deutsch \(Deutschland\) · German \(Germany\)/ }).click();
  await expect(panel.getByText(/^Amounts read 12\.500,50\s€, dates /)).toBeVisible();
  // Hundreds of zones: found by typing.
  await page.getByRole('combobox', { name: 'Time zone', exact: true }).fill('Tokyo');
  await page.getByRole('option', { name: 'Asia/Tokyo' }).click();
  await panel.getByRole('button', { name: 'Save formats' }).click();
  await expect(page.getByText('Formats saved')).toBeVisible();
  const session = await (await page.request.get('/api/session')).json();
  expect(session.user).toMatchObject({ locale: 'de-DE', timeZone: 'Asia/Tokyo' });
  // The form shows what is saved once the pages redraw.
  await expect(page.getByRole('combobox', { name: 'Time zone', exact: true })).toHaveValue(
    'Asia/Tokyo',
  );
  await checkA11y(page);
});

test('a German person’s export opens in German Excel as columns: semicolons, decimal commas', async ({
  page,
}) => {
  await germanFormats(page);
  await page.goto('/transactions/payouts?businessId=1');
  const api = (await (await page.request.get('/api/v1/sendc2f/?businessId=1&limit=100')).json())
    .results as { businessRequestId: number; toAmount: string }[];
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  // The notice says it is saved, and goes by itself: no dialog to close.
  await expect(page.getByText(/^Saved \d+ transactions to /)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const lines = fs
    .readFileSync((await download.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  const header = lines[0]!.split(';');
  expect(header.slice(0, 3)).toEqual(['Transaction', 'Product', 'Status']);
  const amount = header.indexOf('Payout amount');
  const first = lines[1]!.split(';');
  const t = api.find((x) => String(x.businessRequestId) === first[header.indexOf('Transaction')])!;
  expect(first[amount]).toBe(t.toAmount.replace('.', ','));
});
