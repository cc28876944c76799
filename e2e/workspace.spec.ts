// The team workspace as its people use it: dual control from the finance desk to two approvers,
// the audit trail telling the story, and a viewer who sees everything and changes nothing.
import type { Page } from '@playwright/test';
import {
  allowConsoleError,
  checkA11y,
  choose,
  expect,
  signInToDemo,
  switchTo,
  test,
} from './fixtures';

const CSRF = { 'x-requested-with': 'dashboard' };

async function requireTwoApproversFrom(page: Page, amount: string) {
  await signInToDemo(page, 'Ada Admin');
  const policy = await page.request.post('/api/admin/policies', {
    headers: CSRF,
    data: { action: 'approveQuote', currency: 'EUR', minAmount: amount, approvers: 2 },
  });
  expect(policy.ok()).toBe(true);
}

test('a payout above the policy needs two approvers; finance cannot approve; the audit trail tells it all', async ({
  page,
}) => {
  allowConsoleError(page, /status of 403/);
  await requireTwoApproversFrom(page, '1000');

  // Finance creates a payout of 2,500 EUR.
  await switchTo(page, 'Fatima Finance');
  await page.goto('/transactions/payouts/new');
  await choose(page, 'Sender', /Lumen Textiles GmbH/);
  await choose(page, 'Payout account', /Anatolia Cotton Mills/);
  await choose(page, 'Deposit currency', /^USDT\(TRC20\)/);
  await page.getByRole('textbox', { name: 'Payout amount' }).fill('2500');
  await choose(page, 'Purpose', 'Supplier payment');
  await page.getByRole('button', { name: 'Create transaction' }).click();
  await expect(page.getByRole('heading', { name: /^Payout #\d+$/ })).toBeVisible();
  const id = page.url().split('/').pop()!;
  await expect(page.getByText('Awaiting quote approval').first()).toBeVisible({ timeout: 10_000 });
  // The button says why not, and the server refuses a direct call too.
  await expect(page.getByRole('button', { name: 'Approve quote' })).toBeDisabled();
  await expect(page.getByText('This needs the Approver role.').first()).toBeVisible();
  const direct = await page.request.post(`/api/v1/sendc2f/approveQuote/${id}`, { headers: CSRF });
  expect(direct.status()).toBe(403);
  expect(await direct.json()).toMatchObject({ code: 'FORBIDDEN_ROLE' });

  // The first approver: recorded, one more needed.
  await switchTo(page, 'Aiko Approver');
  await page.goto(`/transactions/payouts/${id}`);
  await page.getByRole('button', { name: 'Approve quote' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve quote' }).click();
  await expect(page.getByText('Your approval is recorded')).toBeVisible();
  await expect(page.getByTestId('approvals-approveQuote')).toContainText(
    'waits for 1 more approver (2 needed)',
  );
  await expect(page.getByText('Awaiting quote approval').first()).toBeVisible();
  await page.goto('/approvals');
  await expect(page.getByRole('link', { name: `Payout #${id}` })).toBeVisible();
  await checkA11y(page);

  // The second approver: the quote is approved in the API, and the timeline names both.
  await switchTo(page, 'Bruno Approver');
  await page.goto(`/transactions/payouts/${id}`);
  await page.getByRole('button', { name: 'Approve quote' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve quote' }).click();
  await expect(page.getByText('Awaiting deposit').first()).toBeVisible();
  const approvals = page.getByTestId('approvals-approveQuote');
  await expect(approvals).toContainText('Aiko Approver');
  await expect(approvals).toContainText('Bruno Approver');
  const t = await (await page.request.get(`/api/v1/sendc2f/${id}`)).json();
  expect(t.clientStatus).toBe('OnOff_AWAITING_DEPOSIT');
  await checkA11y(page);

  // The audit trail has the whole story, the refused attempt included.
  await switchTo(page, 'Ada Admin');
  await page.goto('/audit?action=approveQuote');
  const table = page.getByRole('table', { name: 'Audit trail' });
  await expect(
    table
      .getByRole('row')
      .filter({ hasText: 'finance@demo.example' })
      .filter({ hasText: 'refused' }),
  ).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: 'approver@demo.example' })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: 'approver2@demo.example' })).toHaveCount(1);
  await checkA11y(page);
  const csv = await page.request.get('/api/audit?format=csv&action=approveQuote');
  expect((await csv.text()).split('\r\n').length).toBeGreaterThanOrEqual(5);
});

test('a viewer sees everything and changes nothing', async ({ page }) => {
  allowConsoleError(page, /status of 403/);
  await signInToDemo(page, 'Vera Viewer');
  await page.goto('/merchants');
  await expect(page.getByRole('heading', { name: 'Merchants' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New merchant' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sandbox tools' })).toHaveCount(0);
  await page.goto('/transactions/end-to-end/18');
  await expect(page.getByRole('button', { name: 'Cancel transaction' })).toBeDisabled();
  await expect(page.getByText('This needs the Finance role.').first()).toBeVisible();
  const refused = await page.request.post('/api/v1/sendf2f/cancel/18', { headers: CSRF, data: {} });
  expect(refused.status()).toBe(403);
  await page.goto('/audit');
  await expect(page.getByRole('heading', { name: 'Audit trail' })).toBeVisible();
  await checkA11y(page);
});

test('a tester toggles KYC in the sandbox, and has nothing else to change', async ({ page }) => {
  await signInToDemo(page, 'Theo Tester');
  await page.getByRole('link', { name: 'Sandbox tools' }).click();
  await choose(page, 'Merchant', /Manila Print House/);
  await choose(page, 'KYC status', 'Flagged');
  await page.getByRole('button', { name: 'Apply' }).first().click();
  const outcome = page.getByRole('status').filter({ hasText: 'Status applied' });
  await expect(outcome).toContainText('merchant.kyc_status.changed');
  await page.goto('/merchants');
  await expect(page.getByRole('link', { name: 'New merchant' })).toHaveCount(0);
});
