// A dashboard server that also reaches a live environment (another sandbox stands in for it):
// no demo workspace, an admin stores the live credentials once, people switch environments from
// the header, and nobody has sandbox tools in live.
import {
  allowConsoleError,
  checkA11y,
  CSRF,
  expect,
  merchantNamed,
  SEEDED,
  signInWithPassword,
  test,
} from './fixtures';

test.use({ liveEnvironment: true });

test('an admin stores the live credentials, then switches to live from the header', async ({
  page,
  dashboard,
}) => {
  const { password } = await dashboard.workspace.createUser({
    email: 'lead@partner.example',
    name: 'Lena Lead',
    roles: ['admin', 'tester'],
  });
  await signInWithPassword(page, 'lead@partner.example', password);
  await expect(page.getByLabel('Environment: sandbox')).toBeVisible();
  await page.getByRole('link', { name: 'Settings' }).click();
  await page
    .getByRole('navigation', { name: 'Settings sections' })
    .getByRole('link', { name: 'API credentials' })
    .click();
  const form = page.getByRole('form', { name: 'Live API credentials' });
  await form.getByLabel('API key').fill(dashboard.live!.apiKey);
  await form.getByLabel('API secret').fill(dashboard.live!.apiSecret);
  await form.getByRole('button', { name: 'Check and save' }).click();
  await expect(page.getByText('The Live API accepted them')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Stored credentials' })).toContainText('live');

  const switcher = page.getByRole('radiogroup', { name: 'Switch environment' });
  await switcher.getByText('Live').click();
  await expect(page.getByLabel('Environment: live')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sandbox tools' })).toHaveCount(0);
  // What is on screen is live's now, not the sandbox's seeded records.
  await expect(page.getByText('Costa Verde Coffee Exporters SA')).toHaveCount(0);
  await checkA11y(page);
});

test('nobody has sandbox tools in live: not in the navigation, the page or the API', async ({
  page,
  dashboard,
}) => {
  allowConsoleError(page, /status of 403/);
  await dashboard.workspace.setCredentials('live', dashboard.live!, null);
  const { password } = await dashboard.workspace.createUser({
    email: 'qa@partner.example',
    name: 'Quinn QA',
    roles: ['tester', 'onboarding'],
  });
  await signInWithPassword(page, 'qa@partner.example', password);
  await expect(page.getByRole('link', { name: 'Sandbox tools' })).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Switch environment' }).getByText('Live').click();
  await expect(page.getByLabel('Environment: live')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sandbox tools' })).toHaveCount(0);
  // The tools' own address leads back to the overview.
  await page.goto('/sandbox');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  const refused = await page.request.post('/api/v1/webhook/', {
    headers: CSRF,
    data: { url: 'https://partner.example/hooks' },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'SANDBOX_ONLY' });
});

test('an outage of the API shows its error card, with nothing uncaught in the console', async ({
  page,
  dashboard,
}) => {
  // The browser itself reports the failed answers; anything else in the console fails the test.
  allowConsoleError(page, /Failed to load resource: the server responded with a status of 502/);
  await dashboard.workspace.setCredentials('live', dashboard.live!, null);
  const { password } = await dashboard.workspace.createUser({
    email: 'ops@partner.example',
    name: 'Olga Ops',
    roles: ['onboarding', 'finance'],
  });
  await signInWithPassword(page, 'ops@partner.example', password);
  await page.getByRole('radiogroup', { name: 'Switch environment' }).getByText('Live').click();
  await expect(page.getByLabel('Environment: live')).toBeVisible();
  await dashboard.stopLive!();
  await page.goto(`/merchants/${merchantNamed(dashboard, SEEDED.lumen)}`);
  await expect(page.getByRole('alert')).toContainText('The API could not be reached');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await checkA11y(page);
});
