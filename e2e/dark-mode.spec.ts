// Every main page passes axe in dark mode too: one page per test, so that each has its own time.
import {
  accountWithIban,
  checkA11y,
  type Dashboard,
  expect,
  merchantNamed,
  SEEDED,
  signInAs,
  test,
  transactionWhere,
} from './fixtures';

test.use({ colorScheme: 'dark' });

test('the sign-in page passes axe in dark mode', async ({ page }) => {
  await page.goto('/sign-in');
  await checkA11y(page);
});

/** Each page, by what it shows: its path in this journey's sandbox. */
const PAGES: Array<[name: string, path: (d: Dashboard) => string]> = [
  ['/', () => '/'],
  ['/merchants', () => '/merchants'],
  ['a merchant', (d) => `/merchants/${merchantNamed(d, SEEDED.lumen)}`],
  ['/merchants/new', () => '/merchants/new'],
  ['/payout-accounts', () => '/payout-accounts'],
  ['a payout account', (d) => `/payout-accounts/${accountWithIban(d, SEEDED.lumenIban)}`],
  ['/pricing', () => '/pricing?product=payouts&from=USDT(TRC20)&to=EUR&amount=100'],
  ['/transactions/payouts', () => '/transactions/payouts'],
  ['a payout', (d) => `/transactions/payouts/${transactionWhere(d, SEEDED.payoutAwaitingDeposit)}`],
  ['a collection', (d) => `/transactions/collections/${transactionWhere(d, SEEDED.collection)}`],
  [
    'a payout receipt',
    (d) => `/transactions/payouts/${transactionWhere(d, SEEDED.completedPayout)}/receipt`,
  ],
  ['/currencies', () => '/currencies'],
  ['/sandbox', () => '/sandbox'],
];

for (const [name, path] of PAGES) {
  test(`${name} passes axe in dark mode`, async ({ page, dashboard }) => {
    await signInAs(page);
    await page.goto(path(dashboard));
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await checkA11y(page);
  });
}
