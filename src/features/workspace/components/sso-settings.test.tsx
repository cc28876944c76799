// @vitest-environment happy-dom
// Single sign-on in Settings: what to register with a provider is there to copy before anything
// is set up; a provider's form names each field at fault before anything is sent (an issuer
// without https among them); a SAML provider set up says whom it trusts and until when, and is
// removed only when asked twice; presets fill in what a provider sends; the last test sign-in and
// a certificate about to expire are shown.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, expect, it } from 'vitest';
import { SsoSettings } from '#/api/sso';
import { renderWithData, signedInAs } from '#/components/testing';
import { ssoQuery } from '../sso-queries';
import { SsoSettingsPanel } from './sso-settings';

afterEach(cleanup);

const settings = (over: Partial<SsoSettings> = {}): SsoSettings =>
  SsoSettings.parse({
    oidc: null,
    saml: null,
    policy: { ssoRequired: false, breakGlass: [], sessionHours: 12, idleMinutes: 30 },
    redirectUri: 'https://dashboard.partner.example/api/sso/oidc/callback',
    serviceProvider: {
      entityId: 'https://dashboard.partner.example/saml',
      acsUrl: 'https://dashboard.partner.example/saml/acs',
      metadataUrl: 'https://dashboard.partner.example/saml/metadata',
      logoutUrl: 'https://dashboard.partner.example/saml/logout',
      signingCertificate: { subject: 'CN=dashboard signing', validTo: '2036-11-29' },
      encryptionCertificate: { subject: 'CN=dashboard encryption', validTo: '2036-11-29' },
    },
    jwksUri: 'https://dashboard.partner.example/sso/oidc/jwks.json',
    lastTest: null,
    ...over,
  });

/** A SAML provider set up from pasted metadata, its certificate good until `validTo`. */
const samlProvider = (o: { validTo: string; signsRequests?: boolean }) => ({
  entityId: 'https://idp.partner.example/saml',
  entryPoint: 'https://idp.partner.example/sso',
  certificates: [{ subject: 'CN=idp.partner.example', validTo: o.validTo }],
  preset: 'other' as const,
  metadataUrl: null,
  metadataFetchedAt: null,
  metadataProblem: null,
  emailAttribute: 'email',
  nameAttribute: 'displayName',
  allowIdpInitiated: false,
  signsRequests: o.signsRequests ?? false,
  logoutUrl: null,
  groupsAttribute: 'groups',
  domains: ['partner.example'],
  roleMap: [{ group: 'finance', roles: ['finance' as const] }],
  updatedAt: 1_790_000_000_000,
  updatedBy: 'admin@partner.example',
  lastSignInAt: null,
  lastSignInEmail: null,
});

function panel(data: SsoSettings) {
  renderWithData(
    <Suspense>
      <SsoSettingsPanel />
    </Suspense>,
    [[ssoQuery.queryKey, data], signedInAs(['admin'])],
  );
}

const formNamed = async (name: string) => within(await screen.findByRole('form', { name }));

it('gives what to register with a provider before anything is set up', async () => {
  panel(settings());
  await screen.findByText('Redirect URI to register with the provider');
  for (const value of [
    'https://dashboard.partner.example/api/sso/oidc/callback',
    'https://dashboard.partner.example/saml/acs',
    'https://dashboard.partner.example/saml',
  ])
    expect(screen.getAllByText(value).length).toBeGreaterThan(0);
  expect(
    screen
      .getByRole('link', { name: 'Download this dashboard’s SAML metadata' })
      .getAttribute('href'),
  ).toBe('https://dashboard.partner.example/saml/metadata');
});

