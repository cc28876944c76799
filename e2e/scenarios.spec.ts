// Scenarios from the sandbox tools (docs/decisions/024): a preset built in one click and its
// records followed to their pages; a scenario file loaded in place of the partner's records; a
// reset after its confirmation.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { countRows, expect, signInAs, test } from './fixtures';

test('a preset loads, and its records are there to open', async ({ page }) => {
  await signInAs(page, 'Theo Tester');
  await page.goto('/sandbox');
  await page.getByRole('button', { name: 'Load “A payout awaiting its deposit”' }).click();
  const loaded = page.getByRole('status', { name: /^Loaded:/ });
  await expect(loaded.getByText('3 records made:')).toBeVisible();
  // The demo data has a Lumen Textiles GmbH already: the preset's is told apart by its name.
  await expect(
    loaded.getByRole('link', { name: 'Lumen Textiles GmbH (2)', exact: true }),
  ).toBeVisible();
  await expect(
    loaded.getByRole('link', { name: 'EUR account of Lumen Textiles GmbH' }),
  ).toBeVisible();
  await expect(loaded.getByText('Awaiting deposit')).toBeVisible();
  await loaded.getByRole('link', { name: '2500.00 EUR' }).click();
  await expect(page).toHaveURL(/\/transactions\/payouts\/\d+$/);
  await expect(page.getByText('Awaiting deposit').first()).toBeVisible();
  await expect(page.getByText('2,500.00').first()).toBeVisible();
});

test('a scenario file loads in place of the partner’s records; a file that is not JSON is named', async ({
  page,
  dashboard,
}) => {
  await signInAs(page, 'Theo Tester');
  await page.goto('/sandbox');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scenario-'));
  const broken = path.join(dir, 'broken.json');
  fs.writeFileSync(broken, '{ "scenario": 1, ');
  const form = page.getByRole('form', { name: 'Load a scenario file' });
  const choose = async (file: string) => {
    const chooser = page.waitForEvent('filechooser');
    await form.getByRole('button', { name: 'Scenario file' }).click();
    await (await chooser).setFiles(file);
  };
  await choose(broken);
  await form.getByRole('button', { name: 'Load file' }).click();
  await expect(form.getByText('broken.json is not JSON')).toBeVisible();

  const file = path.join(dir, 'one-merchant.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      scenario: 1,
      name: 'One merchant',
      merchants: [
        {
          ref: 'solo',
          kycStatus: 'FLAGGED',
          name: 'Solo Trading Oy',
          countryIso: 'FI',
          city: 'Helsinki',
          address: 'Mannerheimintie',
          streetNumber: '5',
          zipcode: '00100',
          contactName: 'Aino Virtanen',
          contactEmail: 'aino@solo.example',
          contactPhonePrefix: '358',
          contactPhone: '401234567',
          industry: 'TECHNOLOGY',
        },
      ],
    }),
  );
  expect(countRows(dashboard, 'merchant')).toBeGreaterThan(1);
  await page
    .getByRole('checkbox', { name: 'Delete this partner’s records before loading' })
    .check();
  await choose(file);
  await form.getByRole('button', { name: 'Load file' }).click();
  const loaded = page.getByRole('status', { name: /^Loaded:/ });
  await expect(
    loaded.getByText('The earlier records were deleted first. 1 record made:'),
  ).toBeVisible();
  await expect(loaded.getByRole('link', { name: 'Solo Trading Oy' })).toBeVisible();
  expect(countRows(dashboard, 'merchant')).toBe(1);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a reset deletes the partner’s records once confirmed', async ({ page, dashboard }) => {
  await signInAs(page, 'Theo Tester');
  await page.goto('/sandbox');
  // Kept first, as the dialog advises: the records as a scenario file.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export records as a scenario' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^sandbox-scenario-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(fs.readFileSync(await saved.path(), 'utf8')) as {
    scenario: number;
    merchants: unknown[];
  };
  expect(file.scenario).toBe(1);
  expect(file.merchants).toHaveLength(countRows(dashboard, 'merchant'));
  await page.getByRole('button', { name: 'Reset this partner’s data…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete every record of this partner?' });
  await dialog.getByRole('button', { name: 'Keep them' }).click();
  await expect(dialog).toHaveCount(0);
  expect(countRows(dashboard, 'merchant')).toBeGreaterThan(1);
  await page.getByRole('button', { name: 'Reset this partner’s data…' }).click();
  await dialog.getByRole('button', { name: 'Delete every record' }).click();
  const done = page.getByRole('status', { name: 'Records deleted' });
  await expect(
    done.getByText(/^Deleted: \d+ merchants, \d+ payout accounts, \d+ transactions/),
  ).toBeVisible();
  expect(countRows(dashboard, 'merchant')).toBe(0);
});
