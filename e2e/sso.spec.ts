// Single sign-on (docs/decisions/051), one step per journey, against a real OpenID provider
// (oidc-provider on a loopback port, at "localhost": another site than the dashboard's
// 127.0.0.1): an admin sets it up from its issuer; a person signs in through it and lands with
// the role their group gives; an address held to single sign-on is sent there from the password
// form; a person the provider vouches for without a mapped group is told why.
import { allowConsoleError, checkA11y, CSRF, expect, signInAs, test } from './fixtures';
import type { Dashboard } from './fixtures';
import type { Locator, Page } from '@playwright/test';
import { startTestIdp, type TestIdp } from '../src/server/sso/testing-idp';
import { startTestSamlIdp, type TestSamlIdp } from '../src/server/sso/testing-saml-idp';

const ROLE_MAP = [
  { group: 'payments-finance', roles: ['finance'] },
  { group: 'payments-approvers', roles: ['approver'] },
];

let idp: TestIdp | undefined;
test.beforeEach(async ({ page }) => {
  // The provider's own pages ask for a web font and a favicon: neither is ours, nor reachable.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/, (route) =>
    route.fulfill({ status: 204 }),
  );
  await page.route(/^http:\/\/localhost:\d+\/favicon\.ico$/, (route) =>
    route.fulfill({ status: 204 }),
  );
});
test.afterEach(async () => {
  await idp?.close();
  idp = undefined;
});

async function provider(dashboard: Dashboard) {
  idp = await startTestIdp({
    redirectUri: `${dashboard.url}/api/sso/oidc/callback`,
    people: {
      ines: { email: 'ines@partner.example', name: 'Ines Keller', groups: ['payments-finance'] },
      otto: { email: 'otto@partner.example', name: 'Otto Sales', groups: ['sales'] },
    },
  });
  return idp;
}

