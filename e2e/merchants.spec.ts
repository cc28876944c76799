import {
  allowConsoleError,
  checkA11y,
  choose,
  countRows,
  expect,
  fillMerchant,
  merchantNamed,
  SEEDED,
  sendEmpty,
  test,
} from './fixtures';

test.use({ signedInAs: 'Omar Operations' });

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

test('creates a customer', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Merchants' }).click();
  await expect(page.getByRole('table', { name: 'Merchants' })).toBeVisible();
  await checkA11y(page);
  await page.getByRole('link', { name: 'New merchant' }).click();
  await checkA11y(page);
  await fillMerchant(page, 'Kestrel Analytics GmbH');
  await page.getByRole('button', { name: 'Create merchant' }).click();
  await expect(page.getByRole('heading', { name: 'Kestrel Analytics GmbH' })).toBeVisible();
  await expect(page.getByText('Pending', { exact: true }).first()).toBeVisible();
  await checkA11y(page);
});

test('adds a contact: the owner’s address is offered, not its contact person', async ({
  page,
  dashboard,
}) => {
  await page.goto(`/merchants/${merchantNamed(dashboard, SEEDED.lumen)}`);
  await page.getByRole('link', { name: 'Add contact' }).click();
  await expect(page.getByRole('heading', { name: 'New contact', level: 1 })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'A contact of a customer' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Owner', exact: true })).toHaveValue(
    /Lumen Textiles GmbH/,
  );
  // The owner's address is filled in, to keep or change; the contact person is the contact's own.
  await expect(page.getByRole('textbox', { name: 'Street', exact: true })).toHaveValue('Torstraße');
  await expect(page.getByRole('textbox', { name: 'Full name', exact: true })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Phone number', exact: true })).toHaveValue('');
  // The address's country gives the phone's calling code.
  await expect(page.getByRole('textbox', { name: 'Phone country code', exact: true })).toHaveValue(
    '49',
  );
  await checkA11y(page);
  await fillMerchant(page, 'Brightwater Supplies Ltd');
  await choose(page, 'Country', /United Kingdom/);
  await expect(page.getByRole('textbox', { name: 'Phone country code', exact: true })).toHaveValue(
    '44',
  );
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill('020 7946 0958');
  await page.getByRole('button', { name: 'Create merchant' }).click();
  await expect(page.getByRole('heading', { name: 'Brightwater Supplies Ltd' })).toBeVisible();
  await expect(page.getByText('Contact created')).toBeVisible();
  await expect(page.getByText('Contact of')).toBeVisible();
  await expect(page.getByText('+44 20 7946 0958')).toBeVisible();
});

test('takes a phone number as people write it', async ({ page }) => {
  await page.goto('/merchants/new');
  await fillMerchant(page, 'Falkenrot Logistik GmbH');
  await page.getByRole('textbox', { name: 'Phone country code', exact: true }).fill('+49');
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill('(030) 2345-6789');
  await page.getByRole('button', { name: 'Create merchant' }).click();
  await expect(page.getByRole('heading', { name: 'Falkenrot Logistik GmbH' })).toBeVisible();
  await expect(page.getByText('Merchant created')).toBeVisible();
  await expect(page.getByText('+49 30 23456789')).toBeVisible();
});

test('edits a merchant', async ({ page, dashboard }) => {
  await page.goto(`/merchants/${merchantNamed(dashboard, SEEDED.sakura)}`);
  await expect(page.getByRole('heading', { name: 'Sakura Precision Parts K.K.' })).toBeVisible();
  await page.getByRole('link', { name: 'Edit' }).click();
  await checkA11y(page);
  await expect(page.getByRole('textbox', { name: 'Legal name', exact: true })).toHaveValue(
    'Sakura Precision Parts K.K.',
  );
  await page
    .getByRole('textbox', { name: 'Legal name', exact: true })
    .fill('Sakura Precision Parts Co., Ltd.');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Kyoto');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page.getByRole('heading', { name: 'Sakura Precision Parts Co., Ltd.' }),
  ).toBeVisible();
  await expect(page.getByText(/Kyoto/)).toBeVisible();
});

