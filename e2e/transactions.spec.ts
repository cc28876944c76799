import fs from 'node:fs';
import type { Page } from '@playwright/test';
import {
  allowConsoleError,
  checkA11y,
  choose,
  CSRF,
  type Dashboard,
  expect,
  merchantNamed,
  quotedPayout,
  SEEDED,
  signInAs,
  test,
  transactionWhere,
} from './fixtures';

test.use({ signedInAs: 'Omar Operations' });

/** Omar's payout of 2,500.50 EUR, quoted; Aiko Approver signed in (whoever made it may not approve it). */
async function payoutForAiko(page: Page, dashboard: Dashboard) {
  const id = await quotedPayout(page, dashboard, '2500.5');
  await signInAs(page, 'Aiko Approver');
  return id;
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** The transaction as the API has it, through the dashboard's own proxy. */
async function apiTransaction(page: Page, product: string, id: string) {
  const response = await page.request.get(`/api/v1/${product}/${id}`);
  expect(response.ok()).toBe(true);
  return response.json();
}

/** Every step's displayed time is the matching field of the transaction. */
async function expectTimelineTimes(page: Page, fields: Record<string, number | null>) {
  for (const [step, value] of Object.entries(fields)) {
    const cell = page.getByTestId(`time-${step}`);
    if (value === null) await expect(cell.locator('time')).toHaveCount(0);
    else
      await expect(cell.locator('time')).toHaveAttribute('datetime', new Date(value).toISOString());
  }
}

/** A completed transaction's timeline: each step at the time the API recorded it. */
async function expectCompletedTimeline(page: Page, t: Awaited<ReturnType<typeof apiTransaction>>) {
  await expectTimelineTimes(page, {
    created: t.creationTime,
    quoteApproved: t.quoteApprovedDate,
    depositApproved: t.depositApprovedDate,
    depositReceived: t.depositReceivedDate,
    completed: t.lastUpdateTime,
  });
}

test('switching the product on the pricing page never prices a pair it does not show', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/v1\/(sendc2f|sendf2f|receive)\/price/.test(r.url()))
      asked.push(`${r.url()} ${r.postData() ?? ''}`);
  });
  await page.goto('/pricing');
  await choose(page, 'Deposit currency', /^USDT\(TRC20\)/);
  await choose(page, 'Payout currency', /^EUR/);
  await page.getByRole('textbox', { name: 'Payout amount' }).fill('1000');
  await expect(page.getByText(/^1 USDT\(TRC20\) = /)).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Product' }).getByText('End to end').click();
  await expect(
    page.getByText('Choose both currencies and the amount to be paid out.'),
  ).toBeVisible();
  await choose(page, 'Deposit currency', /^USD/);
  await expect(page.getByText(/^1 USD = /)).toBeVisible();
  // Every price asked for was a pair on screen: no crypto deposit for an end to end transfer.
  expect(asked.some((call) => call.includes('sendf2f') && call.includes('"USD"'))).toBe(true);
  expect(asked.filter((call) => call.includes('sendf2f') && call.includes('USDT'))).toEqual([]);
  await expect(page.getByText('No quote for this')).toHaveCount(0);
});

