// Chosen faults from the sandbox tools (docs/decisions/023): an operation's next requests answer
// 503 with Retry-After for the partner's client, the shell says a fault is on, and it goes off.
import { expect, signInAs, test } from './fixtures';

test('a fault switched on for one operation answers the client 503 with Retry-After, until switched off', async ({
  page,
  dashboard,
}) => {
  await signInAs(page);
  await page.goto('/sandbox');
  const form = page.getByRole('form', { name: 'Switch a fault on' });
  await form.getByRole('combobox', { name: 'Operation' }).fill('getMerchant');
  await page.getByRole('option', { name: /^getMerchant ·/ }).click();
  await form.getByRole('textbox', { name: 'Requests' }).fill('3');
  await form.getByRole('button', { name: 'Switch on' }).click();
  const table = page.getByRole('table', { name: 'Faults on' });
  await expect(table.getByRole('row', { name: /getMerchant.*503.*3 requests/ })).toBeVisible();
  await expect(
    page.getByRole('link', { name: /Fault on: getMerchant: 503, Retry-After 5 s/ }),
  ).toBeVisible();

  // The partner's own client, with its credentials.
  const client = (path: string) =>
    fetch(`${dashboard.url}/sandbox${path}`, {
      headers: { 'x-api-key': dashboard.demo.apiKey, 'x-api-secret': dashboard.demo.apiSecret },
    });
  const failed = await client('/v1/business/1');
  expect(failed.status).toBe(503);
  expect(failed.headers.get('retry-after')).toBe('5');
  expect(await failed.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  expect((await client('/v1/business/')).status).toBe(200);
  await expect(table.getByRole('row', { name: /getMerchant.*2 requests/ })).toBeVisible();

  await table.getByRole('button', { name: 'Switch off the fault on getMerchant' }).click();
  await expect(page.getByText('No fault is on: every request is answered as usual.')).toBeVisible();
  await expect(page.getByRole('link', { name: /Fault on/ })).toHaveCount(0);
  expect((await client('/v1/business/1')).status).toBe(200);
});
