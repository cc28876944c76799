import {
  allowConsoleError,
  checkA11y,
  expect,
  fillMerchant,
  merchantNamed,
  SEEDED,
  signInAs,
  signInToDemo,
  test,
} from './fixtures';

test('signs in to the demo sandbox in one click, and the header marks the sandbox', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in\?redirect=/);
  await checkA11y(page);
  await expect(page.getByText('Sandbox demo', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in as Fatima Finance' }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByLabel('Environment: sandbox')).toBeVisible();
  await checkA11y(page);
});

test('returns to the page asked for after signing in', async ({ page }) => {
  await page.goto('/currencies');
  await page.getByRole('button', { name: 'Sign in as Vera Viewer' }).click();
  await expect(page.getByRole('heading', { name: 'Currencies' })).toBeVisible();
  await expect(page).toHaveURL(/\/currencies$/);
});

test('signs in with email and password, and refuses a wrong password on its field', async ({
  page,
  dashboard,
}) => {
  allowConsoleError(page, /status of 401/);
  const { password } = await dashboard.workspace.createUser({
    email: 'grace@partner.example',
    name: 'Grace Hopper',
    roles: ['finance'],
  });
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill('grace@partner.example');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Password does not match the email address')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByText('Grace Hopper · Finance')).toBeVisible();
});

test('never lets the API secret reach the browser', async ({ page, context, dashboard }) => {
  const bodies: string[] = [];
  page.on('response', async (response) => {
    try {
      bodies.push(
        `${response.url()} ${JSON.stringify(await response.allHeaders())} ${await response.text()}`,
      );
    } catch {
      // Redirects and aborted requests have no body.
    }
  });
  await signInToDemo(page);
  for (const path of [
    '/merchants',
    `/merchants/${merchantNamed(dashboard, SEEDED.lumen)}`,
    '/payout-accounts',
    '/currencies',
    '/sandbox',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  const secret = dashboard.demo.apiSecret;
  expect(bodies.length).toBeGreaterThan(10);
  for (const body of bodies) expect(body).not.toContain(secret);
  const cookies = await context.cookies();
  expect(JSON.stringify(cookies)).not.toContain(secret);
  expect(cookies.find((c) => c.name === 'session')).toMatchObject({
    httpOnly: true,
    sameSite: 'Strict',
  });
  const storage = await page.evaluate(() =>
    JSON.stringify({
      local: { ...localStorage },
      session: { ...sessionStorage },
      cookie: document.cookie,
      html: document.documentElement.outerHTML,
    }),
  );
  expect(storage).not.toContain(secret);
  expect(storage).not.toContain('session=');
});

test('after signing out, the browser can no longer reach the API', async ({ page }) => {
  allowConsoleError(page, /status of 401/);
  await signInToDemo(page);
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  const status = await page.evaluate(async () => (await fetch('/api/v1/business/')).status);
  expect(status).toBe(401);
  await page.goto('/merchants');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fmerchants/);
});

test('when the session ends mid-form, signing in again in place keeps what was typed', async ({
  page,
}) => {
  allowConsoleError(page, /status of 401/);
  await signInAs(page);
  await page.goto('/merchants/new');
  await fillMerchant(page, 'Half-typed Holdings Ltd');
  // The session ends elsewhere (another tab signs out): the page hears of it on its live
  // stream within a second and asks to sign in again, over the form.
  await page.evaluate(() =>
    fetch('/api/session', { method: 'DELETE', headers: { 'x-requested-with': 'dashboard' } }),
  );
  const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
  await expect(dialog).toBeVisible();
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Sign in as Omar Operations' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Legal name', exact: true })).toHaveValue(
    'Half-typed Holdings Ltd',
  );
  await expect(page).toHaveURL(/\/merchants\/new$/);
  await page.getByRole('button', { name: 'Create merchant' }).click();
  await expect(page.getByRole('heading', { name: 'Half-typed Holdings Ltd' })).toBeVisible();
});
