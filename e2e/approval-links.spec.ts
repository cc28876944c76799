// Approving from the mail on a phone (docs/decisions/087): the mail that says a payout waits is
// read from the test's SMTP server; its link opens a page of its own at 390 px that shows what
// moves, takes the authenticator's code and approves, without signing anyone in.
import type { Page } from '@playwright/test';
import {
  type Dashboard,
  callDashboard,
  checkA11y,
  CSRF,
  expect,
  quotedPayout,
  signInAs,
  test,
} from './fixtures';

test.use({ smtp: true });

/** Sam, an approver with an authenticator app: the secret of their app. */
async function enrolledApprover(page: Page, dashboard: Dashboard) {
  const { Secret } = await import('otpauth');
  const { password } = await dashboard.workspace.createUser({
    email: 'sam@partner.example',
    name: 'Sam Secure',
    roles: ['approver'],
  });
  await page.context().clearCookies();
  const signIn = await page.request.post('/api/session', {
    headers: CSRF,
    data: { email: 'sam@partner.example', password },
  });
  expect(signIn.ok()).toBe(true);
  const begun = (await callDashboard(page, 'POST', '/account/totp')).json;
  const secret = Secret.fromBase32(begun.secret as string);
  const { TOTP } = await import('otpauth');
  const confirmed = await callDashboard(page, 'POST', '/account/totp/confirm', {
    code: new TOTP({ secret }).generate(),
  });
  expect(confirmed.status).toBe(200);
  return secret;
}

test('an approver on a phone approves a payout from the mail, with their code', async ({
  page,
  dashboard,
}) => {
  const { TOTP } = await import('otpauth');
  const secret = await enrolledApprover(page, dashboard);
  await signInAs(page, 'Fatima Finance');
  const id = await quotedPayout(page, dashboard, '1250.00');
  // The phone has no session of the dashboard: only the mail.
  await page.context().clearCookies();
  let link = '';
  await expect
    .poll(() => {
      const mail = dashboard.received!.find(
        (m) => m.to.includes('sam@partner.example') && m.subject.includes(`#${id} `),
      );
      link = /Review and approve: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
      return link;
    })
    .not.toBe('');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(link, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: `Quote approval: Payout #${id}` })).toBeVisible();
  const facts = page.getByRole('definition');
  await expect(facts.filter({ hasText: '1,250.00 EUR' })).toBeVisible();
  await expect(facts.filter({ hasText: 'Fatima Finance' })).toBeVisible();
  await expect(facts.filter({ hasText: /^1 USDT\(TRC20\) = [\d.]+ EUR/ })).toBeVisible();
  await expect(page.getByText(/Anatolia/).first()).toBeVisible();
  // Nothing is cut off or pushed sideways on the phone.
  // Once the layout has settled from the resize (the navigation folds away).
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(390);
  await checkA11y(page);

  // A code from the next period: the one that confirmed the enrolment is spent.
  await page
    .getByRole('textbox', { name: 'Code from your authenticator app' })
    .first()
    .fill(new TOTP({ secret }).generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Approve 1,250.00 EUR' }).click();
  await expect(page.getByRole('heading', { name: 'Approved' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`You approved the quote of Payout #${id}`);
  // No session was opened: the dashboard still asks for a sign-in.
  expect((await page.context().cookies()).length).toBe(0);
  await signInAs(page, 'Fatima Finance');
  await expect
    .poll(async () => (await callDashboard(page, 'GET', `/v1/sendc2f/${id}`)).json.clientStatus)
    .toBe('OnOff_AWAITING_DEPOSIT');
});
