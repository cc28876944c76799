import type { Page } from '@playwright/test';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPartner } from '../src/sandbox/domain/partners';
import {
  checkA11y,
  CSRF,
  choose,
  expect,
  merchantNamed,
  SEEDED,
  signInAs,
  signInToDemo,
  test,
  transactionWhere,
} from './fixtures';

/** A receiver of webhooks on a free port: what it was sent, its URL, and a way to stop it. */
async function webhookReceiver() {
  const received: string[] = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push(body);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  return { received, url, close: () => receiver.close() };
}

/** Signs in, opens the sandbox tools and adds the endpoint `url`. */
async function addEndpoint(page: Page, url: string) {
  await signInAs(page);
  await page.goto('/sandbox');
  await page.getByRole('textbox', { name: 'Endpoint URL' }).fill(url);
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(page.getByText('Endpoint added: copy its signing secret now')).toBeVisible();
  return page.getByRole('table', { name: 'Webhook endpoints' });
}

test('adds a webhook endpoint: a bad URL is refused, the secret shown once', async ({ page }) => {
  const receiver = await webhookReceiver();
  try {
    const endpoints = await addEndpoint(page, receiver.url);
    await expect(page.getByText(/^whsec_[0-9a-f]{48}$/)).toBeVisible();
    const added = endpoints.getByRole('row').filter({ hasText: receiver.url });
    await expect(added.getByText(/^whsec_…[0-9a-f]{4}$/)).toBeVisible();
    // The dashboard's own endpoint is there too, and says what it is for.
    await expect(endpoints.getByText(/This dashboard: keeps its search/)).toBeVisible();
    await checkA11y(page);
    await page.getByRole('textbox', { name: 'Endpoint URL' }).fill('ftp://nope');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByText('URL must be an http or https URL')).toBeVisible();
  } finally {
    receiver.close();
  }
});

