// Bulk payouts, one step per journey (docs/decisions/033, 034): a template downloaded and a file
// with two bad rows uploaded; one row fixed in place and the other left out; the batch quoted;
// approved by a second person and watched as it submits, then a row's transaction opened; the
// failed rows of a partly failed batch downloaded to fix.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import {
  BATCH_HEADER as HEADER,
  batchCsv as csv,
  checkA11y,
  CSRF,
  expect,
  GOOD_BATCH_ROWS as GOOD,
  quoteBatch as quote,
  SEEDED,
  signInAs,
  test,
  uploadedBatch as uploaded,
} from './fixtures';

test.use({ signedInAs: 'Fatima Finance' });

/** Row 4: too many decimals for USD; row 5: a deposit currency payouts do not take. */
const BAD = [
  `${SEEDED.lumen},40982211,USDT(TRC20),12.345,SALARY,PAY-77`,
  `${SEEDED.lumen},TR330006100519786457841326,EUR,300,SERVICES_PURCHASE,HP-9`,
];
async function post(page: Page, path: string, data?: object) {
  const response = await page.request.post(`/api/${path}`, { headers: CSRF, data });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json() as Promise<Record<string, unknown>>;
}

test('a template downloads, and a file with two bad rows says what is wrong with each', async ({
  page,
}) => {
  await page.goto('/batches');
  await expect(page.getByRole('heading', { name: 'Bulk payouts' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'CSV' }).click();
  const template = await download;
  expect(template.suggestedFilename()).toBe('bulk-payouts-template.csv');
  const text = fs.readFileSync(await template.path(), 'utf8');
  expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(new RegExp(`^${HEADER}`));

  await page.locator('input[type="file"]').setInputFiles({
    name: 'april.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv([...GOOD, ...BAD])),
  });
  await page.getByRole('button', { name: 'Upload and check' }).click();
  await expect(page.getByRole('heading', { name: 'april.csv' })).toBeVisible();
  await expect(page.getByText('Has problems').first()).toBeVisible();
  const rows = page.getByRole('table', { name: 'Rows of the file' });
  await expect(rows.getByText('payout_amount can have at most 2 decimals in USD')).toBeVisible();
  await expect(rows.getByText(/deposit_currency "EUR" is not a deposit currency/)).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Go on without the 2 rows with problems' }),
  ).toBeVisible();
  await checkA11y(page);
});