test('quotes a payout on the pricing page and creates it from there', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Get a quote' }).first().click();
  await checkA11y(page);
  await choose(page, 'Deposit currency', /^USDT\(TRC20\)/);
  await choose(page, 'Payout currency', /^EUR/);
  await page.getByRole('textbox', { name: 'Payout amount' }).fill('2500.5');
  await expect(page.getByText('1 USDT(TRC20) = 0.9124423963 EUR')).toBeVisible();
  // The fee the rate includes, as money and as a markup on the reference rate.
  await expect(page.getByTestId('quote-fee')).toHaveText(
    'Fee included: 27.404470 USDT(TRC20), a 1.00% markup on the reference rate 0.9216589862',
  );
  await expect(page.getByText('2,740.446970')).toBeVisible();
  await page.getByRole('link', { name: 'Create transaction' }).click();

  await expect(page.getByRole('heading', { name: 'New payout' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Payout amount' })).toHaveValue('2500.5');
  await checkA11y(page);
  await choose(page, 'Sender', /Lumen Textiles GmbH/);
  await choose(page, 'Payout account', /Anatolia Cotton Mills/);
  await choose(page, 'Purpose', 'Supplier payment');
  await page.getByRole('button', { name: 'Create transaction' }).click();

  await expect(page.getByRole('heading', { name: /^Payout #\d+$/ })).toBeVisible();
  await expect(page.getByText('Awaiting quote approval').first()).toBeVisible();
  await checkA11y(page);
});

test('an approver approves the quote from its dialog, and the wallet to deposit to appears', async ({
  page,
  dashboard,
}) => {
  const id = await payoutForAiko(page, dashboard);
  await page.goto(`/transactions/payouts/${id}`);
  await page.getByRole('button', { name: 'Approve quote' }).click();
  const quoteDialog = page.getByRole('dialog', { name: `Approve the quote of #${id}?` });
  await expect(quoteDialog.getByText('2,500.50')).toBeVisible();
  await expect(quoteDialog.getByText('2,740.446970')).toBeVisible();
  await expect(quoteDialog.getByText('1 USDT(TRC20) = 0.9124423963 EUR')).toBeVisible();
  await checkA11y(page);
  await quoteDialog.getByRole('button', { name: 'Approve quote' }).click();
  await expect(quoteDialog).toBeHidden();

  const address = page.getByRole('heading', { name: 'Deposit to this wallet' }).locator('..');
  await expect(address.getByText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/)).toBeVisible();
  await expect(address.getByRole('img', { name: /QR code of the wallet address/ })).toBeVisible();
  await expect(address.getByRole('button', { name: 'Copy wallet address' })).toBeVisible();
});

test('the deposit approved, the payout page follows it to completed and its receipt', async ({
  page,
  dashboard,
}) => {
  const id = await payoutForAiko(page, dashboard);
  const approved = await page.request.post(`/api/v1/sendc2f/approveQuote/${id}`, {
    headers: CSRF,
  });
  expect(approved.ok()).toBe(true);
  await page.goto(`/transactions/payouts/${id}`);
  await page.getByRole('button', { name: 'Approve deposit' }).click();
  const depositDialog = page.getByRole('dialog', { name: `Approve the deposit of #${id}?` });
  await depositDialog.getByRole('button', { name: 'Approve deposit' }).click();
  await expect(page.getByText('In progress').first()).toBeVisible();
  // No reload: the page looks again by itself until the transaction is final.
  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByTestId('time-completed').locator('time')).toBeVisible();

  const t = await apiTransaction(page, 'sendc2f', id);
  expect(t).toMatchObject({
    clientStatus: 'OnOff_COMPLETED',
    toAmount: '2500.50',
    fromAmount: '2740.446970',
    payout: '2500.50',
  });
  await expectCompletedTimeline(page, t);
  await expect(page.getByRole('heading', { name: 'Paid out', level: 2 })).toBeVisible();

  await page.getByRole('link', { name: 'Open confirmation' }).click();
  await expect(page.getByRole('heading', { name: 'Payout confirmation' })).toBeVisible();
  await expect(page.getByText('2,500.50')).toBeVisible();
  await expect(page.getByText('Anatolia Cotton Mills A.Ş.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await checkA11y(page);
});

test('a collection, approved with the deposit confirmation uploaded', async ({
  page,
  dashboard,
}) => {
  await page.goto('/transactions/collections/new');
  await choose(page, 'Sender', /Harbor & Pine Trading Ltd/);
  await choose(page, 'Payout account', /Harbor & Pine Trading Ltd · GBP/);
  await choose(page, 'Deposit currency', /^EUR/);
  await page.getByRole('textbox', { name: 'Payout amount' }).fill('1200');
  await choose(page, 'Purpose', 'Goods purchase');
  await page
    .getByRole('form', { name: 'New transaction' })
    .locator('input[type="file"]')
    .setInputFiles({ name: 'invoice-7781.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: 'Create transaction' }).click();
  await expect(page.getByRole('heading', { name: /^Collection #\d+$/ })).toBeVisible();
  const id = page.url().split('/').pop()!;

  await signInAs(page, 'Aiko Approver');
  await page.goto(`/transactions/collections/${id}`);
  await page.getByRole('button', { name: 'Approve quote' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve quote' }).click();
  const bank = page.getByRole('heading', { name: 'Deposit to this bank account' }).locator('..');
  await expect(bank.getByText('DE75512108001245126199')).toBeVisible();
  await expect(bank.getByRole('button', { name: 'Copy payment reference' })).toBeVisible();

  await page.getByRole('button', { name: 'Approve deposit' }).click();
  const dialog = page.getByRole('dialog', { name: `Approve the deposit of #${id}?` });
  const approve = dialog.getByRole('button', { name: 'Approve deposit' });
  await expect(approve).toBeDisabled();
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'bank-confirmation.pdf', mimeType: 'application/pdf', buffer: PDF });
  await approve.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible({
    timeout: 15_000,
  });

  const stored = dashboard.store.db
    .prepare('SELECT deposit_confirmation_url AS url FROM txn WHERE id = ?')
    .get(Number(id)) as { url: string };
  expect(stored.url).toMatch(/\/sandbox\/v1\/file\/\d+$/);
  // Both files stay linked from the transaction, by name, and open.
  const documents = page.getByRole('heading', { name: 'Documents' }).locator('..');
  const invoice = documents.getByRole('link', { name: 'Invoice: invoice-7781.pdf' });
  await expect(invoice).toBeVisible();
  await expect(
    documents.getByRole('link', { name: 'Deposit confirmation: bank-confirmation.pdf' }),
  ).toBeVisible();
  const file = await page.request.get((await invoice.getAttribute('href'))!);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect(Buffer.from(await file.body()).equals(PDF)).toBe(true);
  await checkA11y(page);
  const t = await apiTransaction(page, 'receive', id);
  await expectCompletedTimeline(page, t);
});

test('cancels an end to end transfer with a reason', async ({ page, dashboard }) => {
  const id = transactionWhere(dashboard, SEEDED.awaitingDeposit);
  await page.goto(`/transactions/end-to-end/${id}`);
  await expect(page.getByText('Awaiting deposit').first()).toBeVisible();
  await page.getByRole('button', { name: 'Cancel transaction' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel #${id}?` });
  await expect(dialog.getByText('31,000.00')).toBeVisible();
  await choose(page, 'Reason', 'Other');
  await expect(dialog.getByRole('button', { name: 'Cancel transaction' })).toBeDisabled();
  await dialog
    .getByRole('textbox', { name: 'What happened' })
    .fill('The supplier changed its bank');
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Cancel transaction' }).click();
  await expect(dialog).toBeHidden();
  // What happened, in place of the actions, with the reason in the person's own words; focus
  // lands on it.
  const outcome = page.getByRole('heading', { name: 'Cancelled', level: 2 });
  await expect(outcome).toBeFocused();
  await expect(page.getByTestId('cancel-reason')).toHaveText(
    'Reason: Other — “The supplier changed its bank”',
  );
  await expect(
    page.getByLabel('Timeline').getByText(/The supplier changed its bank/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Approve|Cancel transaction/ })).toHaveCount(0);
  await checkA11y(page);
  const t = await apiTransaction(page, 'sendf2f', String(id));
  expect(t).toMatchObject({ clientStatus: 'OnOff_CANCELED', cancelReason: 'OTHER' });
  await expectTimelineTimes(page, {
    created: t.creationTime,
    quoteApproved: t.quoteApprovedDate,
    cancelled: t.lastUpdateTime,
  });
});

test('a completed transaction says what happened instead of offering actions', async ({
  page,
  dashboard,
}) => {
  await page.goto(`/transactions/payouts/${transactionWhere(dashboard, SEEDED.completedPayout)}`);
  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Paid out', level: 2 })).toBeVisible();
  await expect(page.getByText(/paid out on .*Nothing more to do\./)).toBeVisible();
  await expect(page.getByRole('button', { name: /Approve|Cancel transaction/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Open confirmation' })).toBeVisible();
  // One event per step: the deposit's approval and its receipt are one event, linked once.
  const events = await page.getByRole('button', { name: /^Event #\d+$/ }).allTextContents();
  expect(new Set(events).size).toBe(events.length);
  await checkA11y(page);
});

test('before its quote, a collection shows the same deposit on the page and in the dialog', async ({
  page,
}) => {
  await signInAs(page, 'Aiko Approver');
  const all = (await (await page.request.get('/api/v1/receive/?limit=100')).json()).results as {
    businessRequestId: number;
    fromAmount: string | null;
    quoteApprovedDate: number | null;
    clientStatus: string;
  }[];
  const waiting = all.find(
    (t) => t.clientStatus === 'Receive_PENDING' && t.quoteApprovedDate === null && !t.fromAmount,
  )!;
  const id = waiting.businessRequestId;
  await page.goto(`/transactions/collections/${id}`);
  const summary = page.getByRole('heading', { name: 'Amounts and parties' }).locator('../..');
  const note = summary.getByText(/at today.s rate, fixed by the quote/);
  await expect(note).toBeVisible();
  const onPage = (await note.locator('..').textContent())!.replace(/at today.s rate.*$/, '');
  await page.getByRole('button', { name: 'Approve quote' }).click();
  const dialog = page.getByRole('dialog', { name: `Approve the quote of #${id}?` });
  await expect(dialog.getByText('this amount for this collection.')).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'What you approve' })).toContainText(
    onPage.trim(),
  );
  await checkA11y(page);
});

test('exports a filtered list to CSV, every row as the API has it', async ({ page }) => {
  await page.goto('/transactions/payouts?businessId=1');
  await checkA11y(page);
  const api = (await (await page.request.get('/api/v1/sendc2f/?businessId=1&limit=100')).json())
    .results;
  const rows = page.getByRole('table', { name: 'Payouts' }).getByRole('row');
  await expect(rows).toHaveCount(api.length + 1);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  await expect(page.getByText(`Saved ${api.length} transactions to`)).toBeVisible();
  const csv = fs
    .readFileSync((await download.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  const header = csv[0]!.split(',');
  // One column per fact, in words.
  expect(header.slice(0, 3)).toEqual(['Transaction', 'Product', 'Status']);
  expect(csv).toHaveLength(api.length + 1);
  for (const [i, line] of csv.slice(1).entries()) {
    const cells = line.split(',');
    const row = Object.fromEntries(header.map((h, j) => [h, cells[j]]));
    const t = api[i];
    expect(row.Transaction).toBe(String(t.businessRequestId));
    expect(row['Payout amount']).toBe(t.toAmount);
    expect(row['Deposit amount']).toBe(t.fromAmount ?? '');
    expect(row['Paid out']).toBe(t.payout ?? '');
    expect(row['Merchant id']).toBe(String(t.fromBusinessId));
    expect(row.Product).toBe('Payout');
  }
});

test('an API refusal shows the API’s message in the form', async ({ page, dashboard }) => {
  allowConsoleError(page, /status of 400/);
  await page.goto('/transactions/payouts/new');
  await choose(page, 'Sender', /Anatolia Cotton Mills/);
  await choose(page, 'Payout account', /Lumen Textiles GmbH · EUR/);
  await choose(page, 'Deposit currency', /^USDT\(ERC20\)/);
  await page.getByRole('textbox', { name: 'Payout amount' }).fill('500');
  await choose(page, 'Purpose', 'Goods purchase');
  // Meanwhile, in another tab, the merchant's KYC is set back to PENDING.
  const anatolia = merchantNamed(dashboard, 'Anatolia Cotton Mills A.Ş.');
  const merchant = await (await page.request.get(`/api/v1/business/${anatolia}`)).json();
  const back = await page.request.put(`/api/v1/business/${anatolia}`, {
    headers: CSRF,
    data: { ...merchant, localRegNumber: `${merchant.localRegNumber}|PENDING` },
  });
  expect(back.ok()).toBe(true);
  await page.getByRole('button', { name: 'Create transaction' }).click();
  // Under its field, in words, once: not again in an alert, not by its wire name.
  await expect(
    page.getByText(
      'Sender must be a VALID merchant to initiate transactions; merchant 3 is PENDING',
    ),
  ).toHaveCount(1);
  await expect(page.getByText(/fromBusinessId/)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the transaction form’s errors follow its fields', async ({ page }) => {
  await page.goto('/transactions/payouts/new');
  const form = page.getByRole('form', { name: 'New transaction' });
  await form.getByRole('button', { name: 'Create transaction' }).click();
  await expect(form.getByText('Choose the merchant that sends')).toBeVisible();
  await expect(form.getByText('Choose the payout account that receives')).toBeVisible();
  await expect(form.getByText('Choose a purpose')).toBeVisible();
  // Each error leaves as its field is filled, without another submit.
  await choose(page, 'Sender', /Anatolia Cotton Mills/);
  await expect(form.getByText('Choose the merchant that sends')).toHaveCount(0);
  await expect(form.getByText('Choose the payout account that receives')).toBeVisible();
  await choose(page, 'Payout account', /Lumen Textiles GmbH · EUR/);
  await expect(form.getByText('Choose the payout account that receives')).toHaveCount(0);
  // Too many decimals for EUR: said as soon as the field is left, before any submit.
  const amount = form.getByRole('textbox', { name: 'Payout amount' });
  await amount.fill('10.123');
  await amount.blur();
  await expect(form.getByText('Amount can have at most 2 decimals in EUR')).toBeVisible();
  await amount.fill('10.12');
  await expect(form.getByText('Amount can have at most 2 decimals in EUR')).toHaveCount(0);
  await choose(page, 'Purpose', 'Goods purchase');
  await expect(form.getByText('Choose a purpose')).toHaveCount(0);
  // Only the deposit currency is left: the quote says so, and so does its field.
  await expect(form.getByText('Choose the deposit currency', { exact: true })).toBeVisible();
  await expect(form.getByRole('alert')).toHaveCount(0);
  await checkA11y(page);
});

test('leaving an edited form asks first', async ({ page }) => {
  await page.goto('/transactions/payouts/new');
  await choose(page, 'Sender', /Lumen Textiles GmbH/);
  await page.getByLabel('Main').getByRole('link', { name: 'Merchants' }).click();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(ask).toBeVisible();
  await checkA11y(page);
  await ask.getByRole('button', { name: 'Stay on the form' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Sender', exact: true })).toHaveValue(
    /Lumen Textiles GmbH/,
  );
  await page.getByRole('button', { name: 'Cancel' }).click();
  await ask.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible();
});

test('a collection whose quote is approved says it waits for the deposit', async ({
  page,
  dashboard,
}) => {
  const harbor = merchantNamed(dashboard, SEEDED.harbor);
  const account = dashboard.store.db
    .prepare(
      `SELECT id FROM payout_account WHERE business_id = ? AND account_status = 'ACTIVE'
       AND currency_symbol = 'GBP'`,
    )
    .get(harbor) as { id: number };
  const created = await page.request.post('/api/v1/receive/', {
    headers: CSRF,
    data: {
      fromBusinessId: harbor,
      toBusinessExternalAccountId: account.id,
      fromCurrencySymbol: 'EUR',
      toAmount: '800',
      purpose: 'GOODS_PURCHASE',
    },
  });
  expect(created.ok()).toBe(true);
  const id = String((await created.json()).businessRequestId);
  await signInAs(page, 'Aiko Approver');
  const approved = await page.request.post(`/api/v1/receive/approveQuote/${id}`, {
    headers: CSRF,
  });
  expect(approved.status()).toBe(200);
  await page.goto(`/transactions/collections/${id}`);
  await expect(page.getByRole('heading', { name: `Collection #${id}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId('waiting-for')).toHaveText(
    "Quote approved · waiting for the client's deposit",
  );
  await checkA11y(page);
});

test('the payout account picker offers the accounts of the sender’s circle', async ({ page }) => {
  await page.goto('/transactions/end-to-end/new');
  await choose(page, 'Sender', /Lumen Textiles GmbH/);
  await expect(
    page.getByText("Active accounts of the sender's customer and its contacts"),
  ).toBeVisible();
  await page.getByRole('combobox', { name: 'Payout account', exact: true }).click();
  const options = page.getByRole('option');
  // Lumen's own EUR account, with the end of its IBAN, and its contact Anatolia's.
  await expect(
    options.filter({ hasText: /^Lumen Textiles GmbH · EUR · ••3000 · #\d+$/ }),
  ).toHaveCount(1);
  await expect(options.filter({ hasText: /^Anatolia Cotton Mills/ }).first()).toBeVisible();
  await expect(options.filter({ hasText: /Harbor & Pine/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await checkA11y(page);
});

test('an invoice over 10 MB is refused as it is picked, before anything is sent', async ({
  page,
}) => {
  await page.goto('/transactions/payouts/new');
  const form = page.getByRole('form', { name: 'New transaction' });
  await expect(form.getByRole('button', { name: 'Create transaction' })).toBeVisible();
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/file/')) uploads.push(r.url());
  });
  await form.locator('input[type="file"]').setInputFiles({
    name: 'invoice-big.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(11 * 1024 * 1024, 0x20),
  });
  await expect(form.getByText('invoice-big.pdf is 11 MB: at most 10 MB')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Invoice' })).not.toContainText('invoice-big');
  expect(uploads).toEqual([]);
  await checkA11y(page);
});
