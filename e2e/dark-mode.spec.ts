import { checkA11y, expect, signInToDemo, test } from './fixtures';

test.use({ colorScheme: 'dark' });

test('every main page passes axe in dark mode too', async ({ page }) => {
  await page.goto('/sign-in');
  await checkA11y(page);
  await signInToDemo(page);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
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
    await page.goto(path);
    await checkA11y(page);
  }
});
