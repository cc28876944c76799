// Notifications and live updates, one step per journey (docs/decisions/035): an approver's open
// overview shows the approvals count rise when finance creates a payout elsewhere, without a
// reload; the approver opens it from the bell; a list stops polling while the stream is up.
import { request as browserless, type Page } from '@playwright/test';
import { DEMO_PEOPLE } from '../src/server/demo-workspace';
import { allowConsoleError, CSRF, expect, merchantNamed, SEEDED, test } from './fixtures';

test.use({ signedInAs: 'Aiko Approver' });

/** Finance, in another browser: creates a payout to Anatolia's EUR account. */
async function financeCreatesPayout(
  baseURL: string,
  dashboard: Parameters<typeof merchantNamed>[0],
  amount: string,
) {
  const finance = await browserless.newContext({ baseURL });
  const signedIn = await finance.post('/api/session', {
    headers: CSRF,
    data: { demoUser: DEMO_PEOPLE.find((p) => p.name === 'Fatima Finance')!.email },
  });
  expect(signedIn.ok()).toBe(true);
  const account = dashboard.store.db
    .prepare(
      `SELECT id FROM payout_account WHERE account_holder_name LIKE 'Anatolia%'
       AND account_status = 'ACTIVE' AND currency_symbol = 'EUR'`,
    )
    .get() as { id: number };
  const created = await finance.post('/api/v1/sendc2f/', {
    headers: CSRF,
    data: {
      fromBusinessId: merchantNamed(dashboard, SEEDED.lumen),
      toBusinessExternalAccountId: account.id,
      fromCurrencySymbol: 'USDT(TRC20)',
      toAmount: amount,
      purpose: 'SUPPLIER_PAYMENT',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const id = ((await created.json()) as { businessRequestId: number }).businessRequestId;
  await finance.dispose();
  return id;
}

const countOf = async (page: Page) =>
  Number(
    (await page
      .getByTestId('approvals-count')
      .textContent()
      .catch(() => '0')) ?? '0',
  );

test('the approver’s open overview shows the approvals count rise, without a reload', async ({
  page,
  dashboard,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  const before = await countOf(page);
  let reloaded = false;
  page.on('framenavigated', () => (reloaded = true));
  await financeCreatesPayout(dashboard.url, dashboard, '777.00');
  await expect(page.getByTestId('approvals-count')).toHaveText(String(before + 1));
  await expect(page.getByRole('button', { name: /^Notifications, \d+ unread$/ })).toBeVisible();
  expect(reloaded).toBe(false);
});

test('the approver opens the waiting payout from the bell', async ({ page, dashboard }) => {
  const id = await financeCreatesPayout(dashboard.url, dashboard, '888.00');
  await page.goto('/');
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await page
    .getByRole('button', { name: new RegExp(`Payout #${id} waits for your quote approval`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/transactions/payouts/${id}$`));
  await expect(page.getByRole('heading', { name: `Payout #${id}` })).toBeVisible();
});

test('a list stops asking every few seconds while the live stream is up', async ({ page }) => {
  let asked = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/index/accounts')) asked++;
  });
  // Once the local index is filled (its first fill writes every record once).
  await expect
    .poll(async () =>
      (
        (await (await page.request.get('/api/index/status')).json()) as {
          lists: { filled: boolean }[];
        }
      ).lists.every((l) => l.filled),
    )
    .toBe(true);
  const stream = page.waitForResponse((r) => r.url().endsWith('/api/events'));
  await page.goto('/payout-accounts');
  await expect(page.getByRole('table', { name: 'Payout accounts' })).toBeVisible();
  await stream;
  // As it opens, the stream has the page read again what it shows, once (a change may have come
  // just before it): that read is part of the load.
  await page.waitForTimeout(1_500);
  const afterLoad = asked;
  // Two polling periods (5 s each) in which no account changes: nothing asked again.
  await page.waitForTimeout(11_000);
  expect(asked).toBe(afterLoad);
});

test('a list asks again every few seconds while the live stream is down', async ({ page }) => {
  await page.route('**/api/events', (route) => route.abort());
  allowConsoleError(page, /net::ERR_FAILED/);
  let asked = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/index/accounts')) asked++;
  });
  await page.goto('/payout-accounts');
  await expect(page.getByRole('table', { name: 'Payout accounts' })).toBeVisible();
  const afterLoad = asked;
  await expect.poll(() => asked, { timeout: 15_000 }).toBeGreaterThan(afterLoad + 1);
});
