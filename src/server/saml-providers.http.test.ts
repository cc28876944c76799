// SAML sign-in against identity providers built with samlify (docs/decisions/084, 085), shaped as
// Microsoft Entra ID, Okta and Google Workspace send their assertions: each signs in with its
// default attributes; each attack issue 60 found (another issuer, another Destination, RSA-SHA1)
// is refused with nobody made and the rule on the audit trail; sign-in started at the provider is
// refused until allowed; requests are signed where the provider asks (samlify verifies them);
// encrypted assertions are taken; a certificate rotation through the metadata URL keeps sign-in
// working; an admin's test sign-in shows what came back without signing anyone in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_PRESETS, type SsoPreset } from '#/api/sso';
import { listAudit } from './store/audit';
import { DIALECTS } from './store/testing';
import { CERTIFICATE_WARNING_MS, refreshSamlMetadata, warnOfExpiry } from './sso/saml-refresh';
import {
  type ProviderShape,
  type SamlifyIdp,
  type SamlifyResponseOptions,
  type ShapedPerson,
  startSamlifyIdp,
} from './sso/testing-samlify-idp';
import { postForm, ssoLanding, startTestDashboard, type TestDashboard } from './testing';
import { LETTER_ATTACKS } from './sso/testing-saml-idp';

/** Entra sends group object ids; the admin maps each with a label. */
const FINANCE_OBJECT_ID = '3f2b8c1e-5d4a-4b6f-9e21-7a0c9d8e6f54';

const PEOPLE: Record<ProviderShape, ShapedPerson> = {
  entra: { email: 'lea@entra.example', name: 'Lea Brandt', groups: [FINANCE_OBJECT_ID] },
  // Directories spell a group as they like: the map says corp-finance.
  okta: { email: 'omar@okta.example', name: 'Omar Haddad', groups: ['Corp-Finance', 'Everyone'] },
  google: { email: 'gita@google.example', name: 'Gita Rao', groups: ['corp-finance'] },
};

const ROLE_MAP: Record<ProviderShape, { group: string; label?: string; roles: string[] }[]> = {
  entra: [{ group: FINANCE_OBJECT_ID, label: 'Corp-Finance', roles: ['finance'] }],
  okta: [{ group: 'corp-finance', roles: ['finance'] }],
  google: [{ group: 'corp-finance', roles: ['finance'] }],
};

