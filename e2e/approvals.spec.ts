// Approvals a finance team can trust (docs/decisions/040 and 041), one step per journey: an
// approver rejects a quote with a reason; its creator reads who rejected it and why; an approver
// of new bank details is told which open payouts keep the old ones. What a journey needs before
// its one page is set up through the API.
import {
  callDashboard,
  checkA11y,
  expect,
  quotedPayout,
  SEEDED,
  signInAs,
  test,
  transactionWhere,
} from './fixtures';

const api = callDashboard;

const REASON = 'The rate is worse than the one agreed with Lumen';

test('an approver rejects a quote with a reason', async ({ page, dashboard }) => {
  await signInAs(page, 'Fatima Finance');
  const id = await quotedPayout(page, dashboard, '2750.00');
  await signInAs(page, 'Aiko Approver');
  await page.goto(`/transactions/payouts/${id}`);
  await page.getByRole('button', { name: 'Reject…' }).click();
  const dialog = page.getByRole('dialog', { name: `Reject the quote of #${id}?` });
  await expect(dialog).toContainText('nothing is paid out');
  // The reason is required, named at its field.
  await dialog.getByRole('button', { name: `Reject and cancel #${id}` }).click();
  await expect(dialog.getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(
    /^Reason is required/,
  );
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(REASON);
  await dialog.getByRole('button', { name: `Reject and cancel #${id}` }).click();
  await expect(page.getByText('The quote is rejected')).toBeVisible();
  await expect(page.getByTestId('cancel-reason')).toHaveText(
    `Aiko Approver rejected the quote: “${REASON}”`,
  );
  const t = (await api(page, 'GET', `/v1/sendc2f/${id}`)).json;
  expect(t).toMatchObject({ clientStatus: 'OnOff_CANCELED', cancelReason: 'OTHER' });
  await checkA11y(page);
});

test('the creator of a rejected quote reads who rejected it and why', async ({
  page,
  dashboard,
}) => {
  await signInAs(page, 'Fatima Finance');
  const id = await quotedPayout(page, dashboard, '2751.00');
  await signInAs(page, 'Aiko Approver');
  const rejected = await api(page, 'POST', `/controls/transactions/sendc2f/${id}/reject`, {
    action: 'approveQuote',
    reason: REASON,
  });
  expect(rejected.status).toBe(200);
  await signInAs(page, 'Fatima Finance');
  await page.goto('/');
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await page
    .getByRole('button', { name: new RegExp(`Aiko Approver rejected the quote of Payout #${id}`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/transactions/payouts/${id}$`));
  await expect(page.getByTestId('cancel-reason')).toHaveText(
    `Aiko Approver rejected the quote: “${REASON}”`,
  );
  await checkA11y(page);
});

test('an approver of new bank details is told which open payouts keep the old ones', async ({
  page,
  dashboard,
}) => {
  await signInAs(page, 'Fatima Finance');
  const id = await quotedPayout(page, dashboard, '640.00');
  const accountId = (await api(page, 'GET', `/v1/sendc2f/${id}`)).json
    .toBusinessExternalAccountId as number;
  await signInAs(page, 'Olu Onboarding');
  const account = (await api(page, 'GET', `/v1/businessExternalAccount/${accountId}`)).json;
  const held = await api(page, 'PUT', `/v1/businessExternalAccount/${accountId}`, {
    accountHolderName: account.accountHolderName,
    bankName: 'Crédit Agricole',
    iban: 'FR76 3000 6000 0112 3456 7890 189',
    swiftCode: 'AGRIFRPP',
    countryIso: 'FR',
  });
  expect(held.status).toBe(202);

  await signInAs(page, 'Bruno Approver');
  await page.goto('/approvals');
  const card = page.getByTestId(`payee-change-${held.json.change.id}`);
  const open = card.getByRole('table', { name: /open payments? to this account/ });
  await expect(open).toContainText(`Payout #${id}`);
  await expect(card).toContainText('Approving does not redirect them');
  await card.getByRole('button', { name: 'Approve change' }).click();
  await expect(page.getByText('Bank details changed')).toBeVisible();
  await expect(page.getByText(new RegExp(`#${id}.* keeps? the old details`))).toBeVisible();
  await checkA11y(page);
});

test('an approver sees the rate, its markup and the quote’s expiry before approving', async ({
  page,
  dashboard,
}) => {
  await signInAs(page, 'Fatima Finance');
  const id = await quotedPayout(page, dashboard, '2752.00');
  await signInAs(page, 'Aiko Approver');
  await page.goto(`/transactions/payouts/${id}`);
  // On the page already: how long the quote may be approved.
  await expect(page.getByTestId('transaction-now').getByTestId('quote-expiry')).toContainText(
    /^Expires in 23 h 5\d min/,
  );
  await page.getByRole('button', { name: 'Approve quote' }).click();
  const dialog = page.getByRole('dialog', { name: `Approve the quote of #${id}?` });
  const approved = dialog.getByRole('table', { name: 'What you approve' });
  await expect(approved).toContainText('€2,752.00');
  // The rate Finance was quoted, to the digit the API gave, and the fee as money.
  await expect(approved).toContainText('1 USDT(TRC20) = 0.9124423963 EUR');
  await expect(approved.getByTestId('quote-markup')).toHaveText(
    '1.00% below the reference rate of 0.9216589862',
  );
  await expect(approved.getByTestId('quote-fee')).toHaveText('30.160809 USDT(TRC20)');
  await expect(approved.getByTestId('quote-expiry')).toContainText(/^Expires in 23 h 5\d min/);
  await expect(approved).toContainText('Anatolia Cotton Mills A.Ş.');
  await expect(approved).toContainText('TR33 •••• 1326');
  await expect(approved).toContainText('Approved so far: nobody');
  await expect(approved.getByRole('row', { name: /^Asked by/ })).toContainText('Fatima Finance');
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Approve quote' }).click();
  await expect(page.getByText(`Transaction #${id} is now “Awaiting deposit”.`)).toBeVisible();
});

test('a deposit approval says no deposit is reported yet, where it goes, and who asked', async ({
  page,
  dashboard,
}) => {
  await signInAs(page, 'Fatima Finance');
  const id = await quotedPayout(page, dashboard, '2754.00');
  await signInAs(page, 'Aiko Approver');
  expect((await api(page, 'POST', `/v1/sendc2f/approveQuote/${id}`)).status).toBe(200);
  const wallet = (await api(page, 'GET', `/v1/sendc2f/${id}`)).json.walletDetails.walletAddress;
  await page.goto(`/transactions/payouts/${id}`);
  await page.getByRole('button', { name: 'Approve deposit' }).click();
  const dialog = page.getByRole('dialog', { name: `Approve the deposit of #${id}?` });
  const evidence = dialog.getByTestId('deposit-evidence');
  await expect(evidence).toContainText('No deposit reported yet');
  await expect(evidence).toContainText('Approve only once you have seen it arrive yourself');
  await expect(evidence).toContainText(wallet);
  await expect(
    dialog.getByRole('table', { name: 'What you approve' }).getByRole('row', { name: /^Asked by/ }),
  ).toContainText('Fatima Finance');
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Approve deposit' }).click();
  // On the timeline the deposit is received before it is approved.
  const steps = page
    .getByLabel('Timeline', { exact: true })
    .getByText(/^Deposit (received|approved)$/);
  await expect(steps).toHaveText(['Deposit received', 'Deposit approved']);
});

test('an approver sees the payee by name on a payout made outside the dashboard', async ({
  page,
  dashboard,
}) => {
  await signInAs(page, 'Aiko Approver');
  const id = await quotedPayout(page, dashboard, '2753.00', { direct: true });
  await page.goto(`/transactions/payouts/${id}`);
  await page.getByRole('button', { name: 'Approve quote' }).click();
  const dialog = page.getByRole('dialog', { name: `Approve the quote of #${id}?` });
  const approved = dialog.getByRole('table', { name: 'What you approve' });
  await expect(approved).toContainText('Anatolia Cotton Mills A.Ş.');
  await expect(approved).toContainText('TR33 •••• 1326');
  await expect(approved.getByTestId('payee-read-now')).toHaveText(
    'As the account reads now: this payment was not created in the dashboard',
  );
  await checkA11y(page);
});

test('an expired quote offers no approval and says what to do instead', async ({
  page,
  dashboard,
}) => {
  // Seeded days ago: its quote has outlived the day a quote may be approved in.
  const id = transactionWhere(dashboard, SEEDED.quotedPayout);
  await signInAs(page, 'Aiko Approver');
  await page.goto(`/transactions/payouts/${id}`);
  await expect(page.getByRole('button', { name: 'Approve quote' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Approve quote' })).toHaveAccessibleDescription(
    'The quote has expired: it can no longer be approved.',
  );
  await expect(page.getByTestId('transaction-now')).toContainText(
    'Whoever creates transactions quotes it again: Copy as new, then cancel this one.',
  );
  await expect(page.getByText('Next: Finance')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reject…' })).toBeEnabled();
  await checkA11y(page);
});

test('the approvals inbox says nobody can approve an expired quote', async ({
  page,
  dashboard,
}) => {
  const id = transactionWhere(dashboard, SEEDED.quotedPayout);
  await signInAs(page, 'Aiko Approver');
  // Not Aiko's to act on: it is under Everyone, not under For you, nor in her count.
  await page.goto('/approvals?scope=everyone');
  const row = page.getByTestId(`inbox-sendc2f-${id}`);
  await expect(row).toContainText('Nobody: it has expired');
  await expect(row).toContainText(
    'Whoever creates transactions quotes it again: Copy as new, then cancel this one.',
  );
  await checkA11y(page);
  await page.getByText(/^For you/).click();
  await expect(page.getByRole('heading', { name: 'Quotes and deposits' })).toBeVisible();
  await expect(page.getByTestId(`inbox-sendc2f-${id}`)).toHaveCount(0);
});
