// The sandbox's request log in the dashboard (docs/decisions/023): from an error's request id to
// the logged request, copied as curl and run again to the same answer; each record's requests.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { allowConsoleError, expect, merchantNamed, SEEDED, signInAs, test } from './fixtures';

test('a failed request’s id leads to its entry; copied as curl, it gets the same answer', async ({
  page,
  dashboard,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  allowConsoleError(page, /status of 404/);
  await signInAs(page);
  await page.goto('/merchants/424242');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const link = page.getByRole('link', { name: /in the request log/ });
  const requestId = (await link.textContent())!.trim();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/requests\\?requestId=${requestId}`));
  const entry = page.getByLabel(`Request ${requestId}`);
  await expect(
    entry.getByRole('heading', { name: /GET \/v1\/business\/424242 404/ }),
  ).toBeVisible();
  await expect(entry.getByLabel('Response body')).toContainText('"code": "NOT_FOUND"');

  await entry.getByRole('button', { name: 'Copy as curl' }).click();
  await expect(entry.getByRole('button', { name: 'Copied' })).toBeVisible();
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  expect(curl).toContain('$SANDBOX_API_SECRET');
  expect(curl).not.toContain(dashboard.demo.apiSecret);
  // Run as a partner would, with the credentials in the environment (asynchronously: the
  // dashboard server answers from this very process).
  const { stdout: output } = await promisify(execFile)(
    'sh',
    ['-c', `${curl} -s -w '\\n%{http_code}'`],
    {
      env: {
        PATH: process.env.PATH,
        SANDBOX_API_KEY: dashboard.demo.apiKey,
        SANDBOX_API_SECRET: dashboard.demo.apiSecret,
      },
    },
  );
  const [body, status] = output.split('\n');
  expect(status).toBe('404');
  const again = JSON.parse(body!) as { code: string; detail: string; requestId: string };
  expect(again).toMatchObject({ code: 'NOT_FOUND', detail: 'Merchant 424242 was not found.' });
  expect(again.requestId).not.toBe(requestId);
});

test('the log is searched by status, and a record’s page lists the requests that touched it', async ({
  page,
  dashboard,
}) => {
  const harbor = merchantNamed(dashboard, SEEDED.harbor);
  await signInAs(page);
  await page.goto(`/merchants/${harbor}`);
  // Its changes first (the page's own reads, every few seconds, would bury them); reads on ask.
  await expect(page.getByText('No request has changed it since the log began.')).toBeVisible();
  await page.getByText('Reads too').click();
  const card = page.getByRole('table', { name: 'API requests for this record' });
  await expect(card.getByText(`GET /v1/business/${harbor}`, { exact: true }).first()).toBeVisible();
  await page.goto('/requests');
  await expect(page.getByRole('heading', { name: 'API request log' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Path contains' }).fill(`/v1/business/${harbor}`);
  await page.getByRole('textbox', { name: 'Path contains' }).press('Enter');
  await expect(page).toHaveURL(/path=/);
  const rows = page.getByRole('table', { name: 'Logged requests' }).getByRole('row');
  await expect(rows.nth(1)).toContainText(`/v1/business/${harbor}`);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Refused (4xx)' }).click();
  await expect(page.getByText('No request matches.')).toBeVisible();
});