it('names every field at fault before an OpenID provider is sent, https included', async () => {
  panel(settings());
  const form = await formNamed('OpenID provider');
  await userEvent.type(
    form.getByRole('textbox', { name: /Issuer URL/ }),
    'http://login.example.com',
  );
  await userEvent.click(form.getByRole('button', { name: 'Check and set up' }));
  expect(await form.findByText(/Issuer URL must use https/)).toBeTruthy();
  expect(form.getByText(/Client ID/, { selector: '.mantine-InputWrapper-error' })).toBeTruthy();
  expect(form.getByText(/must name at least one domain/)).toBeTruthy();
  // Nothing was sent: no refusal of the server is shown.
  expect(form.queryByText('Not saved')).toBeNull();
});

it('says whom a SAML provider trusts, and removes it only when asked twice', async () => {
  panel(
    settings({
      saml: samlProvider({ validTo: '2027-06-30' }),
    }),
  );
  const form = await formNamed('SAML provider');
  expect(
    form.getByText((_, node) =>
      Boolean(
        node?.tagName === 'P' &&
        /Signs in through https:\/\/idp\.partner\.example\/saml at https:\/\/idp\.partner\.example\/sso; its signing certificate: CN=idp\.partner\.example, until 2027-06-30\./.test(
          node.textContent ?? '',
        ),
      ),
    ),
  ).toBeTruthy();
  await userEvent.click(form.getByRole('button', { name: 'Remove the provider…' }));
  expect(form.getByText('Remove this provider?')).toBeTruthy();
  expect(
    form.getByText(/Nobody can sign in through https:\/\/idp\.partner\.example\/saml/),
  ).toBeTruthy();
  await userEvent.click(form.getByRole('button', { name: 'Keep it' }));
  expect(form.queryByText('Remove this provider?')).toBeNull();
});

it('fills in what Entra ID sends, and asks for a label beside each group object id', async () => {
  panel(settings());
  const form = await formNamed('SAML provider');
  await userEvent.click(form.getByRole('radio', { name: 'Entra ID' }));
  expect((form.getByRole('textbox', { name: /Email attribute/ }) as HTMLInputElement).value).toBe(
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  );
  expect((form.getByRole('textbox', { name: /Groups attribute/ }) as HTMLInputElement).value).toBe(
    'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups',
  );
  expect(form.getByText(/Entra ID sends each group’s object ID/)).toBeTruthy();
  expect(form.getByRole('textbox', { name: 'Label of group 1' })).toBeTruthy();
  // Sign-in started at the provider is off unless the admin turns it on, with the risk said.
  const idpInitiated = form.getByRole('checkbox', {
    name: /Allow sign-in started at the provider/,
  });
  expect((idpInitiated as HTMLInputElement).checked).toBe(false);
  expect(form.getByText(/login CSRF/)).toBeTruthy();
});

it('shows what the last test sign-in sent and which roles it would give', async () => {
  panel(
    settings({
      lastTest: {
        protocol: 'oidc',
        provider: 'https://login.partner.example',
        at: 1_790_000_000_000,
        by: 'admin@partner.example',
        wouldSignIn: false,
        refusal: 'Your identity provider signed you in, but none of your groups gives a role here.',
        subject: 'abc',
        email: 'tess@partner.example',
        name: 'Tess',
        groups: ['sales'],
        roles: [],
        claims: [{ name: 'groups', values: ['sales'] }],
      },
    }),
  );
  expect(
    await screen.findByText('Test sign-in: tess@partner.example would not sign in'),
  ).toBeTruthy();
  expect(screen.getByText(/none of your groups gives a role/)).toBeTruthy();
  expect(screen.getByText('groups', { selector: 'dt' })).toBeTruthy();
});

it('warns when the provider’s newest certificate expires within 30 days', async () => {
  const soon = new Date(Date.now() + 10 * 86_400_000).toUTCString();
  panel(
    settings({
      saml: samlProvider({ validTo: soon, signsRequests: true }),
    }),
  );
  const form = await formNamed('SAML provider');
  expect(form.getByText('Its certificate expires soon')).toBeTruthy();
  expect(form.getByText(/and its metadata is pasted again/)).toBeTruthy();
  expect(form.getByText(/It asks for signed requests/)).toBeTruthy();
});