test('a status change reaches the endpoint; the event log resends it and shows each attempt', async ({
  page,
  dashboard,
}) => {
  const sakura = `Merchant #${merchantNamed(dashboard, SEEDED.sakura)}`;
  const receiver = await webhookReceiver();
  const { received, url } = receiver;
  try {
    await addEndpoint(page, url);
    await choose(page, 'Merchant', /Sakura Precision Parts/);
    await choose(page, 'KYC status', 'Action needed');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Status applied' })).toBeVisible();
    // The demo's transactions in flight may settle meanwhile: their events arrive too.
    const kycEvents = () =>
      received.filter((body) => JSON.parse(body).type === 'merchant.kyc_status.changed');
    await expect.poll(() => kycEvents().length).toBe(1);
    expect(JSON.parse(kycEvents()[0]!)).toMatchObject({
      type: 'merchant.kyc_status.changed',
      data: { kycStatus: 'ACTION_NEEDED' },
    });

    const log = page.getByRole('table', { name: 'Event log' });
    const row = log.getByRole('row').filter({ hasText: sakura }).first();
    // To both endpoints: the one added here and the dashboard's own.
    await expect(row.getByText('Delivered to all 2 endpoints')).toBeVisible();
    await expect(row.getByText('2 attempts in all')).toBeVisible();
    await row.getByRole('button', { name: /Resend event/ }).click();
    await expect.poll(() => kycEvents().length).toBe(2);
    await expect(row.getByText('4 attempts in all')).toBeVisible();
    await expect(row.getByText('Delivered to all 2 endpoints')).toBeVisible();
    await row.getByRole('button', { name: /^#\d+$/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Event #\d+$/ });
    // Per endpoint: delivered, and both attempts with their answer and time taken.
    const attempts = dialog.getByRole('table', { name: new RegExp(`to ${url}$`) });
    await expect(attempts.getByRole('row')).toHaveCount(3);
    await expect(attempts.getByText('HTTP 200').first()).toBeVisible();
    await expect(attempts.getByText(/^\d+ ms$/).first()).toBeVisible();
    await checkA11y(page);
  } finally {
    receiver.close();
  }
});

test('a second endpoint keeps the first one’s secret on screen; a lost secret is replaced', async ({
  page,
}) => {
  const first = await webhookReceiver();
  const second = await webhookReceiver();
  try {
    const endpoints = await addEndpoint(page, first.url);
    await page.getByRole('textbox', { name: 'Endpoint URL' }).fill(second.url);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    // Both secrets, each under its own notice.
    await expect(page.getByText('Endpoint added: copy its signing secret now')).toHaveCount(2);
    await expect(page.getByText(/^whsec_[0-9a-f]{48}$/)).toHaveCount(2);
    await page.getByRole('button', { name: `Dismiss the secret of ${first.url}` }).click();
    await page.getByRole('button', { name: `Dismiss the secret of ${second.url}` }).click();
    await expect(page.getByText(/^whsec_[0-9a-f]{48}$/)).toHaveCount(0);

    const row = endpoints.getByRole('row').filter({ hasText: first.url });
    const masked = (await row.getByText(/^whsec_…[0-9a-f]{4}$/).textContent())!;
    await page.getByRole('button', { name: `New secret for ${first.url}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Give this endpoint a new secret?' });
    await checkA11y(page);
    await confirm.getByRole('button', { name: 'New secret' }).click();
    await expect(page.getByText(`New secret for ${first.url}: copy it now`)).toBeVisible();
    const secret = (await page.getByText(/^whsec_[0-9a-f]{48}$/).textContent())!;
    await expect(row.getByText(`whsec_…${secret.slice(-4)}`)).toBeVisible();
    expect(secret.slice(-4)).not.toBe(masked.slice(-4));
  } finally {
    first.close();
    second.close();
  }
});

test('deleting a webhook endpoint asks first', async ({ page }) => {
  const receiver = await webhookReceiver();
  const { url } = receiver;
  try {
    const endpoints = await addEndpoint(page, url);
    // "Keep it" keeps it, "Delete endpoint" deletes it.
    await page.getByRole('button', { name: `Delete endpoint ${url}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this endpoint?' });
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await expect(endpoints.getByText(url)).toBeVisible();
    await page.getByRole('button', { name: `Delete endpoint ${url}` }).click();
    await checkA11y(page);
    await confirm.getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(endpoints.getByText(url)).toHaveCount(0);
  } finally {
    receiver.close();
  }
});

test('an endpoint that fails says so per endpoint, with its answer; a test event shows it at once', async ({
  page,
  dashboard,
}) => {
  const sakura = `Merchant #${merchantNamed(dashboard, SEEDED.sakura)}`;
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(503).end('down for maintenance'));
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/failing`;
  try {
    await signInAs(page);
    await page.goto('/sandbox');
    await page.getByRole('textbox', { name: 'Endpoint URL' }).fill(url);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByText('Endpoint added: copy its signing secret now')).toBeVisible();

    await page.getByRole('button', { name: `Send a test event to ${url}` }).click();
    const result = page
      .getByRole('status')
      .filter({ hasText: 'Test event (webhook.test) not delivered' });
    await expect(result).toContainText('HTTP 503');
    await expect(result).toContainText('down for maintenance');
    // In the endpoint's own row, next to the button that sent it: on screen, not below the fold.
    await expect(
      page
        .getByRole('table', { name: 'Webhook endpoints' })
        .getByRole('row')
        .filter({ has: result }),
    ).toContainText(url);
    await expect(result).toBeInViewport();
    // A test event of any type, about a record.
    await choose(page, 'Test event', 'merchant.kyc_status.changed');
    await page.getByRole('button', { name: `Send a test event to ${url}` }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Test event (merchant.kyc_status.changed) not delivered' }),
    ).toContainText('HTTP 503');

    await choose(page, 'Merchant', /Sakura Precision Parts/);
    await choose(page, 'KYC status', 'Action needed');
    await page.getByRole('button', { name: 'Apply' }).click();
    const row = page
      .getByRole('table', { name: 'Event log' })
      .getByRole('row')
      .filter({ hasText: sakura })
      .first();
    // Delivered to the dashboard's own endpoint, retrying for this one: never a green "delivered".
    await expect(row.getByText('Retrying for 1 of 2 endpoints')).toBeVisible();
    await row.getByRole('button', { name: /^#\d+$/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Event #\d+$/ });
    const failing = dialog.getByTestId(/^delivery-/).filter({ hasText: url });
    await expect(failing.getByText('Retrying')).toBeVisible();
    await expect(failing.getByText(/next attempt/)).toBeVisible();
    await expect(failing.getByText('HTTP 503').first()).toBeVisible();
    await expect(failing.getByText('down for maintenance').first()).toBeVisible();
    await expect(
      dialog
        .getByTestId(/^delivery-/)
        .filter({ hasNotText: url })
        .getByText('Delivered'),
    ).toBeVisible();
    await checkA11y(page);
  } finally {
    receiver.close();
  }
});

test('the overview lists what waits for approval and the merchants needing action', async ({
  page,
  dashboard,
}) => {
  const quotedPayout = `Payout #${transactionWhere(dashboard, SEEDED.quotedPayout)}`;
  const quotedCollection = `Collection #${transactionWhere(dashboard, SEEDED.quotedCollection)}`;
  const payoutDeposit = `Payout #${transactionWhere(dashboard, SEEDED.payoutAwaitingDeposit)}`;
  const collectionDeposit = `Collection #${transactionWhere(dashboard, SEEDED.collectionAwaitingDeposit)}`;
  await signInToDemo(page);
  // Omar cannot approve: the queues say they wait for an approver, not for him.
  const quotes = page
    .getByRole('heading', { name: 'Quotes waiting for an approver' })
    .locator('../..');
  await expect(quotes.getByRole('link', { name: quotedPayout })).toBeVisible();
  await expect(quotes.getByRole('link', { name: quotedCollection })).toBeVisible();
  // The payout's quote was given days ago: past the day a quote may be approved in. A
  // collection's quote is priced when it is approved, so it never expires while it waits.
  const line = (name: string) => quotes.getByRole('listitem').filter({ hasText: name });
  await expect(line(quotedPayout)).toContainText('quote expired');
  // The time beside each says what it is: not the creation date a list shows.
  await expect(line(quotedPayout)).toContainText('waiting since');
  await expect(line(quotedCollection)).not.toContainText('quote expired');
  const deposits = page
    .getByRole('heading', { name: 'Deposits waiting for an approver' })
    .locator('../..');
  await expect(deposits.getByRole('link', { name: payoutDeposit })).toBeVisible();
  await expect(deposits.getByRole('link', { name: collectionDeposit })).toBeVisible();
  const merchants = page
    .getByRole('heading', { name: 'Merchants needing action' })
    .locator('../..');
  await expect(
    merchants.getByRole('link', { name: 'Costa Verde Coffee Exporters SA' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: quotedCollection }).last()).toBeVisible();
  await deposits.getByRole('link', { name: payoutDeposit }).click();
  await expect(page.getByRole('heading', { name: payoutDeposit })).toBeVisible();
  // Each step of the timeline opens its event.
  await page
    .getByRole('button', { name: /^Event #\d+$/ })
    .first()
    .click();
  await expect(
    page.getByRole('dialog', { name: /^Event #\d+$/ }).getByText('Deliveries', { exact: true }),
  ).toBeVisible();
});

test('a partner without VALID merchants or ACTIVE accounts is told why it cannot create a transaction', async ({
  page,
  dashboard,
}) => {
  // An admin sets the workspace up for a partner that has nothing yet, through the settings'
  // endpoint: the server forgets the old credentials (and the old partner's index) at once.
  const partner = createPartner(dashboard.store, 'New partner', Date.now());
  await signInAs(page, 'Ada Admin');
  const set = await page.request.put('/api/admin/credentials/sandbox', {
    headers: CSRF,
    data: { apiKey: partner.apiKey, apiSecret: partner.apiSecret },
  });
  expect(set.status(), await set.text()).toBe(200);
  await signInAs(page);
  await page.goto('/transactions/end-to-end/new');
  await expect(page.getByText('No merchant can send yet')).toBeVisible();
  await expect(page.getByText('No payout account can receive yet')).toBeVisible();
  await checkA11y(page);
  await page.goto('/transactions/end-to-end?from=2020-01-01&to=2020-01-31');
  await expect(page.getByText('No transactions match')).toBeVisible();
  await expect(
    page
      .getByRole('textbox', { name: 'Created between' })
      .or(page.getByRole('button', { name: /Created between/ }))
      .first(),
  ).toBeVisible();
});

test('a merchant’s page lists its latest transactions and links to the filtered lists', async ({
  page,
  dashboard,
}) => {
  await signInToDemo(page);
  const lumen = merchantNamed(dashboard, SEEDED.lumen);
  const newest = transactionWhere(dashboard, SEEDED.pendingPayout);
  await page.goto(`/merchants/${lumen}`);
  const section = page.getByRole('heading', { name: 'Transactions' }).locator('../..');
  await expect(section.getByRole('link', { name: `Payout #${newest}` })).toBeVisible();
  await section.getByRole('link', { name: 'All payouts' }).click();
  await expect(page).toHaveURL(new RegExp(`/transactions/payouts\\?businessId=${lumen}(&|$)`));
  // Every payout the merchant sent or received, as the API lists them, and a header row.
  const sent = (
    await (await page.request.get(`/api/v1/sendc2f/?businessId=${lumen}&limit=100`)).json()
  ).results.length;
  await expect(page.getByRole('table', { name: 'Payouts' }).getByRole('row')).toHaveCount(sent + 1);
});
