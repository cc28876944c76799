// Away with a delegate (docs/decisions/088), one step per journey: Aiko, an approver, is away and
// has named Fatima (finance) her delegate; Fatima approves a payout Omar created, reading that
// she decides for Aiko, and the decision reads "on behalf of". An approver marks themselves away
// from Your account. What a journey needs before its one page is set up through the API.
import { callDashboard, checkA11y, choose, expect, quotedPayout, signInAs, test } from './fixtures';

const DAY = 86_400_000;

async function idOf(page: Parameters<typeof callDashboard>[0], name: string) {
  await signInAs(page, 'Ada Admin');
  const people = (await callDashboard(page, 'GET', '/admin/users')).json.results as {
    id: string;
    name: string;
  }[];
  return people.find((p) => p.name === name)!.id;
}

test('a delegate approves a payout while the approver is away', async ({ page, dashboard }) => {
  const fatima = await idOf(page, 'Fatima Finance');
  await signInAs(page, 'Aiko Approver');
  const now = Date.now();
  const away = await callDashboard(page, 'PUT', '/account/away', {
    from: now - 60_000,
    until: now + 7 * DAY,
    delegateId: fatima,
  });
  expect(away.status).toBe(200);
  await signInAs(page, 'Omar Operations');
  const id = await quotedPayout(page, dashboard, '2760.00');

  await signInAs(page, 'Fatima Finance');
  await page.goto(`/transactions/payouts/${id}`);
  await page.getByRole('button', { name: 'Approve quote' }).click();
  const dialog = page.getByRole('dialog', { name: `Approve the quote of #${id}?` });
  await expect(dialog.getByTestId('standing-in')).toHaveText(
    'You decide for Aiko Approver, who is away.',
  );
  await expect(dialog.getByRole('row', { name: /^Asked by/ })).toContainText('Omar Operations');
  await dialog.getByRole('button', { name: 'Approve quote' }).click();
  await expect(page.getByText(`Transaction #${id} is now “Awaiting deposit”.`)).toBeVisible();
  const controls = await callDashboard(page, 'GET', `/controls/transactions/sendc2f/${id}`);
  expect(controls.json.approvals[0].decisions[0]).toMatchObject({
    userName: 'Fatima Finance',
    forUserName: 'Aiko Approver',
  });
  await checkA11y(page);
});

test('an approver marks themselves away with a delegate', async ({ page }) => {
  await signInAs(page, 'Bruno Approver');
  await page.goto('/account');
  const panel = page.getByRole('form', { name: 'Away with a delegate' });
  await expect(panel).toBeVisible();
  await choose(page, 'Delegate', 'Aiko Approver');
  await panel.getByRole('button', { name: 'Mark me away' }).click();
  const status = page.getByRole('status').filter({ hasText: 'You are marked away' });
  await expect(status).toContainText('Aiko Approver decides approvals in your place');
  await checkA11y(page);
  await status.getByRole('button', { name: 'I am back' }).click();
  await expect(status).toHaveCount(0);
});
