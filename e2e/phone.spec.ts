// The dashboard on a phone (390 px wide): the header keeps the environment in words and every
// control on screen, and no page scrolls sideways; a list's rows are cards. One page per journey.
import type { Locator, Page } from '@playwright/test';
import { checkA11y, expect, SEEDED, signInAs, test, transactionWhere } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

/** The page itself is no wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(390);
}

/** Shown whole: inside the screen and not cut short by an ellipsis. */
async function expectWhole(locator: Locator) {
  await expect(locator).toBeInViewport({ ratio: 1 });
  expect(await locator.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
}

test('on the smallest phone the header the server draws fits before any script runs', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page, 'Fatima Finance');
  // The page as the server draws it, at 360 px, with scripts off: what a phone shows first.
  const drawn = await browser.newContext({
    viewport: { width: 360, height: 640 },
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    baseURL,
  });
  try {
    const first = await drawn.newPage();
    await first.goto('/');
    const banner = first.getByRole('banner');
    await expect(banner.getByLabel('Environment: sandbox')).toHaveText('Sandbox');
    const badge = (await banner.getByLabel('Environment: sandbox').boundingBox())!;
    const search = (await banner.getByRole('button', { name: 'Go to…' }).boundingBox())!;
    const account = (await banner.getByRole('button', { name: 'Account' }).boundingBox())!;
    expect(badge.x + badge.width).toBeLessThanOrEqual(search.x);
    expect(account.x + account.width).toBeLessThanOrEqual(360);
  } finally {
    await drawn.close();
  }
});

test('on a phone the header shows the environment, search and the account menu', async ({
  page,
}) => {
  await signInAs(page, 'Fatima Finance');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  const banner = page.getByRole('banner');
  await expectWhole(banner.getByLabel('Environment: sandbox'));
  await expect(banner.getByLabel('Environment: sandbox')).toHaveText('Sandbox');
  await expectWhole(banner.getByRole('button', { name: 'Go to…' }));
  await expectWhole(banner.getByRole('button', { name: 'Account' }));
  // The environment's badge stays beside the search button, not under it.
  const badge = (await banner.getByLabel('Environment: sandbox').boundingBox())!;
  const search = (await banner.getByRole('button', { name: 'Go to…' }).boundingBox())!;
  expect(badge.x + badge.width).toBeLessThanOrEqual(search.x);
  const menu = banner.getByRole('button', { name: 'Navigation' });
  await expectWhole(menu);
  await checkA11y(page);
  // The navigation says whether it is open, and closes with Esc.
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Payouts', exact: true })
    .focus();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
  await banner.getByRole('button', { name: 'Go to…' }).click();
  await expect(page.getByRole('combobox', { name: 'Go to' })).toBeFocused();
});

test('on a phone the overview fits the screen, amounts included', async ({ page }) => {
  await signInAs(page, 'Fatima Finance');
  await page.goto('/');
  const queue = page.getByRole('list', { name: 'Deposits waiting for an approver' });
  await expect(queue.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByText('Recent activity')).toBeVisible();
  await expectNoSidewaysScroll(page);
  // The largest seeded amount stays inside its card.
  await expect(queue.getByText('410,000.00')).toBeInViewport({ ratio: 1 });
  await checkA11y(page);
});

