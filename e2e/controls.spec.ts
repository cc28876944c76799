// The money controls as partner staff meet them (docs/decisions/025): a policy typed "eur" that
// holds a deposit for a second approver, an IBAN change of an active account that waits for a
// second person while an earlier payout's confirmation keeps the old account, and the approvals
// inbox with its count. What a journey needs before its one page is set up through the API.
import type { Page } from '@playwright/test';
import {
  allowConsoleError,
  checkA11y,
  choose,
  expect,
  signInAs,
  test,
  callDashboard,
  CSRF,
} from './fixtures';

const api = callDashboard;

/** An ACTIVE EUR payout account with an IBAN, and its merchant, from the demo data. */
async function activeEurAccount(page: Page) {
  const list = await api(page, 'GET', '/v1/businessExternalAccount/?currencySymbol=EUR&limit=100');
  const account = list.json.results.find(
    (a: { accountStatus: string; iban: string | null }) => a.accountStatus === 'ACTIVE' && a.iban,
  );
  expect(account, 'an active EUR account with an IBAN in the demo data').toBeTruthy();
  return account as { id: number; businessId: number; iban: string; accountHolderName: string };
}

/** A payout created by finance and priced by the sandbox; its id. */
async function quotedPayout(page: Page, toAmount: string, accountId?: number) {
  await signInAs(page, 'Fatima Finance');
  const account = accountId
    ? (await api(page, 'GET', `/v1/businessExternalAccount/${accountId}`)).json
    : await activeEurAccount(page);
  const created = await api(page, 'POST', '/v1/sendc2f/', {
    fromBusinessId: account.businessId,
    toBusinessExternalAccountId: account.id,
    fromCurrencySymbol: 'USDT(TRC20)',
    toAmount,
    purpose: 'SUPPLIER_PAYMENT',
  });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const id = created.json.businessRequestId as number;
  await expect
    .poll(async () => (await api(page, 'GET', `/v1/sendc2f/${id}`)).json.clientStatus)
    .toBe('OnOff_AWAITING_QUOTE_APPROVAL');
  return id;
}

/** The new bank details of a French bank, as onboarding would type them. */
const FRENCH_BANK = {
  iban: 'FR76 3000 6000 0112 3456 7890 189',
  swiftCode: 'AGRIFRPP',
  countryIso: 'FR',
};

/** Onboarding proposes the French bank for an account: held for approval; the change. */
async function proposeFrenchBank(page: Page, account: { id: number; accountHolderName: string }) {
  const held = await api(page, 'PUT', `/v1/businessExternalAccount/${account.id}`, {
    accountHolderName: account.accountHolderName,
    bankName: 'Crédit Agricole',
    ...FRENCH_BANK,
  });
  expect(held.status).toBe(202);
  return held;
}

/** A policy by the API: deposits from 5,000 in `currency` (as typed) need two approvers. */
async function depositPolicyOfTwo(page: Page, currency: string) {
  const policy = await api(page, 'POST', '/controls/policies', {
    action: 'approveDeposit',
    currency,
    minAmount: '5000',
    approvers: 2,
  });
  expect(policy.status).toBe(200);
}

/** The settings' policy form with a deposit approval chosen and "eur" typed for its currency. */
async function startEurDepositPolicy(page: Page) {
  const form = page.getByRole('form', { name: 'Add a policy' });
  await choose(page, 'Decision', 'Deposit approval');
  const currency = form.getByRole('combobox', { name: 'Payout currency' });
  await currency.click();
  await currency.fill('eur');
  await page.getByRole('option', { name: /^EUR · / }).click();
  return form;
}

test('an admin adds a policy with the currency typed as "eur" and an amount with grouping', async ({
  page,
}) => {
  await signInAs(page, 'Ada Admin');
  await page.goto('/settings/approvals');
  const form = await startEurDepositPolicy(page);
  await form.getByRole('textbox', { name: 'From amount' }).fill('5,000');
  await form.getByRole('button', { name: 'Add policy' }).click();
  const policies = page.getByRole('table', { name: 'Approval policies' });
  await expect(policies).toContainText(
    'Deposit approval of any product, when the payout is 5,000.00 EUR or more, needs 2 approvers.',
  );

  // What would a 12,500.50 EUR payout need?
  const check = page.getByRole('form', { name: 'What would this need?' });
  await check.getByRole('textbox', { name: 'Payout amount' }).fill('12,500.50');
  await check.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByTestId('requirement-answer')).toContainText(
    'Deposit approval: 2 approvers',
  );
  await expect(page.getByTestId('requirement-answer')).toContainText('Quote approval: 1 approver');
  await checkA11y(page);
});

