// Chosen faults from the sandbox tools (docs/decisions/023): an operation's next requests answer
// 503 with Retry-After for the partner's client, the shell says a fault is on, and it goes off.
import {
  accountWithIban,
  allowConsoleError,
  checkA11y,
  CSRF,
  expect,
  SEEDED,
  signInAs,
  test,
} from './fixtures';

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
    page
      .getByRole('status', { name: 'Sandbox notice' })
      .getByText(/Fault on getMerchant: 503, Retry-After 5 s, for the next 3 requests/),
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

test('a fault and held moves show in everyone’s header, with who and until when', async ({
  page,
  dashboard,
}) => {
  allowConsoleError(page, /status of 503/);
  await signInAs(page, 'Theo Tester');
  const fault = await page.request.post('/api/v1/sandbox/faults/', {
    headers: CSRF,
    // Enough that the page's own reads (drawn, then retried in the browser) leave some.
    data: { operationId: 'getPayoutAccount', kind: 'unavailable', count: 20 },
  });
  expect(fault.ok()).toBe(true);
  const hold = await page.request.post('/api/v1/sandbox/moves/hold', { headers: CSRF });
  expect(hold.ok()).toBe(true);

  // Someone else, who never opened the sandbox tools.
  await signInAs(page, 'Fatima Finance');
  await page.goto(`/payout-accounts/${accountWithIban(dashboard, SEEDED.lumenIban)}`);
  const notice = page.getByRole('status', { name: 'Sandbox notice' });
  // The page's own reads of the account use some of them.
  await expect(notice.getByTestId('fault-notice')).toHaveText(
    /^Fault on getPayoutAccount: 503, Retry-After 5 s, for the next (\d+ requests|request), switched on by Theo Tester\.$/,
  );
  await expect(notice.getByTestId('hold-notice')).toHaveText(
    /^Automatic moves held by Theo Tester since .+, until released: quotes, settlements and KYC reviews wait\.$/,
  );
  await expect(page.getByRole('link', { name: 'Fault on: getPayoutAccount' })).toBeVisible();
  await checkA11y(page);
});