test('on a phone a list shows each row as a card, every value under its heading', async ({
  page,
}) => {
  await signInAs(page, 'Fatima Finance');
  await page.goto('/transactions/payouts');
  const table = page.getByRole('table', { name: 'Payouts' });
  const first = table.getByRole('row').nth(1);
  await expect(first).toBeVisible();
  await expectNoSidewaysScroll(page);
  // Not a table scrolled sideways inside its card either: it is as wide as the screen allows.
  expect(await table.evaluate((t) => t.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
  // Status, amounts and the parties are on screen, not behind a sideways scroll.
  for (const heading of ['Status', 'Payout', 'Deposit', 'Created']) {
    const cell = first.locator(`td[data-label="${heading}"]`);
    await cell.scrollIntoViewIfNeeded();
    await expect(cell).toBeInViewport({ ratio: 1 });
  }
  await checkA11y(page);
});

test('on a phone a person’s roles show whole in their card, and the filters take the line', async ({
  page,
}) => {
  await signInAs(page, 'Ada Admin');
  await page.goto('/settings/people');
  const roles = page.getByRole('table', { name: 'People' }).locator('.mantine-Pill-label');
  await expect(roles.first()).toBeVisible();
  // A wrapped pill once showed one letter of its role.
  await roles.first().scrollIntoViewIfNeeded();
  await expectWhole(roles.first());
  expect(await roles.first().evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
  await expectNoSidewaysScroll(page);
  await page.goto('/audit');
  // The trail's filters wait behind one button, then each takes the line.
  await page.getByRole('button', { name: 'Filters and sort' }).click();
  const between = page.getByRole('button', { name: 'Between' });
  await expect(between).toBeVisible();
  expect(await between.evaluate((b) => b.getBoundingClientRect().width)).toBeGreaterThan(300);
});

/** Every cell of a table is inside the screen's width and none cuts its text short. */
async function expectEveryCellWhole(table: Locator) {
  const cells = table.locator('td, th');
  for (let i = 0; i < (await cells.count()); i++) {
    const cell = cells.nth(i);
    const box = await cell.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, cut: el.scrollWidth > el.clientWidth };
    });
    expect(box.left, `cell ${i}`).toBeGreaterThanOrEqual(0);
    expect(box.right, `cell ${i}`).toBeLessThanOrEqual(390);
    expect(box.cut, `cell ${i} cut short`).toBe(false);
  }
}

test('on a phone a bank-detail change shows every field, the bank’s name too, whole', async ({
  page,
}) => {
  await signInAs(page, 'Aiko Approver');
  await page.goto('/approvals');
  const table = page.getByRole('table', { name: 'Bank details: now and proposed' });
  await expect(table).toBeVisible();
  await expectNoSidewaysScroll(page);
  // The IBAN in groups of four, the BIC, and the bank's name that the same change sets.
  const proposed = (label: string) =>
    table
      .getByRole('row', { name: new RegExp(`^${label}`) })
      .getByRole('cell')
      .nth(2);
  await expect(proposed('IBAN')).toHaveText('GB82 WEST 1234 5698 7654 32');
  await expect(proposed('BIC')).toHaveText('WESTGB2L');
  await expect(proposed('Bank name')).toHaveText('Westminster Bank');
  await expectEveryCellWhole(table);
  await expect(page.getByRole('button', { name: 'Approve change' })).toBeVisible();
  await checkA11y(page);
});

test('on a phone a deposit approval shows what moves whole: amounts, rate and payee', async ({
  page,
  dashboard,
}) => {
  const id = transactionWhere(dashboard, SEEDED.payoutAwaitingDeposit);
  await signInAs(page, 'Aiko Approver');
  await page.goto(`/transactions/payouts/${id}`);
  await page.getByRole('button', { name: 'Approve deposit' }).click();
  const dialog = page.getByRole('dialog', { name: `Approve the deposit of #${id}?` });
  const table = dialog.getByRole('table', { name: 'What you approve' });
  await expect(table).toContainText('USDT(TRC20)');
  await expectNoSidewaysScroll(page);
  await expectEveryCellWhole(table);
  const approve = dialog.getByRole('button', { name: 'Approve deposit' });
  await approve.scrollIntoViewIfNeeded();
  await expectWhole(approve);
  await checkA11y(page);
});

test('on a phone a list starts on the first screen, its filters behind one button', async ({
  page,
}) => {
  await signInAs(page, 'Fatima Finance');
  await page.goto('/transactions/payouts');
  const first = page.getByRole('table', { name: 'Payouts' }).getByRole('row').nth(1);
  await expect(first).toBeVisible();
  // The first row begins within the first screen, under the search box.
  expect((await first.boundingBox())!.y).toBeLessThan(844);
  await expect(page.getByRole('searchbox', { name: 'Search transactions' })).toBeVisible();
  const status = page.getByLabel('Status', { exact: true });
  await expect(status.first()).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Filters and sort' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Hide filters' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(status.first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await checkA11y(page);
});