test('the preview judges a 5,000 EUR payout as its deposit approval will: one approver', async ({
  page,
}) => {
  await signInAs(page, 'Ada Admin');
  await page.goto('/settings/approvals');
  // The demo's policy: deposits of payouts worth 25,000 EUR or more need two approvers.
  await expect(page.getByRole('table', { name: 'Approval policies' })).toContainText(
    '25,000.00 EUR',
  );
  const check = page.getByRole('form', { name: 'What would this need?' });
  await expect(
    check
      .getByRole('textbox', { name: 'Deposit currency' })
      .or(check.getByRole('combobox', { name: 'Deposit currency' })),
  ).toHaveValue(/USDT\(TRC20\)/);
  await check.getByRole('textbox', { name: 'Payout amount' }).fill('5,000');
  await check.getByRole('button', { name: 'Check' }).click();
  const answer = page.getByTestId('requirement-answer');
  await expect(answer).toContainText('Deposit approval: 1 approver');
  await expect(answer).toContainText('Judged on a deposit of');
  await expect(answer).toContainText('The payout is worth €5,000.00 in the base currency');
  await check.getByRole('textbox', { name: 'Payout amount' }).fill('30,000');
  await check.getByRole('button', { name: 'Check' }).click();
  await expect(answer).toContainText('Deposit approval: 2 approvers');
  await checkA11y(page);
});

test('a policy that exists already is refused on its amount field, not below the form', async ({
  page,
}) => {
  allowConsoleError(page, /status of 409/);
  await signInAs(page, 'Ada Admin');
  await depositPolicyOfTwo(page, 'EUR');
  await page.goto('/settings/approvals');
  const form = await startEurDepositPolicy(page);
  const amount = form.getByRole('textbox', { name: 'From amount' });
  await amount.fill('5,000.00');
  await form.getByRole('button', { name: 'Add policy' }).click();
  await expect(amount).toHaveAccessibleDescription(
    /^Amount is the threshold of a policy that exists already \(it asks 2 approvers\)/,
  );
  await expect(amount).toBeFocused();
  await expect(form.getByRole('alert')).toHaveCount(0);
  await checkA11y(page);
});

