// Every main page passes axe in dark mode too: one page per test, so that each has its own time.
import { checkA11y, expect, signInToDemo, test } from './fixtures';

test.use({ colorScheme: 'dark' });

test('the sign-in page passes axe in dark mode', async ({ page }) => {
  await page.goto('/sign-in');
  await checkA11y(page);
});

for (const path of [
  '/',
  '/merchants',
  '/merchants/1',
  '/merchants/new',
  '/payout-accounts',
  '/payout-accounts/1',
  '/pricing?product=payouts&from=USDT(TRC20)&to=EUR&amount=100',
  '/transactions/payouts',
  '/transactions/payouts/17',
  '/transactions/collections/22',
  '/transactions/payouts/14/receipt',
  '/currencies',
  '/sandbox',
]) {
  test(`${path} passes axe in dark mode`, async ({ page }) => {
    await signInToDemo(page);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.goto(path);
    await checkA11y(page);
  });
}
