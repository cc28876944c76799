// The team workspace as its people use it: dual control from the finance desk to two approvers,
// the audit trail telling the story, and a viewer who sees everything and changes nothing.
import type { Page } from '@playwright/test';
import {
  allowConsoleError,
  checkA11y,
  choose,
  CSRF,
  type Dashboard,
  expect,
  fillPayout,
  forgetSession,
  quotedPayout,
  SEEDED,
  signInAs,
  signInToDemo,
  switchTo,
  test,
  transactionWhere,
} from './fixtures';

async function requireTwoApproversFrom(page: Page, amount: string) {
  await signInAs(page, 'Ada Admin');
  const policy = await page.request.post('/api/controls/policies', {
    headers: CSRF,
    data: { action: 'approveQuote', currency: 'EUR', minAmount: amount, approvers: 2 },
  });
  expect(policy.ok()).toBe(true);
}

/** With a two-approver policy from 1,000 EUR, finance has a quoted payout of 2,500 EUR: its id. */
async function quotedPayoutNeedingTwo(page: Page, dashboard: Dashboard) {
  await requireTwoApproversFrom(page, '1000');
  await signInAs(page, 'Fatima Finance');
  return quotedPayout(page, dashboard, '2500');
}

/** With a two-approver policy from 1,000 EUR, finance creates a payout of 2,500 EUR: its id. */
async function payoutNeedingTwo(page: Page) {
  await requireTwoApproversFrom(page, '1000');
  await signInAs(page, 'Fatima Finance');
  await page.goto('/transactions/payouts/new');
  await fillPayout(page, '2500');
  await page.getByRole('button', { name: 'Create transaction' }).click();
  await expect(page.getByRole('heading', { name: /^Payout #\d+$/ })).toBeVisible();
  const id = page.url().split('/').pop()!;
  await expect(page.getByText('Awaiting quote approval').first()).toBeVisible();
  return id;
}

/** `name` approves the quote of payout `id` through the dashboard's API: its answer's status. */
async function approveQuoteAs(page: Page, name: string, id: string) {
  await signInAs(page, name);
  const answer = await page.request.post(`/api/v1/sendc2f/approveQuote/${id}`, { headers: CSRF });
  return answer.status();
}

test('finance creates a payout above the policy and cannot approve it, not even directly', async ({
  page,
}) => {
  allowConsoleError(page, /status of 403/);
  const id = await payoutNeedingTwo(page);
  // The button says why not, and the server refuses a direct call too.
  await expect(page.getByRole('button', { name: 'Approve quote' })).toBeDisabled();
  await expect(page.getByText('This needs the Approver role.').first()).toBeVisible();
  const direct = await page.request.post(`/api/v1/sendc2f/approveQuote/${id}`, { headers: CSRF });
  expect(direct.status()).toBe(403);
  expect(await direct.json()).toMatchObject({ code: 'FORBIDDEN_ROLE' });
});

test('the first approval is recorded; the second approver finds the payout in the inbox', async ({
  page,
  dashboard,
}) => {
  const id = await quotedPayoutNeedingTwo(page, dashboard);
  await signInAs(page, 'Aiko Approver');
  await page.goto(`/transactions/payouts/${id}`);
  await page.getByRole('button', { name: 'Approve quote' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve quote' }).click();
  await expect(page.getByText('Your approval is recorded')).toBeVisible();
  await expect(page.getByTestId('approvals-approveQuote')).toContainText(
    'waits for 1 more approver (2 needed)',
  );
  await expect(page.getByText('Awaiting quote approval').first()).toBeVisible();
  await switchTo(page, 'Bruno Approver');
  await page.getByRole('link', { name: 'Approvals' }).click();
  // The overview links the payout too: wait for the approvals page before looking for it.
  await expect(page.getByRole('heading', { name: 'Approvals', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: `Payout #${id}` })).toBeVisible();
  // An approver cannot read the audit trail: it is named, not linked to a page that sends them away.
  await expect(page.getByText('the audit trail (for admins and viewers)')).toBeVisible();
  await expect(page.getByRole('link', { name: 'the audit trail' })).toHaveCount(0);
  await checkA11y(page);
});

test('the second approval approves the quote in the API, and the timeline names both', async ({
  page,
  dashboard,
}) => {
  const id = await quotedPayoutNeedingTwo(page, dashboard);
  expect(await approveQuoteAs(page, 'Aiko Approver', id)).toBe(202);
  await signInAs(page, 'Bruno Approver');
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
});

test('the audit trail tells a dual-control approval, the refused attempt included', async ({
  page,
  dashboard,
}) => {
  allowConsoleError(page, /status of 403/);
  const id = await quotedPayoutNeedingTwo(page, dashboard);
  expect(await approveQuoteAs(page, 'Fatima Finance', id)).toBe(403);
  expect(await approveQuoteAs(page, 'Aiko Approver', id)).toBe(202);
  expect(await approveQuoteAs(page, 'Bruno Approver', id)).toBe(200);
  await signInAs(page, 'Ada Admin');
  await page.goto('/audit?action=approve%20quote');
  const table = page.getByRole('table', { name: 'Audit trail' });
  await expect(
    table
      .getByRole('row')
      .filter({ hasText: 'finance@demo.example' })
      .filter({ hasText: 'refused' }),
  ).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: 'approver@demo.example' })).toHaveCount(1);
  // The approval that completed it: sent to the API, then its outcome.
  const second = table.getByRole('row').filter({ hasText: 'approver2@demo.example' });
  // One row for the approval: its outcome, with when it was sent (decision 072).
  await expect(second).toHaveCount(1);
  await expect(second).toContainText('Done');
  await expect(second).toContainText(/sent /);
  // In words, with the record it was about one click away.
  await expect(second.first()).toContainText('Approve the quote of a payout transaction');
  await checkA11y(page);
  const csv = await page.request.get('/api/audit?format=csv&action=approveQuote');
  expect((await csv.text()).split('\r\n').length).toBeGreaterThanOrEqual(5);
  await second
    .first()
    .getByRole('link', { name: `Payout #${id}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/transactions/payouts/${id}$`));
});

test('the audit trail answers what happened today, in words', async ({ page }) => {
  await signInAs(page, 'Ada Admin');
  // In German formats and Berlin time: "today" is Berlin's day, dates read the German way.
  const formats = await page.request.put('/api/account/formats', {
    headers: CSRF,
    data: { locale: 'de-DE', timeZone: 'Europe/Berlin' },
  });
  expect(formats.ok()).toBe(true);
  const added = await page.request.post('/api/controls/policies', {
    headers: CSRF,
    data: {
      action: 'approveDeposit',
      product: '*',
      currency: '*',
      minAmount: '424242',
      approvers: 2,
    },
  });
  expect(added.ok(), await added.text()).toBe(true);
  await page.goto('/audit');
  await page.getByRole('button', { name: 'Between' }).click();
  // The calendar speaks German too: Tuesday is "Di".
  await expect(page.getByRole('columnheader', { name: 'Di' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}|to=.*from=/);
  const row = page
    .getByRole('table', { name: 'Audit trail' })
    .getByRole('row')
    .filter({ hasText: 'Add approval policy' })
    .first();
  await row.getByRole('button', { name: /^Show all/ }).click();
  await expect(row).toContainText('From amount: 424242');
  // Codes in words: the decision, any product, the person's roles.
  await expect(row).toContainText('Deposit approval');
  await expect(row).toContainText('any product');
  await expect(row).toContainText('Admin');
  await expect(row).not.toContainText('approveDeposit');
  await expect(row.getByRole('cell').first()).toContainText(/\d{2}\.\d{2}\.\d{4}/);
  await checkA11y(page);
});

test('a viewer sees everything and changes nothing', async ({ page, dashboard }) => {
  allowConsoleError(page, /status of 403/);
  await signInAs(page, 'Vera Viewer');
  await page.goto('/merchants');
  await expect(page.getByRole('heading', { name: 'Merchants' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New merchant' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sandbox tools' })).toHaveCount(0);
  const id = transactionWhere(dashboard, SEEDED.awaitingDeposit);
  await page.goto(`/transactions/end-to-end/${id}`);
  await expect(page.getByRole('button', { name: 'Cancel transaction' })).toBeDisabled();
  await expect(page.getByText('This needs the Finance role.').first()).toBeVisible();
  const refused = await page.request.post(`/api/v1/sendf2f/cancel/${id}`, {
    headers: CSRF,
    data: {},
  });
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

test('an admin adds a person, sees the one-time password once, and the person as invited', async ({
  page,
}) => {
  await signInToDemo(page, 'Ada Admin');
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  const add = page.getByRole('form', { name: 'Add a person' });
  await add.getByLabel('Email').fill('new.analyst@partner.example');
  await add.getByLabel('Name').fill('New Analyst');
  await add.getByPlaceholder('Choose roles').click();
  await page.getByRole('option', { name: 'Finance' }).click();
  await page.keyboard.press('Escape');
  await add.getByRole('button', { name: 'Add person' }).click();
  await expect(page.getByText('One-time password for new.analyst@partner.example')).toBeVisible();
  // This server sends no mail, and says so beside the password.
  await expect(page.getByText('This server sends no mail')).toBeVisible();
  // Listed as invited until their first sign-in.
  const row = page.getByRole('row', { name: /New Analyst/ });
  await expect(row.getByText('Invited', { exact: true })).toBeVisible();
  // Policies are added on the same page: e2e/controls.spec.ts.
  await checkA11y(page);
});

test('an admin changes a person’s roles, and is told it is saved', async ({ page }) => {
  await signInAs(page, 'Ada Admin');
  await page.goto('/settings/people');
  // By keyboard: the field's own input is as narrow as the space its pills leave.
  await page.getByRole('combobox', { name: 'Roles of Vera Viewer' }).focus();
  await page.keyboard.press('ArrowDown');
  await page.getByRole('option', { name: 'Finance' }).click();
  await page.keyboard.press('Escape');
  const saved = page.locator('.mantine-Notification-root', { hasText: 'Roles saved' });
  await expect(saved).toContainText('Vera Viewer: Viewer and Finance.');
  await checkA11y(page);
});

test('the only admin removing her own Admin role is asked first, then refused in words', async ({
  page,
}) => {
  allowConsoleError(page, /status of 409/);
  await signInAs(page, 'Ada Admin');
  await page.goto('/settings/people');
  const roles = page.getByRole('combobox', { name: 'Roles of Ada Admin' });
  // Taking the Admin pill away (Backspace, as the × does) asks before anything is saved.
  await roles.focus();
  await page.keyboard.press('Backspace');
  const dialog = page.getByRole('dialog', { name: 'Remove Admin from Ada Admin?' });
  await expect(dialog).toContainText('You will no longer be Admin');
  await expect(dialog).toContainText('You lose Settings as soon as it is saved.');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'The workspace would have no active admin left: make another person an admin first.',
  );
  await dialog.getByRole('button', { name: 'Keep as it is' }).click();
  await expect(dialog).toBeHidden();
  // Nothing changed: Ada is still the admin, and the page still hers.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'People' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Ada Admin/ })).toContainText('Admin');
  await expect(
    page.getByRole('row', { name: /Ada Admin/ }).getByText('Admin', { exact: true }),
  ).toBeVisible();
});

test('deactivating a person is asked first and can be kept as it is', async ({ page }) => {
  await signInAs(page, 'Ada Admin');
  await page.goto('/settings/people');
  await page.getByRole('button', { name: 'Deactivate Vera Viewer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate Vera Viewer?' });
  await expect(dialog).toContainText('signed out everywhere');
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Reactivate Vera Viewer' })).toBeVisible();
});

test('a person turns on an authenticator from its QR code, then signs in with a recovery code', async ({
  page,
  dashboard,
}) => {
  allowConsoleError(page, /status of 401/);
  const { Secret, TOTP } = await import('otpauth');
  const { password } = await dashboard.workspace.createUser({
    email: 'careful@partner.example',
    name: 'Careful Person',
    roles: ['viewer'],
  });
  await page.goto('/sign-in');
  await page.getByLabel('Email', { exact: true }).fill('careful@partner.example');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await page.goto('/account');
  await page.getByRole('button', { name: 'Set up an authenticator' }).click();
  await expect(page.getByText('Or type this key:')).toBeVisible();
  await expect(
    page.locator('svg title', { hasText: 'QR code for the authenticator app' }),
  ).toHaveCount(1);
  const secret = (await page.locator('code').first().textContent())!.trim();
  const code = new TOTP({
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate();
  await page.getByRole('textbox', { name: 'Code' }).fill(code);
  await page.getByRole('button', { name: 'Turn on' }).click();
  const recovery = page.getByLabel('Recovery codes').locator('code');
  await expect(recovery).toHaveCount(10);
  await checkA11y(page);
  const recoveryCode = (await recovery.first().textContent())!.trim();

  await forgetSession(page);
  await page.goto('/sign-in');
  await page.getByLabel('Email', { exact: true }).fill('careful@partner.example');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('textbox', { name: 'Authenticator code' }).fill('000000');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Code is wrong or already used')).toBeVisible();
  await page.getByRole('textbox', { name: 'Authenticator code' }).fill(recoveryCode);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
});

test('a role that needs the second step sends its people to set it up before anything else', async ({
  page,
}) => {
  await signInAs(page, 'Ada Admin');
  const required = await page.request.put('/api/admin/roles/viewer', {
    headers: CSRF,
    data: { requireTotp: true },
  });
  expect(required.ok()).toBe(true);
  await forgetSession(page);
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Sign in as Vera Viewer' }).click();
  await expect(page.getByText('Set up an authenticator app to continue')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Merchants' })).toHaveCount(0);
  await page.goto('/merchants');
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();

  const { Secret, TOTP } = await import('otpauth');
  await page.getByRole('button', { name: 'Set up an authenticator' }).click();
  const secret = (await page.locator('code').first().textContent())!.trim();
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
  await page.getByRole('textbox', { name: 'Code' }).fill(code);
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByLabel('Recovery codes').locator('code')).toHaveCount(10);
  await expect(page.getByText('Set up an authenticator app to continue')).toHaveCount(0);
  // The recovery codes stay on screen as the page opens up.
  await expect(page.getByLabel('Recovery codes').locator('code')).toHaveCount(10);
  await page.getByRole('link', { name: 'Merchants' }).click();
  await expect(page.getByRole('heading', { name: 'Merchants' })).toBeVisible();
});

test('a person forgot the password: an admin hands over a reset link, used once', async ({
  page,
  dashboard,
}) => {
  const { user } = await dashboard.workspace.createUser({
    email: 'forgetful@partner.example',
    name: 'Forgetful Person',
    roles: ['viewer'],
  });
  await signInAs(page, 'Ada Admin');
  await page.goto('/settings/people');
  await page
    .getByRole('row')
    .filter({ hasText: 'forgetful@partner.example' })
    .getByRole('button', { name: 'Reset link' })
    .click();
  await expect(page.getByText('Reset link for Forgetful Person')).toBeVisible();
  const link = await page.request.post(`/api/admin/users/${user.id}/reset-link`, {
    headers: CSRF,
  });
  const url = new URL((await link.json()).link);
  await forgetSession(page);
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByLabel('New password', { exact: true }).fill('correct horse battery');
  await checkA11y(page);
  await page.getByRole('button', { name: 'Set the password' }).click();
  // The link proved the mailbox: signed in at once (no authenticator to ask for).
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
});

test('an invitation mail’s link sets the new person’s password and signs them in', async ({
  page,
}) => {
  await signInAs(page, 'Ada Admin');
  await page.goto('/settings/people');
  const form = page.getByRole('form', { name: 'Add a person' });
  await form.getByLabel('Email', { exact: true }).fill('invited@partner.example');
  await form.getByLabel('Name', { exact: true }).fill('Ines Invited');
  await choose(page, 'Roles', 'Viewer');
  await form.getByRole('button', { name: 'Add person' }).click();
  await expect(page.getByText('One-time password for invited@partner.example')).toBeVisible();
  // No SMTP server here: the mail is kept, and shown to admins under Team chat and mail.
  await page
    .getByRole('navigation', { name: 'Settings sections' })
    .getByRole('link', { name: 'Team chat and mail' })
    .click();
  const mail = page.getByRole('table', { name: 'Kept mail' }).getByRole('row', {
    name: /invited@partner\.example/,
  });
  // The outbox keeps it a moment later: look again, as a person would, until it is there.
  const invitation = mail.getByText('Ada Admin invited you to the Partner Payments dashboard');
  await expect(async () => {
    await page.reload();
    await expect(invitation).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await invitation.click();
  const text = (await mail.textContent()) ?? '';
  const link = new URL(/https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(text)![0]);
  await forgetSession(page);
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New password', { exact: true }).fill('a long invited password');
  await page.getByRole('button', { name: 'Set the password' }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByText('Ines Invited · Viewer')).toBeVisible();
});

test('a person who forgot their password asks for a link on the sign-in page and signs in', async ({
  page,
  dashboard,
}) => {
  await dashboard.workspace.createUser({
    email: 'forgetful@partner.example',
    name: 'Fred Forgetful',
    roles: ['viewer'],
  });
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  const form = page.getByRole('form', { name: 'Ask for a reset link' });
  await form.getByLabel('Email', { exact: true }).fill('forgetful@partner.example');
  await form.getByRole('button', { name: 'Mail me a link' }).click();
  await expect(
    page.getByText(/If forgetful@partner\.example has an account, a link/),
  ).toBeVisible();
  // No SMTP server here: the mail is kept; the outbox worker writes it within a second or so.
  let text = '';
  await expect(async () => {
    const mail = (await dashboard.keptMail()).find((m) => m.to === 'forgetful@partner.example');
    expect(mail?.subject).toBe('Reset your Partner Payments password');
    text = mail!.text;
  }).toPass();
  const link = new URL(/https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(text)![0]);
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New password', { exact: true }).fill('remembered at last');
  await page.getByRole('button', { name: 'Set the password' }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
});

test('a deactivated person’s open session is refused at once, and each call after', async ({
  page,
  dashboard,
}) => {
  await signInAs(page, 'Vera Viewer');
  await page.goto('/merchants');
  await expect(page.getByRole('table', { name: 'Merchants' })).toBeVisible();
  // An admin, elsewhere, deactivates Vera: her open page is told on its live stream (it does
  // not wait for her next click), and whatever it asks is refused.
  const vera = (await dashboard.workspace.userByEmail('viewer@demo.example'))!;
  await dashboard.workspace.setActive(vera.id, false);
  allowConsoleError(page, /status of 401/);
  await expect(page.getByRole('dialog', { name: 'Your session has ended' })).toBeVisible();
  const status = await page.evaluate(
    async () => (await fetch('/api/index/accounts?limit=5')).status,
  );
  expect(status).toBe(401);
});

test('Settings opens on People, and each section has an address of its own', async ({ page }) => {
  await signInAs(page, 'Ada Admin');
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings\/people$/);
  const sections = page.getByRole('navigation', { name: 'Settings sections' });
  await expect(sections.getByRole('link', { name: 'People' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await sections.getByRole('link', { name: 'Approvals' }).click();
  await expect(page).toHaveURL(/\/settings\/approvals$/);
  await expect(page.getByRole('heading', { name: 'Approval policies' })).toBeVisible();
  // Only what the section holds: not the people, not single sign-on.
  await expect(page.getByRole('heading', { name: 'People' })).toHaveCount(0);
  await expect(page).toHaveTitle('Approvals · Settings · Partner Payments');
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'People' })).toBeVisible();
  await checkA11y(page);
});