describe.each(DIALECTS)('SAML with samlify identity providers (%s)', (dialect) => {
  let t: TestDashboard;
  let admin: string;
  let acs: string;
  let spMetadata: () => Promise<string>;
  const idps = {} as Record<ProviderShape, SamlifyIdp>;

  async function post(samlResponse: string, relayState = '') {
    return ssoLanding(await postForm(acs, { SAMLResponse: samlResponse, RelayState: relayState }));
  }

  /** The provider set up from its metadata URL with its preset's attributes. */
  async function setUp(shape: ProviderShape, extra: Record<string, unknown> = {}) {
    const preset = PROVIDER_PRESETS[shape as SsoPreset].saml;
    const saved = await t.call(admin, 'PUT', '/admin/sso/saml', {
      preset: shape,
      metadataUrl: idps[shape].metadataUrl,
      emailAttribute: preset.email,
      nameAttribute: preset.name,
      groupsAttribute: preset.groups,
      domains: [PEOPLE[shape].email.split('@')[1]],
      roleMap: ROLE_MAP[shape],
      ...extra,
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    return saved.json;
  }

  /** An SP-initiated start for `email`, read (and its signature checked) by the provider. */
  async function requested(idp: SamlifyIdp, email: string) {
    const started = await fetch(`${t.base}/api/sso/start?email=${encodeURIComponent(email)}`, {
      redirect: 'manual',
    });
    expect(started.status).toBe(303);
    const location = started.headers.get('location')!;
    expect(location.startsWith(idp.ssoUrl)).toBe(true);
    return { id: await idp.readRequest(await spMetadata(), location), location };
  }

  const answer = async (shape: ProviderShape, options: Partial<SamlifyResponseOptions> = {}) =>
    idps[shape].response(await spMetadata(), { person: PEOPLE[shape], ...options });

  /** The metadata as last fetched `minutes` ago (the time a test cannot wait for). */
  async function fetchedMinutesAgo(minutes: number) {
    const row = await t.db.db
      .selectFrom('sso_connection')
      .select('options')
      .where('protocol', '=', 'saml')
      .executeTakeFirstOrThrow();
    const options = {
      ...JSON.parse(row.options),
      metadataFetchedAt: Date.now() - minutes * 60_000,
    };
    await t.db.db
      .updateTable('sso_connection')
      .set({ options: JSON.stringify(options) })
      .where('protocol', '=', 'saml')
      .execute();
  }

  const lastRefusal = async () => {
    const entry = (await listAudit(t.db, { action: 'sso sign-in', limit: 1 })).results[0];
    expect(entry).toMatchObject({ outcome: 'refused' });
    const details = entry!.details as { reason?: string; error?: string };
    return String(details.error ?? details.reason);
  };

  beforeAll(async () => {
    t = await startTestDashboard({ dialect });
    admin = (await t.signIn('admin@demo.example')).cookie;
    acs = `${t.base}/sso/saml/acs`;
    spMetadata = async () => (await fetch(`${t.base}/sso/saml/metadata`)).text();
    idps.entra = await startSamlifyIdp({ shape: 'entra' });
    idps.okta = await startSamlifyIdp({ shape: 'okta', wantAuthnRequestsSigned: true });
    idps.google = await startSamlifyIdp({ shape: 'google' });
  });
  afterAll(async () => {
    for (const idp of Object.values(idps)) await idp?.close();
    await t?.close();
  });

  it.each<ProviderShape>(['entra', 'okta', 'google'])(
    'signs in a person as %s sends them, with its default attributes',
    async (shape) => {
      const settings = await setUp(shape);
      expect(settings.saml).toMatchObject({
        preset: shape,
        entityId: idps[shape].entityId,
        metadataUrl: idps[shape].metadataUrl,
        allowIdpInitiated: false,
      });
      const person = PEOPLE[shape];
      const request = await requested(idps[shape], person.email);
      const done = await post(await answer(shape, { inResponseTo: request.id }));
      expect(done).toMatchObject({ status: 200, location: '/' });
      const session = await t.call(done.session!, 'GET', '/session');
      expect(session.json.user).toMatchObject({
        email: person.email,
        name: person.name,
        roles: ['finance'],
      });
      const entry = (await listAudit(t.db, { action: 'sso sign-in', limit: 1 })).results[0];
      expect(entry).toMatchObject({ outcome: 'ok', target: person.email });
      // Entra's group object id is kept with the label the admin gave it.
      if (shape === 'entra')
        expect((entry!.details as { groups: string[] }).groups).toEqual([
          `${FINANCE_OBJECT_ID} (Corp-Finance)`,
        ]);
      await t.call(admin, 'DELETE', '/admin/sso/saml');
    },
  );

  // The four responses issue 60 found signing people in, now from samlify: each refused with
  // nobody made, and the audit trail names the rule (decision 084).
  it.each(LETTER_ATTACKS)('refuses a response %s, making nobody', async (_, options, rule) => {
    await setUp('okta');
    const mallory = { email: 'mallory@okta.example', name: 'Mallory', groups: ['corp-finance'] };
    const request = await requested(idps.okta, mallory.email);
    const refused = await post(
      await answer('okta', { person: mallory, inResponseTo: request.id, ...options }),
    );
    expect(refused).toMatchObject({
      status: 303,
      location: '/sign-in?sso=FAILED',
      session: undefined,
    });
    expect(await t.server.workspace.userByEmail(mallory.email)).toBeUndefined();
    expect(await lastRefusal()).toMatch(rule);
  });

  it('refuses sign-in started at the provider until the admin allows it', async () => {
    await setUp('google');
    await expect(post(await answer('google'))).resolves.toMatchObject({
      location: '/sign-in?sso=FAILED',
      session: undefined,
    });
    expect(await lastRefusal()).toMatch(/^idp-initiated:/);
    await setUp('google', { allowIdpInitiated: true });
    expect((await post(await answer('google'))).session).toBeDefined();
  });

  it('signs its requests where the provider asks, and the provider verifies them', async () => {
    await setUp('okta');
    expect(await spMetadata()).toContain('AuthnRequestsSigned="true"');
    const { location } = await requested(idps.okta, PEOPLE.okta.email);
    const url = new URL(location);
    expect(url.searchParams.get('SigAlg')).toBe(
      'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    );
    // A request changed on the way does not pass the provider's check of our signature.
    url.searchParams.set('RelayState', '/somewhere-else');
    await expect(idps.okta.readRequest(await spMetadata(), url.href)).rejects.toThrow();
    // A provider that does not ask gets unsigned requests, as our metadata says.
    await setUp('google');
    expect(await spMetadata()).toContain('AuthnRequestsSigned="false"');
    const plain = await requested(idps.google, PEOPLE.google.email);
    expect(new URL(plain.location).searchParams.get('Signature')).toBeNull();
  });

  it('takes an assertion encrypted to its certificate', async () => {
    const metadata = await spMetadata();
    expect(metadata).toContain('use="encryption"');
    await setUp('entra');
    const request = await requested(idps.entra, PEOPLE.entra.email);
    const encrypted = await answer('entra', { inResponseTo: request.id, encrypt: true });
    expect(Buffer.from(encrypted, 'base64').toString()).toContain('EncryptedAssertion');
    const done = await post(encrypted);
    expect(done.session, done.session ? '' : await lastRefusal()).toBeDefined();
    // Encrypted, the attacks are still refused.
    const again = await requested(idps.entra, PEOPLE.entra.email);
    const evil = await answer('entra', {
      inResponseTo: again.id,
      encrypt: true,
      issuer: 'https://evil.example/idp',
    });
    expect((await post(evil)).session).toBeUndefined();
    expect(await lastRefusal()).toMatch(/^issuer:/);
  });

  it('keeps signing people in through a certificate rotation published in the metadata', async () => {
    await setUp('okta');
    const sso = t.server.app.dashboard.sso;
    const before = (await sso.saml())!.certificates;
    expect(before).toHaveLength(1);
    // Some minutes later, the provider publishes a second certificate and signs with it.
    await fetchedMinutesAgo(2);
    await idps.okta.rotate();
    const request = await requested(idps.okta, PEOPLE.okta.email);
    const done = await post(await answer('okta', { inResponseTo: request.id }));
    expect(done.session, done.session ? '' : await lastRefusal()).toBeDefined();
    const after = (await sso.saml())!.certificates;
    expect(after).toHaveLength(2);
    expect(after).toContain(before[0]);
    // It retires the old one; the scheduled refresh takes that too.
    idps.okta.retireOld();
    const deps = { sso, db: t.db, notices: t.server.app.dashboard.notifications.notices };
    expect(await refreshSamlMetadata(deps, Date.now() + 1)).toBe('rotated');
    expect((await sso.saml())!.certificates).toEqual([after[1]]);
    expect(await refreshSamlMetadata(deps, 0), 'fetched a moment ago').toBe('not due');
  });

  it('tells the admins once before the newest certificate expires', async () => {
    await setUp('google');
    const sso = t.server.app.dashboard.sso;
    const deps = { sso, db: t.db, notices: t.server.app.dashboard.notifications.notices };
    const { X509Certificate } = await import('node:crypto');
    const validTo = Date.parse(new X509Certificate((await sso.saml())!.certificates[0]!).validTo);
    expect(await warnOfExpiry(deps, validTo - CERTIFICATE_WARNING_MS - 60_000)).toBe(false);
    expect(await warnOfExpiry(deps, validTo - 10 * 86_400_000)).toBe(true);
    expect(await warnOfExpiry(deps, validTo - 9 * 86_400_000), 'once').toBe(false);
    const bell = await t.call(admin, 'GET', '/notifications');
    expect(JSON.stringify(bell.json)).toContain('certificate expires in 10 days');
  });

  it('logs out at the provider when a person signs out, and when the provider logs them out', async () => {
    const settings = await setUp('okta');
    expect(settings.saml.logoutUrl).toMatch(/\/slo$/);
    const person = PEOPLE.okta;
    const signedIn = async () => {
      const request = await requested(idps.okta, person.email);
      const done = await post(await answer('okta', { inResponseTo: request.id }));
      expect(done.session).toBeDefined();
      return done.session!;
    };
    const signedInStill = async (cookie: string) =>
      (await t.call(cookie, 'GET', '/session')).json.signedIn as boolean;
    // Signing out here sends the browser to the provider with a LogoutRequest it verifies.
    const first = await signedIn();
    const out = await t.call(first, 'DELETE', '/session');
    expect(out.json).toMatchObject({ signedIn: false });
    expect(out.json.providerLogout).toContain('/slo?SAMLRequest=');
    expect(new URL(out.json.providerLogout).searchParams.get('Signature')).toBeTruthy();
    expect(await idps.okta.readLogoutRequest(await spMetadata(), out.json.providerLogout)).toBe(
      person.email,
    );
    expect(await signedInStill(first)).toBe(false);
    // The provider logs the person out: every session it opened for them ends.
    const second = await signedIn();
    const third = await signedIn();
    const logout = await postForm(`${t.base}/sso/saml/logout`, {
      SAMLRequest: idps.okta.logoutRequest(await spMetadata(), person.email),
    });
    expect(logout.status).toBe(303);
    expect(logout.headers.get('location')).toContain('/slo?SAMLResponse=');
    expect(await signedInStill(second)).toBe(false);
    expect(await signedInStill(third)).toBe(false);
    const entry = (await listAudit(t.db, { action: 'sso logout', limit: 1 })).results[0];
    expect(entry).toMatchObject({ outcome: 'ok', target: person.email });
    // Both sessions of this test, and any an earlier test opened for the same person.
    expect((entry!.details as { sessionsEnded: number }).sessionsEnded).toBeGreaterThanOrEqual(2);
    // A LogoutRequest changed on the way ends nothing.
    const fourth = await signedIn();
    const forged = Buffer.from(
      Buffer.from(idps.okta.logoutRequest(await spMetadata(), 'someone@okta.example'), 'base64')
        .toString()
        .replace('someone@okta.example', person.email),
    ).toString('base64');
    const refused = await postForm(`${t.base}/sso/saml/logout`, { SAMLRequest: forged });
    expect(refused.status).toBe(400);
    expect(await signedInStill(fourth)).toBe(true);
  });

  it('shows an admin what a test sign-in sent and would give, signing nobody in', async () => {
    await setUp('entra');
    const started = await t.call(admin, 'POST', '/admin/sso/test', { protocol: 'saml' });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const id = await idps.entra.readRequest(await spMetadata(), started.json.url);
    const tester = { email: 'tess@entra.example', name: 'Tess Quinn', groups: ['unmapped-id'] };
    const done = await post(await answer('entra', { person: tester, inResponseTo: id }));
    expect(done).toMatchObject({ status: 200, location: '/settings/sign-in?test=done' });
    expect(done.session).toBeUndefined();
    expect(await t.server.workspace.userByEmail(tester.email)).toBeUndefined();
    const { lastTest } = (await t.call(admin, 'GET', '/admin/sso')).json;
    expect(lastTest).toMatchObject({
      protocol: 'saml',
      by: 'admin@demo.example',
      wouldSignIn: false,
      email: tester.email,
      groups: ['unmapped-id'],
      roles: [],
    });
    expect(lastTest.refusal).toContain('none of your groups gives a role');
    // Kept as words: a German admin reads why in German.
    await t.call(admin, 'PUT', '/account/language', { language: 'de' });
    const german = (await t.call(admin, 'GET', '/admin/sso')).json.lastTest;
    await t.call(admin, 'PUT', '/account/language', { language: null });
    expect(german.refusal).toContain('keine Ihrer Gruppen gibt Ihnen hier eine Rolle');
    expect(lastTest.claims).toContainEqual({
      name: PROVIDER_PRESETS.entra.saml.email,
      values: [tester.email],
    });
  });
});