test('a policy typed "eur" holds a 12,500.50 EUR payout deposit at 1 of 2', async ({ page }) => {
  await signInAs(page, 'Ada Admin');
  await depositPolicyOfTwo(page, 'eur');
  const id = await quotedPayout(page, '12500.50');
  await signInAs(page, 'Aiko Approver');
  expect((await api(page, 'POST', `/v1/sendc2f/approveQuote/${id}`)).status).toBe(200);

  await page.goto(`/transactions/payouts/${id}`);
  await expect(page.getByText('Awaiting deposit').first()).toBeVisible();
  await page.getByRole('button', { name: 'Approve deposit' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve deposit' }).click();
  await expect(page.getByText('Your approval is recorded')).toBeVisible();
  await expect(page.getByText(`1 of 2 approvals for #${id}`)).toBeVisible();
  await expect(page.getByTestId('approvals-approveDeposit')).toContainText(
    'waits for 1 more approver (2 needed)',
  );
  // The deposit approval is not this approver's any more: the page names who can give it.
  await expect(page.locator('button[data-action="approveDeposit"]')).toBeDisabled();
  await expect(
    page.getByText(
      'You have already given your decision on this approval. Bruno Approver can approve it.',
    ),
  ).toBeVisible();
  const t = (await api(page, 'GET', `/v1/sendc2f/${id}`)).json;
  expect(t.clientStatus).toBe('OnOff_AWAITING_DEPOSIT');
  await checkA11y(page);
});

test('an IBAN change of an active account waits for a second person', async ({ page }) => {
  await signInAs(page, 'Olu Onboarding');
  const account = await activeEurAccount(page);
  await page.goto(`/payout-accounts/${account.id}/edit`);
  const iban = page.getByRole('textbox', { name: 'IBAN' });
  await iban.fill(FRENCH_BANK.iban);
  await page.getByRole('textbox', { name: 'BIC (SWIFT code)' }).fill(FRENCH_BANK.swiftCode);
  // The IBAN is French, the bank country still German: said at the field before anything is sent.
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(/IBAN .*country/).first()).toBeVisible();
  await choose(page, 'Bank country', /France/);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Sent for approval')).toBeVisible();

  // Back on the account: the old IBAN still applies, the change waits for someone else.
  await expect(page.getByRole('heading', { name: /account of/ })).toBeVisible();
  const changes = page.getByTestId('payee-changes');
  await expect(changes).toContainText('Waits for approval · 0 of 1');
  await expect(changes).toContainText('FR76 3000 6000 0112 3456 7890 189');
  await expect(changes.getByTestId('payee-change-who')).toContainText(
    'Bruno Approver and Aiko Approver can approve it.',
  );
  await expect(changes.getByRole('button', { name: 'Withdraw my change' })).toBeVisible();
  const now = (await api(page, 'GET', `/v1/businessExternalAccount/${account.id}`)).json;
  expect(now.iban).toBe(account.iban);
  await checkA11y(page);
});

test('a second person approves the IBAN change from the approvals inbox', async ({ page }) => {
  await signInAs(page, 'Olu Onboarding');
  const account = await activeEurAccount(page);
  const held = await proposeFrenchBank(page, account);

  await signInAs(page, 'Bruno Approver');
  await page.goto('/approvals');
  const card = page.getByTestId(`payee-change-${held.json.change.id}`);
  await expect(card).toContainText('Proposed by Olu Onboarding');
  await card.getByRole('button', { name: 'Approve change' }).click();
  await expect(page.getByText('Bank details changed')).toBeVisible();
  const now = (await api(page, 'GET', `/v1/businessExternalAccount/${account.id}`)).json;
  expect(now.iban).toBe('FR7630006000011234567890189');
  await checkA11y(page);
});

test('the confirmation of a payout made before an IBAN change still shows the old account', async ({
  page,
}) => {
  await signInAs(page, 'Fatima Finance');
  const account = await activeEurAccount(page);
  const id = await quotedPayout(page, '800.00', account.id);
  await signInAs(page, 'Aiko Approver');
  expect((await api(page, 'POST', `/v1/sendc2f/approveQuote/${id}`)).status).toBe(200);
  expect((await api(page, 'POST', `/v1/sendc2f/approveDeposit/${id}`, {})).status).toBe(200);
  await expect
    .poll(async () => (await api(page, 'GET', `/v1/sendc2f/${id}`)).json.clientStatus, {
      timeout: 15_000,
    })
    .toBe('OnOff_COMPLETED');
  // The IBAN changes afterwards, with a second person's approval.
  await signInAs(page, 'Olu Onboarding');
  const held = await proposeFrenchBank(page, account);
  await signInAs(page, 'Bruno Approver');
  const approved = await api(
    page,
    'POST',
    `/controls/payee-changes/${held.json.change.id}/approve`,
  );
  expect(approved.status).toBe(200);

  await page.goto(`/transactions/payouts/${id}/receipt`);
  await expect(page.getByRole('heading', { name: 'Payout confirmation' })).toBeVisible();
  const recipient = page.getByTestId('receipt-recipient');
  const last4 = account.iban.replace(/\s/g, '').slice(-4);
  await expect(recipient).toContainText(`•••• ${last4}`);
  await expect(recipient).not.toContainText('0189');
  await expect(recipient).toContainText('its bank details have changed since');
  await checkA11y(page);
});

test('the inbox lists a quote nobody has approved yet, and the navigation counts it', async ({
  page,
}) => {
  const id = await quotedPayout(page, '640.00');
  await signInAs(page, 'Aiko Approver');
  const counts = (await api(page, 'GET', '/controls/inbox/count')).json;
  expect(counts.you).toBeGreaterThan(0);

  await page.goto('/approvals');
  const row = page.getByTestId(`inbox-sendc2f-${id}`);
  await expect(row).toContainText('Quote approval');
  await expect(row).toContainText('0 of 1');
  await expect(row).toContainText('You');
  await expect(page.getByRole('radio', { name: `For you (${counts.you})` })).toBeChecked();
  await expect(page.getByTestId('approvals-count')).toHaveText(String(counts.you));
  await checkA11y(page);
});

test('two bank-detail changes ask for one authenticator code, given with Enter', async ({
  page,
  dashboard,
}) => {
  const { Secret, TOTP } = await import('otpauth');
  // A second change waits beside the demo's: the French bank for an active EUR account.
  await signInAs(page, 'Olu Onboarding');
  await proposeFrenchBank(page, await activeEurAccount(page));
  // Sam approves, with an authenticator app enrolled.
  const { password } = await dashboard.workspace.createUser({
    email: 'sam@partner.example',
    name: 'Sam Secure',
    roles: ['approver'],
  });
  const signIn = (data: object) => page.request.post('/api/session', { headers: CSRF, data });
  await page.context().clearCookies();
  expect((await signIn({ email: 'sam@partner.example', password })).ok()).toBe(true);
  const begun = (await api(page, 'POST', '/account/totp')).json;
  const totp = new TOTP({ secret: Secret.fromBase32(begun.secret) });
  const confirmed = await api(page, 'POST', '/account/totp/confirm', { code: totp.generate() });
  const recovery = confirmed.json.recoveryCodes as string[];
  await page.context().clearCookies();
  const again = await signIn({ email: 'sam@partner.example', password, code: recovery[0] });
  expect(again.ok()).toBe(true);

  await page.goto('/approvals');
  await expect(page.getByRole('button', { name: 'Approve change' })).toHaveCount(2);
  // One field for the page, not one per change.
  const code = page.getByRole('textbox', { name: 'Authenticator code' });
  await expect(code).toHaveCount(1);
  await code.fill(recovery[1]!);
  await code.press('Enter');
  // Given: the field goes, and each change is approved without asking again.
  await expect(code).toHaveCount(0);
  await page.getByRole('button', { name: 'Approve change' }).first().click();
  await expect(page.getByText('Bank details changed')).toBeVisible();
  await checkA11y(page);
});
