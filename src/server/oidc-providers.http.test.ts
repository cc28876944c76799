// OpenID Connect as Entra ID and Google Workspace send it (docs/decisions/085), against a
// certified OpenID provider (oidc-provider): Entra's issuer bound to its tenant and `tid` in every
// token, Google's `hd` for a Workspace account; group ids mapped with a label, names matched
// ignoring case; the client authenticated by a JWT signed with the dashboard's key
// (private_key_jwt) instead of a secret; the provider's signing key rotated without a restart;
// and an admin's test sign-in that shows the claims and signs nobody in.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listAudit } from './store/audit';
import { DIALECTS } from './store/testing';
import { startTestIdp, type TestIdp } from './sso/testing-idp';
import { JSON_CSRF, ssoLanding, startTestDashboard, type TestDashboard } from './testing';

const TENANT = '7d5c1a2e-9b1f-4c3e-8a6d-2f4b9e0c1d3a';
const FINANCE_OBJECT_ID = '3f2b8c1e-5d4a-4b6f-9e21-7a0c9d8e6f54';

describe.each(DIALECTS)('OpenID Connect providers as they send (%s)', (dialect) => {
  let t: TestDashboard;
  let admin: string;
  let entra: TestIdp;
  let google: TestIdp;
  let keyed: TestIdp;

  const callback = () => `${t.base}/api/sso/oidc/callback`;

  const setUp = (provider: TestIdp, body: Record<string, unknown>) =>
    t.call(admin, 'PUT', '/admin/sso/oidc', {
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      groupsClaim: 'groups',
      ...body,
    });

  /** A whole sign-in as `login` at `provider`: where the dashboard sends on, and the session. */
  async function signInThrough(provider: TestIdp, login: string) {
    const email = provider.people.get(login)!.email;
    const started = await fetch(`${t.base}/api/sso/start?email=${encodeURIComponent(email)}`, {
      redirect: 'manual',
    });
    expect(started.status).toBe(303);
    const binding = started.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('pp_sso='));
    const back = await provider.signIn(started.headers.get('location')!, login);
    return ssoLanding(
      await fetch(back, { redirect: 'manual', headers: { cookie: binding ?? '' } }),
    );
  }

  const lastError = async () => {
    const entry = (await listAudit(t.db, { action: 'sso sign-in', limit: 1 })).results[0];
    expect(entry).toMatchObject({ outcome: 'refused' });
    return String((entry!.details as { error?: string }).error);
  };

  beforeAll(async () => {
    t = await startTestDashboard({ dialect });
    admin = (await t.signIn('admin@demo.example')).cookie;
    entra = await startTestIdp({
      redirectUri: callback(),
      issuerPath: `/${TENANT}/v2.0`,
      people: {
        lea: {
          email: 'lea@entra.example',
          name: 'Lea Brandt',
          groups: [FINANCE_OBJECT_ID],
          extra: { tid: TENANT },
        },
        // Same provider software, another directory: a multi-tenant application's risk.
        max: {
          email: 'max@entra.example',
          name: 'Max Other',
          groups: [FINANCE_OBJECT_ID],
          extra: { tid: '00000000-1111-2222-3333-444444444444' },
        },
      },
    });
    google = await startTestIdp({
      redirectUri: callback(),
      people: {
        gita: {
          email: 'gita@google.example',
          name: 'Gita Rao',
          groups: ['Corp-Finance'],
          extra: { hd: 'google.example' },
        },
        // A consumer Google account under a Workspace address: no `hd`.
        pat: { email: 'pat@google.example', name: 'Pat Consumer', groups: ['corp-finance'] },
      },
    });
    keyed = await startTestIdp({
      redirectUri: callback(),
      privateKeyJwt: { jwksUri: `${t.base}/sso/oidc/jwks.json` },
      people: {
        kim: { email: 'kim@keyed.example', name: 'Kim Keyed', groups: ['finance'] },
      },
    });
  });
  afterAll(async () => {
    for (const idp of [entra, google, keyed]) await idp?.close();
    await t?.close();
  });

  it('asks Entra ID for its tenant, and for the issuer that names it', async () => {
    const base = {
      preset: 'entra',
      domains: ['entra.example'],
      roleMap: [{ group: FINANCE_OBJECT_ID, roles: ['finance'] }],
    };
    const noTenant = await setUp(entra, { ...base, tenant: 'contoso' });
    expect(noTenant.status).toBe(400);
    expect(noTenant.json.errors[0]).toMatchObject({ field: 'tenant' });
    const otherIssuer = await setUp(entra, {
      ...base,
      tenant: '00000000-1111-2222-3333-444444444444',
    });
    expect(otherIssuer.status).toBe(400);
    expect(otherIssuer.json.errors[0]).toMatchObject({ field: 'issuer' });
  });

  it('signs in an Entra ID person of the tenant, groups by object id; refuses another tenant', async () => {
    const saved = await setUp(entra, {
      preset: 'entra',
      tenant: TENANT.toUpperCase(),
      domains: ['entra.example'],
      roleMap: [{ group: FINANCE_OBJECT_ID, label: 'Corp-Finance', roles: ['finance'] }],
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.oidc).toMatchObject({ preset: 'entra', tenant: TENANT });
    const lea = await signInThrough(entra, 'lea');
    expect(lea.session).toBeDefined();
    const entry = (await listAudit(t.db, { action: 'sso sign-in', limit: 1 })).results[0];
    expect((entry!.details as { groups: string[] }).groups).toEqual([
      `${FINANCE_OBJECT_ID} (Corp-Finance)`,
    ]);
    const max = await signInThrough(entra, 'max');
    expect(max).toMatchObject({ location: '/sign-in?sso=FAILED', session: undefined });
    expect(await lastError()).toMatch(/^tid:/);
    expect(await t.server.workspace.userByEmail('max@entra.example')).toBeUndefined();
    await t.call(admin, 'DELETE', '/admin/sso/oidc');
  });

  it('signs in a Google Workspace account of the domain, not a consumer account', async () => {
    const saved = await setUp(google, {
      preset: 'google',
      tenant: 'google.example',
      domains: ['google.example'],
      roleMap: [{ group: 'corp-finance', roles: ['finance'] }],
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const gita = await signInThrough(google, 'gita');
    expect(gita.session, 'Corp-Finance matches corp-finance').toBeDefined();
    const pat = await signInThrough(google, 'pat');
    expect(pat.session).toBeUndefined();
    expect(await lastError()).toMatch(/^hd:/);
    await t.call(admin, 'DELETE', '/admin/sso/oidc');
  });

  it('authenticates with a JWT signed by its own key (private_key_jwt), no secret kept', async () => {
    const saved = await t.call(admin, 'PUT', '/admin/sso/oidc', {
      issuer: keyed.issuer,
      clientId: keyed.clientId,
      clientAuth: 'private_key_jwt',
      groupsClaim: 'groups',
      domains: ['keyed.example'],
      roleMap: [{ group: 'finance', roles: ['finance'] }],
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.oidc).toMatchObject({
      clientAuth: 'private_key_jwt',
      secretHint: '',
      jwksUri: `${t.base}/sso/oidc/jwks.json`,
    });
    const jwks = await (await fetch(`${t.base}/sso/oidc/jwks.json`)).json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0].d, 'never the private part').toBeUndefined();
    const kim = await signInThrough(keyed, 'kim');
    expect(kim.session, kim.session ? '' : await lastError()).toBeDefined();
  });

  it('takes the provider’s new signing key without a restart', async () => {
    const { json } = await t.call(admin, 'GET', '/admin/sso');
    expect(json.oidc.issuer).toBe(keyed.issuer);
    expect((await signInThrough(keyed, 'kim')).session).toBeDefined();
    // Two minutes later the provider publishes a new key and signs with it (the library reads
    // the keys again for an unknown one once those it read are a minute old).
    await keyed.rotate();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 120_000, shouldAdvanceTime: true });
    try {
      const after = await signInThrough(keyed, 'kim');
      expect(after.session, after.session ? '' : await lastError()).toBeDefined();
    } finally {
      vi.useRealTimers();
    }
  });
  it('reads the keys again after a token signed by a key published within the minute', async () => {
    expect((await signInThrough(keyed, 'kim')).session).toBeDefined();
    await keyed.rotate();
    // The keys were read moments ago: that sign-in fails, and the provider is discovered again.
    expect((await signInThrough(keyed, 'kim')).session).toBeUndefined();
    expect(await lastError()).toContain('OAUTH_KEY_SELECTION_FAILED');
    expect((await signInThrough(keyed, 'kim')).session, 'the next one').toBeDefined();
  });

  it('shows an admin what a test sign-in sent and would give, signing nobody in', async () => {
    const started = await fetch(`${t.base}/api/admin/sso/test`, {
      method: 'POST',
      headers: { cookie: admin, ...JSON_CSRF },
      body: JSON.stringify({ protocol: 'oidc' }),
    });
    expect(started.status).toBe(200);
    const { url } = (await started.json()) as { url: string };
    const binding = started.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('pp_sso='));
    const back = await keyed.signIn(url, 'kim');
    const done = ssoLanding(
      await fetch(back, { redirect: 'manual', headers: { cookie: binding ?? '' } }),
    );
    await expect(done).resolves.toMatchObject({
      location: '/settings/sign-in?test=done',
      session: undefined,
    });
    const { lastTest } = (await t.call(admin, 'GET', '/admin/sso')).json;
    expect(lastTest).toMatchObject({
      protocol: 'oidc',
      wouldSignIn: true,
      email: 'kim@keyed.example',
      roles: ['finance'],
    });
    expect(lastTest.claims).toContainEqual({ name: 'groups', values: ['finance'] });
  });
});
