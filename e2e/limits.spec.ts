// Limits per person, merchant and workspace (docs/decisions/089), one step per journey: a finance
// person over their day limit reads why the payout is refused, with the figures; an admin adds a
// limit and sees its use. What a journey needs before its one page is set up through the API.
import {
  allowConsoleError,
  callDashboard,
  checkA11y,
  choose,
  expect,
  fillPayout,
  signInAs,
  test,
} from './fixtures';

async function fatimaDayLimit(page: Parameters<typeof callDashboard>[0], amount: string) {
  await signInAs(page, 'Ada Admin');
  const people = (await callDashboard(page, 'GET', '/admin/users')).json.results as {
    id: string;
    name: string;
  }[];
  const added = await callDashboard(page, 'POST', '/controls/limits', {
    scope: 'person',
    target: people.find((p) => p.name === 'Fatima Finance')!.id,
    period: 'day',
    amount,
  });
  expect(added.status).toBe(200);
}

test('a finance person over their day limit reads why the payout is refused', async ({ page }) => {
  allowConsoleError(page, /status of 403/);
  await fatimaDayLimit(page, '2000');
  await signInAs(page, 'Fatima Finance');
  await page.goto('/transactions/payouts/new');
  await fillPayout(page, '2500');
  await page.getByRole('button', { name: 'Create transaction' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Fatima Finance has created 0.00 EUR of their 2,000.00 EUR day limit; this payout would take them to 2,500.00 EUR.',
  );
  // Still on the form, nothing created: the amount can be lowered and sent again.
  await expect(page.getByRole('heading', { name: 'New payout' })).toBeVisible();
  await checkA11y(page);
});

test('an admin adds a limit and sees what is used of it', async ({ page }) => {
  await fatimaDayLimit(page, '50000');
  await page.goto('/settings/approvals');
  const limits = page.getByRole('table', { name: 'Limits' });
  await expect(limits).toContainText('€50,000.00 a day (UTC) for Fatima Finance');
  await expect(limits).toContainText('€0.00 of €50,000.00 used today');
  const form = page.getByRole('form', { name: 'Add a limit' });
  await choose(page, 'Limit on', 'The workspace');
  await choose(page, 'Period', 'a month (UTC)');
  await form.getByRole('textbox', { name: /^Amount/ }).fill('1,000,000');
  await form.getByRole('button', { name: 'Add limit' }).click();
  await expect(limits).toContainText('€1,000,000.00 a month (UTC) for the workspace');
  // On a phone the list and its use still fit: nothing pushed sideways.
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(limits).toContainText('used this month');
  // Once the layout has settled from the resize (the navigation folds away).
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(360);
  await checkA11y(page);
});