test('accepts the agreements and submits onboarding, then sees the review end in VALID', async ({
  page,
  dashboard,
}) => {
  await page.goto(`/merchants/${merchantNamed(dashboard, SEEDED.sakura)}`);
  const submit = page.getByRole('button', { name: 'Submit onboarding' });
  await expect(submit).toBeDisabled();
  await expect(
    page.getByText('Accept the 3 remaining agreements to submit onboarding.'),
  ).toBeVisible();
  // One by one, each confirmed: the dashboard records who accepted it.
  await page.getByRole('button', { name: 'Accept Terms of Service' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept Terms of Service?' });
  await expect(dialog).toContainText('on behalf of Sakura Precision Parts K.K.');
  await dialog.getByRole('button', { name: 'Accept for the merchant' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText('Accept the 2 remaining agreements to submit onboarding.'),
  ).toBeVisible();
  const agreements = page.getByRole('list', { name: 'Agreements' });
  await expect(agreements.getByRole('listitem').first()).toContainText('by Omar Operations');
  await expect(page.getByRole('button', { name: 'Accept all' })).toHaveCount(0);
  for (let left = 2; left > 0; left--) {
    await agreements
      .getByRole('button', { name: /^Accept / })
      .first()
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Accept for the merchant' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  }
  await expect(
    page.getByText('Every agreement is accepted: onboarding can be submitted for review.'),
  ).toBeVisible();
  await checkA11y(page);
  await submit.click();
  await expect(page.getByText('Under review', { exact: true }).first()).toBeVisible();
  // The sandbox's review takes 1.5 s here; the page looks again by itself.
  await expect(page.getByText('Valid', { exact: true }).first()).toBeVisible();
  await expect(
    page.getByText('This merchant is verified; there is nothing to submit.'),
  ).toBeVisible();
});

test('a merchant whose review needs action says what, and takes the documents it asks for', async ({
  page,
  dashboard,
}) => {
  await page.goto(`/merchants/${merchantNamed(dashboard, 'Costa Verde Coffee Exporters SA')}`);
  await expect(page.getByTestId('action-needed')).toContainText(
    'The review needs: Certificate of incorporation',
  );
  const documents = page.getByRole('list').filter({ hasText: 'Identity document of a director' });
  const director = documents.getByRole('listitem', { name: 'Identity document of a director' });
  await expect(director).toContainText('Asked for');
  await director
    .locator('input[type="file"]')
    .setInputFiles({ name: 'director-passport.pdf', mimeType: 'application/pdf', buffer: PDF });
  await director.getByRole('button', { name: 'Give document' }).click();
  await expect(director).toContainText('Given');
  await expect(director).toContainText('director-passport.pdf · given');
  await expect(director).toContainText('by Omar Operations');
  // The review now asks for the two others only.
  await expect(page.getByTestId('action-needed')).not.toContainText('director');
  await checkA11y(page);
});

test('sets KYC to VALID from the sandbox form and shows the event', async ({ page, dashboard }) => {
  await page.goto(`/merchants/${merchantNamed(dashboard, SEEDED.atlas)}`);
  await expect(page.getByRole('heading', { name: 'Atlas Freight Forwarding B.V.' })).toBeVisible();
  await choose(page, 'KYC status', 'Valid');
  await page.getByRole('button', { name: 'Apply' }).click();
  const outcome = page.getByRole('status').filter({ hasText: 'Status applied' });
  await expect(outcome).toContainText('merchant.kyc_status.changed');
  await expect(outcome.getByText('Valid')).toBeVisible();
  await checkA11y(page);
  await expect(
    page.locator('h1 + .mantine-Badge-root, h1 ~ *').getByText('Valid').first(),
  ).toBeVisible();
});

test('bad input in the merchant forms shows field errors and stores nothing', async ({
  page,
  dashboard,
}) => {
  const before = countRows(dashboard, 'merchant');
  await sendEmpty(page, '/merchants/new', 'Create merchant', [
    'Legal name is required',
    'Choose an industry',
    'Choose a country',
    'Street is required',
    'Email must be an email address',
    'Phone number is required',
  ]);
  await fillMerchant(page, 'Nimbus Ltd');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('nimbus@');
  await page.getByRole('textbox', { name: 'Phone country code', exact: true }).fill('4x');
  await page.getByRole('radio', { name: 'A contact of a customer' }).check();
  await page.getByRole('button', { name: 'Create merchant' }).click();
  await expect(page.getByText('Email must be an email address')).toBeVisible();
  await expect(page.getByText('Phone country code must be 1 to 4 digits')).toBeVisible();
  await expect(page.getByText('Choose the customer that owns this contact')).toBeVisible();
  expect(countRows(dashboard, 'merchant')).toBe(before);

  await page.goto(`/merchants/${merchantNamed(dashboard, SEEDED.lumen)}/edit`);
  await page.getByRole('textbox', { name: 'Legal name', exact: true }).fill('');
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill('12');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Legal name is required')).toBeVisible();
  await expect(page.getByText('Phone number must be 4 to 15 digits')).toBeVisible();
  await page.goto(`/merchants/${merchantNamed(dashboard, SEEDED.lumen)}`);
  await expect(page.getByRole('heading', { name: 'Lumen Textiles GmbH' })).toBeVisible();
  expect(countRows(dashboard, 'merchant')).toBe(before);
});

test('a refusal from the API lands on its field', async ({ page, dashboard }) => {
  allowConsoleError(page, /status of 400/);
  await page.goto(`/merchants/${merchantNamed(dashboard, SEEDED.lumen)}/edit`);
  // The browser cannot know this suffix is wrong; the sandbox refuses it and names the field.
  await page
    .getByRole('textbox', { name: 'Registration number', exact: true })
    .fill('HRB 204518|APPROVED');
  await page.getByRole('button', { name: 'Save changes' }).click();
  // Said once, under its field, in words: not again in an alert, not by its wire name.
  await expect(page.getByText(/ends in "\|APPROVED"/)).toHaveCount(1);
  await expect(page.getByText(/Registration number ends in "\|APPROVED"/)).toBeVisible();
  await expect(page.getByText(/localRegNumber/)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