/** The provider set up by the admin through the dashboard's API (the form has its own journey). */
async function setUp(page: Page, dashboard: Dashboard, policy?: object) {
  const idp = await provider(dashboard);
  await signInAs(page, 'Ada Admin');
  const saved = await page.request.put('/api/admin/sso/oidc', {
    headers: CSRF,
    data: {
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      groupsClaim: 'groups',
      domains: ['partner.example'],
      roleMap: ROLE_MAP,
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  if (policy) {
    const set = await page.request.put('/api/admin/sso/policy', { headers: CSRF, data: policy });
    expect(set.ok(), await set.text()).toBe(true);
  }
  // Signed out again, as the person at the next desk would be.
  await page.request.delete('/api/session', { headers: CSRF });
  await page.context().clearCookies();
  return idp;
}

/** Signs in at the provider's own pages, as `login`. */
async function atProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * Types a domain into the provider form's domains and waits until it is taken as a tag (the field
 * empties): on a busy machine the Enter that takes it can arrive before the typed text is read.
 */
async function addDomain(form: Locator, domain: string) {
  const field = form.getByLabel('Email domains it covers');
  await field.fill(domain);
  await expect(async () => {
    if ((await field.inputValue()) !== '') await field.press('Enter');
    await expect(field).toHaveValue('', { timeout: 2_000 });
  }).toPass();
}

test('an admin sets up single sign-on from the provider’s issuer URL', async ({
  page,
  dashboard,
}) => {
  const idp = await provider(dashboard);
  await signInAs(page, 'Ada Admin');
  await page.goto('/settings/sign-in');
  const form = page.getByRole('form', { name: 'OpenID provider' });
  await expect(page.getByText(`${dashboard.url}/api/sso/oidc/callback`)).toBeVisible();
  await form.getByRole('button', { name: 'Check and set up' }).click();
  await expect(form.getByText('Issuer URL is required')).toBeVisible();
  await form.getByLabel('Issuer URL').fill(idp.issuer);
  await form.getByLabel('Client ID').fill(idp.clientId);
  await form.getByLabel('Client secret').fill(idp.clientSecret);
  await addDomain(form, 'partner.example');
  await form.getByRole('textbox', { name: 'Group 1' }).fill('payments-finance');
  await form.getByRole('combobox', { name: 'Roles of group 1' }).click();
  await page.getByRole('option', { name: 'Finance' }).click();
  await page.keyboard.press('Escape');
  await form.getByRole('button', { name: 'Check and set up' }).click();
  await expect(page.getByText('Single sign-on saved')).toBeVisible();
  await expect(form.getByText(`Kept encrypted (…${idp.clientSecret.slice(-4)})`)).toBeVisible();
  await expect(page.getByText('Nobody has signed in through it yet.')).toBeVisible();
  await checkA11y(page);
});

test('a person signs in through the provider and lands with the role of their group', async ({
  page,
  dashboard,
}) => {
  await setUp(page, dashboard);
  await page.goto('/sign-in?redirect=/transactions/payouts');
  await page.getByLabel('Email').fill('ines@partner.example');
  await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
  await atProvider(page, 'ines');
  await expect(page.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByText('Ines Keller · Finance')).toBeVisible();
});

test('an address held to single sign-on is sent there from the password form', async ({
  page,
  dashboard,
}) => {
  await setUp(page, dashboard, { ssoRequired: true, breakGlass: ['admin@demo.example'] });
  // The password form's refusal, on purpose.
  allowConsoleError(page, /status of 409/);
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill('ines@partner.example');
  await page.getByLabel('Password', { exact: true }).fill('a password from before');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(
    page.getByText('Addresses at partner.example sign in through single sign-on.'),
  ).toBeVisible();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
  await atProvider(page, 'ines');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
});

test('a person without a mapped group is told why, and is not signed in', async ({
  page,
  dashboard,
}) => {
  await setUp(page, dashboard);
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill('otto@partner.example');
  await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
  await atProvider(page, 'otto');
  await expect(page.getByText('Single sign-on did not sign you in')).toBeVisible();
  await expect(page.getByText(/none of your groups gives a role here/)).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in\?sso=NO_ROLE$/);
  await checkA11y(page);
});

test('a person the directory deactivates is signed out of an open page at the next click', async ({
  page,
  dashboard,
}) => {
  // The admin makes the directory's token, shown once.
  await signInAs(page, 'Ada Admin');
  await page.goto('/settings/sign-in');
  await page.getByRole('button', { name: 'Make a token' }).click();
  const shown = page.getByRole('alert').filter({ hasText: 'The token, shown this once' });
  await expect(shown).toBeVisible();
  const token = (await shown.getByText(/^scim_/).textContent())?.trim();
  // Fatima is at work, on the payouts.
  await signInAs(page, 'Fatima Finance');
  await page.goto('/transactions/payouts');
  await expect(page.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible();
  // The directory deactivates her, as Entra ID sends it.
  const fatima = (await dashboard.workspace.userByEmail('finance@demo.example'))!;
  const patched = await page.request.fetch(`${dashboard.url}/scim/v2/Users/${fatima.id}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
    data: {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    },
  });
  expect(patched.status()).toBe(200);
  allowConsoleError(page, /status of 401/);
  // The next click (the page may have heard already, and show the dialog over it).
  await page.getByRole('link', { name: 'Merchants' }).dispatchEvent('click');
  await expect(page.getByRole('dialog', { name: 'Your session has ended' })).toBeVisible();
});

/** A SAML identity provider signing with its own key, at localhost. */
async function samlProvider(dashboard: Dashboard) {
  const provider = await startTestSamlIdp({
    acsUrl: `${dashboard.url}/sso/saml/acs`,
    spEntityId: `${dashboard.url}/sso/saml/metadata`,
    people: {
      ines: { email: 'ines@saml.example', name: 'Ines Keller', groups: ['Approvers'] },
    },
  });
  saml = provider;
  return provider;
}
let saml: TestSamlIdp | undefined;
test.afterEach(async () => {
  await saml?.close();
  saml = undefined;
});

test('an admin sets up SAML from the provider’s metadata', async ({ page, dashboard }) => {
  const provider = await samlProvider(dashboard);
  await signInAs(page, 'Ada Admin');
  await page.goto('/settings/sign-in');
  const form = page.getByRole('form', { name: 'SAML provider' });
  await expect(page.getByText(`${dashboard.url}/sso/saml/acs`)).toBeVisible();
  // Metadata that is not: the server's refusal, on purpose.
  allowConsoleError(page, /status of 400/);
  await form.locator('label', { hasText: 'Paste or upload' }).click();
  await form.getByLabel('The provider’s metadata').fill('<not-metadata/>');
  await addDomain(form, 'saml.example');
  await form.getByRole('textbox', { name: 'Group 1' }).fill('Approvers');
  await form.getByRole('combobox', { name: 'Roles of group 1' }).click();
  await page.getByRole('option', { name: 'Approver' }).click();
  await page.keyboard.press('Escape');
  await form.getByRole('button', { name: 'Set up' }).click();
  await expect(form.getByText(/describes no identity provider/).first()).toBeVisible();
  await form.getByLabel('The provider’s metadata').fill(provider.metadataXml);
  await form.getByRole('button', { name: 'Set up' }).click();
  await expect(page.getByText('SAML sign-on saved')).toBeVisible();
  await expect(form.getByText(provider.entityId)).toBeVisible();
  await checkA11y(page);
});

test('an admin sets up SAML from its metadata URL and tests a sign-in', async ({
  page,
  dashboard,
}) => {
  const provider = await samlProvider(dashboard);
  await signInAs(page, 'Ada Admin');
  await page.goto('/settings/sign-in');
  const form = page.getByRole('form', { name: 'SAML provider' });
  await form.locator('label', { hasText: /^Okta$/ }).click();
  await expect(form.getByRole('textbox', { name: /Email attribute/ })).toHaveValue('email');
  await form.getByRole('textbox', { name: /Metadata URL/ }).fill(`${provider.entityId}`);
  await addDomain(form, 'saml.example');
  await form.getByRole('textbox', { name: 'Group 1' }).fill('approvers');
  await form.getByRole('combobox', { name: 'Roles of group 1' }).click();
  await page.getByRole('option', { name: 'Approver' }).click();
  await page.keyboard.press('Escape');
  await form.getByRole('button', { name: 'Set up' }).click();
  await expect(page.getByText('SAML sign-on saved')).toBeVisible();
  await expect(form.getByText(/Its metadata is fetched from/)).toBeVisible();
  // The test sign-in: at the provider and back to Settings, nobody signed in by it.
  await form.getByRole('button', { name: 'Test sign-in…' }).click();
  await page.getByRole('button', { name: 'Sign in as Ines Keller' }).click();
  await expect(page.getByText('Test sign-in: ines@saml.example would sign in')).toBeVisible();
  await expect(page.getByText('Approver', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
});

test('a person signs in by SAML and lands with the role of their group', async ({
  page,
  dashboard,
}) => {
  const provider = await samlProvider(dashboard);
  await signInAs(page, 'Ada Admin');
  const saved = await page.request.put('/api/admin/sso/saml', {
    headers: CSRF,
    data: {
      metadataXml: provider.metadataXml,
      groupsAttribute: 'groups',
      domains: ['saml.example'],
      roleMap: [{ group: 'Approvers', roles: ['approver'] }],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await page.request.delete('/api/session', { headers: CSRF });
  await page.context().clearCookies();
  await page.goto('/sign-in?redirect=/approvals');
  await page.getByLabel('Email').fill('ines@saml.example');
  await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
  await page.getByRole('button', { name: 'Sign in as Ines Keller' }).click();
  await expect(page.getByRole('heading', { name: 'Approvals', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByText('Ines Keller · Approver')).toBeVisible();
});
