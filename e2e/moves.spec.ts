// Time control in the sandbox (docs/decisions/023): hold the partner's automatic moves, see a
// transaction wait on its timeline, do its move now; release, and what fell due happens at once.
import type { Page } from '@playwright/test';
import { CSRF, type Dashboard, expect, signInAs, test } from './fixtures';

/** A payout created through the dashboard, as finance would: waiting for its quote. */
async function createPayout(page: Page, dashboard: Dashboard): Promise<number> {
  const account = dashboard.store.db
    .prepare(
      "SELECT id FROM payout_account WHERE account_holder_name LIKE 'Lumen%' AND currency_symbol = 'EUR' AND account_status = 'ACTIVE'",
    )
    .get() as { id: number };
  const created = await page.request.post('/api/v1/sendc2f/', {
    headers: CSRF,
    data: {
      fromBusinessId: 3,
      toBusinessExternalAccountId: account.id,
      fromCurrencySymbol: 'USDT(ERC20)',
      toAmount: '500',
      purpose: 'GOODS_PURCHASE',
    },
  });
  expect(created.status()).toBe(200);
  return ((await created.json()) as { businessRequestId: number }).businessRequestId;
}

test('held moves keep a payout waiting on its timeline; “Do it now” quotes it at once', async ({
  page,
  dashboard,
}) => {
  await signInAs(page);
  await page.goto('/sandbox');
  const hold = page.getByRole('switch', { name: 'Hold automatic moves' });
  await expect(hold).toBeEnabled();
  await hold.click();
  await expect(hold).toBeChecked();
  await expect(page.getByText(/^Held since/)).toBeVisible();
  const id = await createPayout(page, dashboard);
  await page.goto(`/transactions/payouts/${id}`);
  const move = page.getByRole('alert', { name: 'Automatic move' });
  await expect(move.getByText(/Quote due .*, but held/)).toBeVisible();
  // Held: the quote falls due and nothing moves.
  const waiting = await page.request.get(
    `/api/v1/sandbox/moves/?objectType=transaction&objectId=${id}`,
  );
  const { dueTime } = ((await waiting.json()) as { moves: { dueTime: number }[] }).moves[0]!;
  await expect.poll(() => Date.now(), { timeout: 10_000 }).toBeGreaterThan(dueTime + 500);
  await page.reload();
  await expect(move.getByText(/Quote due .*, but held/)).toBeVisible();
  await expect(page.getByText('Pending', { exact: true }).first()).toBeVisible();
  await move.getByRole('button', { name: 'Do it now' }).click();
  await expect(page.getByText('Awaiting quote approval').first()).toBeVisible();
  await expect(move.getByText(/Quote due/)).toHaveCount(0);
});

test('released moves: what fell due while held happens at once', async ({ page, dashboard }) => {
  await signInAs(page);
  await page.request.post('/api/v1/sandbox/moves/hold', { headers: CSRF });
  const id = await createPayout(page, dashboard);
  await page.goto(`/transactions/payouts/${id}`);
  const move = page.getByRole('alert', { name: 'Automatic move' });
  await expect(move.getByText(/Automatic moves are held for this partner/)).toBeVisible();
  await move.getByRole('button', { name: 'Release moves' }).click();
  await expect(page.getByText('Awaiting quote approval').first()).toBeVisible();
  await expect(page.getByRole('alert', { name: 'Automatic move' })).toHaveCount(0);
});