test('a row is fixed in place and the other left out, so the batch can be quoted', async ({
  page,
}) => {
  const id = await uploaded(page, [...GOOD, ...BAD]);
  await page.goto(`/batches/${id}`);
  await page.getByRole('button', { name: 'Fix row 4' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fix row 4' });
  await expect(dialog.getByText('payout_amount can have at most 2 decimals in USD')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Payout amount' }).fill('12.35');
  await dialog.getByRole('button', { name: 'Save and check again' }).click();
  await expect(dialog).toBeHidden();
  const row4 = page.locator('tr[data-row="4"]');
  await expect(row4.getByText('Ready')).toBeVisible();
  await page.getByRole('button', { name: 'Go on without the 1 row with problems' }).click();
  await expect(page.getByText('Ready to quote')).toBeVisible();
  await expect(page.locator('tr[data-row="5"]').getByText('Left out')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Quote and ask for approval' })).toBeVisible();
});

test('the batch is quoted row by row and waits for an approver who did not upload it', async ({
  page,
}) => {
  const id = await uploaded(page, GOOD);
  await page.goto(`/batches/${id}`);
  await page.getByRole('button', { name: 'Quote and ask for approval' }).click();
  await expect(page.getByText('Awaiting approval').first()).toBeVisible();
  const approval = page.getByTestId('batch-approval');
  await expect(
    approval.getByText('This batch needs 1 approver, never the person who uploaded it.'),
  ).toBeVisible();
  await expect(
    approval.getByText(/Who can approve it: Aiko Approver and Bruno Approver/),
  ).toBeVisible();
  await expect(approval.getByRole('button', { name: 'Approve the batch' })).toHaveCount(0);
  await expect(page.getByText('USDT(TRC20)').first()).toBeVisible();
  await checkA11y(page);
});

test('a quote the API fails says why on the batch, and goes through when asked again', async ({
  page,
}) => {
  const id = await uploaded(page, GOOD);
  // The API fails the next price asked of it (the sandbox's faults).
  await signInAs(page, 'Theo Tester');
  await post(page, 'v1/sandbox/faults/', { operationId: 'sendc2fPrice', kind: 'error', count: 1 });
  await signInAs(page, 'Fatima Finance');
  await page.goto(`/batches/${id}`);
  await page.getByRole('button', { name: 'Quote and ask for approval' }).click();
  const problem = page.getByRole('alert').filter({ hasText: 'The batch was not quoted' });
  await expect(problem).toContainText(/The API did not price row \d, so the batch was not quoted/);
  await expect(page.getByText('Ready to quote').first()).toBeVisible();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Quote and ask for approval' }).click();
  await expect(page.getByText('Awaiting approval').first()).toBeVisible();
  await expect(problem).toHaveCount(0);
});

test('a second person approves the batch, watches it submit and opens a row’s transaction', async ({
  page,
}) => {
  const id = await uploaded(page, GOOD);
  await quote(page, id);
  await signInAs(page, 'Aiko Approver');
  await page.goto(`/batches/${id}`);
  await page.getByRole('button', { name: 'Approve the batch…' }).click();
  // One confirmed step: what moves, then the approval.
  const release = page.getByRole('dialog', { name: /^Approve .*\?$/ });
  await expect(release.getByRole('table', { name: 'What is released' })).toContainText('2');
  await release.getByRole('button', { name: 'Approve 2 payments' }).click();
  const progress = page.getByTestId('batch-progress');
  await expect(progress.getByText('2 of 2 rows submitted.')).toBeVisible();
  await expect(page.getByText('Submitted', { exact: true }).first()).toBeVisible();
  // At 1280 px every column shows, the transactions and their statuses included.
  await expect(page.getByText('Scroll for more')).toHaveCount(0);
  const link = page.locator('tr[data-row="2"]').getByRole('link', { name: /^#\d+$/ });
  const number = (await link.textContent())!.slice(1);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/transactions/payouts/${number}$`));
  await expect(page.getByText('1,250.50').first()).toBeVisible();
});

test('an approver rejects the batch with a reason, and nothing of it is paid', async ({ page }) => {
  const id = await uploaded(page, GOOD, 'may.csv');
  await quote(page, id);
  await signInAs(page, 'Aiko Approver');
  await page.goto(`/batches/${id}`);
  await page.getByTestId('batch-approval').getByRole('button', { name: 'Reject…' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject may.csv?' });
  await expect(reject).toContainText('none of its payments is made');
  // A reason is required, as the server requires it.
  await reject.getByRole('button', { name: 'Reject the batch' }).click();
  await expect(reject.getByText(/Reason/).last()).toBeVisible();
  await expect(reject.getByRole('textbox', { name: 'Reason' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await reject.getByRole('textbox', { name: 'Reason' }).fill('Two of these were paid in April');
  await reject.getByRole('button', { name: 'Reject the batch' }).click();
  await expect(reject).toHaveCount(0);
  await expect(
    page.getByRole('alert', { name: 'Cancelled: nothing of it was sent.' }),
  ).toContainText('Rejected by Aiko Approver: Two of these were paid in April');
  await checkA11y(page);
});

test('the deposits a submitted batch waits for are approved in one action', async ({ page }) => {
  const id = await uploaded(page, GOOD);
  await quote(page, id);
  await signInAs(page, 'Aiko Approver');
  await post(page, `batches/${id}/decision`, { decision: 'approve' });
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/batches/${id}`)).json()) as { status: string })
          .status,
    )
    .toBe('submitted');
  await page.goto(`/batches/${id}`);
  const progress = page.getByTestId('batch-progress');
  await expect(
    progress.getByText('2 transactions of this batch wait for their deposit.'),
  ).toBeVisible();
  await progress.getByRole('button', { name: 'Approve 2 deposits…' }).click();
  const release = page.getByRole('dialog', { name: /^Approve the deposits of / });
  await expect(release.getByRole('table', { name: 'What is released' })).toContainText(
    'USDT(TRC20)',
  );
  await release.getByRole('button', { name: 'Approve 2 deposits', exact: true }).click();
  await expect(progress.getByRole('status')).toContainText('2 approved.');
  await expect(page.locator('tr[data-row="2"]').getByText(/In progress|Completed/)).toBeVisible();
});

test('a row paying an account nobody has is fixed by choosing one the merchant may pay', async ({
  page,
}) => {
  const id = await uploaded(page, [
    GOOD[0]!,
    `${SEEDED.lumen},99999999,USDT(TRC20),410,SUPPLIER_PAYMENT,INV-1003`,
  ]);
  await page.goto(`/batches/${id}`);
  await page.getByRole('button', { name: 'Fix row 3' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fix row 3' });
  const account = dialog.getByRole('combobox', { name: 'Payout account' });
  await expect(dialog.getByText(/The active accounts Lumen Textiles GmbH may pay/)).toBeVisible();
  await account.click();
  await page.getByRole('option', { name: /Anatolia Cotton Mills.* · EUR/ }).click();
  await dialog.getByRole('button', { name: 'Save and check again' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('tr[data-row="3"]').getByText('Ready')).toBeVisible();
  await checkA11y(page);
});

test('the rows the API refused download as a file to fix and upload again', async ({ page }) => {
  // An account that is frozen between the quote and the approval: its row is refused.
  await signInAs(page, 'Omar Operations');
  const details = {
    accountHolderName: SEEDED.lumen,
    bankName: 'Journey Bank',
    swiftCode: 'DEUTDEFF',
    countryIso: 'DE',
  };
  const account = await post(page, 'v1/businessExternalAccount/', {
    businessId: 1,
    currencySymbol: 'EUR',
    accountNumber: 'FREEZE-ME|ACTIVE',
    ...details,
  });
  const id = await uploaded(page, [
    GOOD[0]!,
    `${SEEDED.lumen},FREEZE-ME,USDT(TRC20),75,SALARY,FRZ-1`,
  ]);
  await quote(page, id);
  const frozen = await page.request.put(`/api/v1/businessExternalAccount/${String(account.id)}`, {
    headers: CSRF,
    data: { ...details, accountNumber: 'FREEZE-ME|FROZEN' },
  });
  expect(frozen.ok(), await frozen.text()).toBe(true);
  await signInAs(page, 'Aiko Approver');
  await post(page, `batches/${id}/decision`, { decision: 'approve' });
  await signInAs(page, 'Omar Operations');
  await page.goto(`/batches/${id}`);
  await expect(page.getByText('Partly failed').first()).toBeVisible();
  await expect(
    page.locator('tr[data-row="3"]').getByText(/must be an ACTIVE payout account/),
  ).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByTestId('batch-progress').getByRole('link', { name: 'CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('april-failed-rows.csv');
  const lines = fs
    .readFileSync(await file.path(), 'utf8')
    .trim()
    .split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(
    /^Lumen Textiles GmbH,FREEZE-ME,USDT\(TRC20\),75,SALARY,FRZ-1,,,.*ACTIVE/,
  );
});
