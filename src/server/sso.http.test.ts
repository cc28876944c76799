// Single sign-on through a real OpenID provider (oidc-provider on a loopback port, with people in
// groups; docs/decisions/051): an admin sets it up from its issuer, a person signs in and lands
// with the roles their groups give (made just in time the first time), roles follow the groups
// at every sign-in, and each way a sign-in can be forged or misused is refused, audited, and
// makes nobody.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from './store/audit';
import { DIALECTS } from './store/testing';
import { startTestIdp, type TestIdp } from './sso/testing-idp';
import { ssoLanding, startTestDashboard, type TestDashboard } from './testing';

const ROLE_MAP = [
  { group: 'payments-finance', roles: ['finance'] },
  { group: 'payments-approvers', roles: ['approver'] },
  { group: 'it-admins', roles: ['admin'] },
];

describe.each(DIALECTS)('single sign-on through an OpenID provider (%s)', (dialect) => {
  let t: TestDashboard;
  let idp: TestIdp;
  let admin: string;

  const callback = () => `${t.base}/api/sso/oidc/callback`;
  const setUp = (provider: TestIdp, extra: object = {}) =>
    t.call(admin, 'PUT', '/admin/sso/oidc', {
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      groupsClaim: 'groups',
      domains: ['partner.example'],
      roleMap: ROLE_MAP,
      ...extra,
    });

  /** Starts at the dashboard as `email`: the provider's URL and the browser's binding cookie. */
  async function start(email: string, returnTo?: string) {
    const query = new URLSearchParams({ email, ...(returnTo ? { returnTo } : {}) });
    const response = await fetch(`${t.base}/api/sso/start?${query}`, { redirect: 'manual' });
    return {
      status: response.status,
      location: response.headers.get('location') ?? '',
      binding: response.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!)
        .find((c) => c.startsWith('pp_sso=')),
    };
  }

  /** The provider's answer brought back to the dashboard with `cookie`: where it sends on. */
  async function finish(url: URL, cookie = '') {
    return ssoLanding(await fetch(url, { redirect: 'manual', headers: { cookie } }));
  }

  /** A whole sign-in as `login` at `provider`. */
  async function signInThrough(provider: TestIdp, login: string, returnTo?: string) {
    const email = provider.people.get(login)!.email;
    const started = await start(email, returnTo);
    expect(started.status).toBe(303);
    const back = await provider.signIn(started.location, login);
    return finish(back, started.binding);
  }

  const sessionOf = async (cookie: string) =>
    (await t.call(cookie, 'GET', '/session')).json as {
      signedIn: boolean;
      user?: { email: string; roles: string[]; name: string };
    };

  /** A person the admin adds; the answer carries their one-time password. */
  const addPerson = (email: string, name: string, roles: string[]) =>
    t.call(admin, 'POST', '/admin/users', { email, name, roles });

  const auditOf = async (action: string) => (await listAudit(t.db, { action, limit: 50 })).results;

  beforeAll(async () => {
    t = await startTestDashboard({ dialect });
    admin = (await t.signIn('admin@demo.example')).cookie;
    idp = await startTestIdp({
      redirectUri: callback(),
      people: {
        ines: { email: 'ines@partner.example', name: 'Ines Finance', groups: ['payments-finance'] },
        otto: { email: 'otto@partner.example', name: 'Otto Nobody', groups: ['sales'] },
        eve: { email: 'eve@elsewhere.example', name: 'Eve', groups: ['it-admins'] },
        kai: {
          email: 'kai@partner.example',
          name: 'Kai\r\nBcc: x@y',
          groups: ['payments-approvers'],
        },
        una: {
          email: 'una@partner.example',
          name: 'Una',
          groups: ['it-admins'],
          emailVerified: false,
        },
      },
    });
  });
  afterAll(async () => {
    await idp?.close();
    await t?.close();
  });

  it('refuses an issuer that does not answer as an OpenID provider, keeping nothing', async () => {
    const refused = await t.call(admin, 'PUT', '/admin/sso/oidc', {
      issuer: `${t.base}/not-a-provider`,
      clientId: 'x',
      clientSecret: 'y',
      groupsClaim: 'groups',
      domains: ['partner.example'],
      roleMap: ROLE_MAP,
    });
    expect(refused.status).toBe(502);
    expect(refused.json.errors).toEqual([
      { field: 'issuer', message: 'did not answer as an OpenID provider' },
    ]);
    expect((await t.call(admin, 'GET', '/admin/sso')).json.oidc).toBeNull();
  });

  it.each([
    [{ issuer: 'http://idp.example.com' }, 'issuer'],
    [{ issuer: 'ftp://127.0.0.1/' }, 'issuer'],
    [{ domains: ['not a domain'] }, 'domains.0'],
    [{ roleMap: [{ group: 'x', roles: ['root'] }] }, 'roleMap.0.roles.0'],
    [{ roleMap: [] }, 'roleMap'],
  ])('names the field of a bad setting: %o', async (bad, field) => {
    const refused = await setUp(idp, bad);
    expect(refused.status).toBe(400);
    expect(refused.json.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('keeps the provider with its secret sealed, and shows only its last characters', async () => {
    const saved = await setUp(idp);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.oidc).toMatchObject({
      issuer: idp.issuer,
      clientId: idp.clientId,
      secretHint: `…${idp.clientSecret.slice(-4)}`,
      domains: ['partner.example'],
    });
    expect(JSON.stringify(saved.json)).not.toContain(idp.clientSecret);
    expect(saved.json.redirectUri).toBe(callback());
    const stored = await t.db.db.selectFrom('sso_connection').selectAll().executeTakeFirstOrThrow();
    expect(stored.secret_sealed).not.toContain(idp.clientSecret);
    // Not an admin: not even a look.
    const finance = (await t.signIn('finance@demo.example')).cookie;
    expect((await t.call(finance, 'GET', '/admin/sso')).status).toBe(403);
  });

  it('sends the browser to the provider with PKCE, state, nonce and the address', async () => {
    const started = await start('ines@partner.example');
    expect(started.status).toBe(303);
    const url = new URL(started.location);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('login_hint')).toBe('ines@partner.example');
    expect(url.searchParams.get('redirect_uri')).toBe(callback());
    expect(started.binding).toBeDefined();
  });

  it('makes a person at their first sign-in, with the roles of their groups and no password', async () => {
    const done = await signInThrough(idp, 'ines', '/transactions/payouts');
    expect(done).toMatchObject({ status: 200, location: '/transactions/payouts' });
    expect(done.session).toBeDefined();
    const session = await sessionOf(done.session!);
    expect(session.user).toMatchObject({
      email: 'ines@partner.example',
      name: 'Ines Finance',
      roles: ['finance'],
    });
    // No password was set: none signs in.
    const password = await t.signIn({
      email: 'ines@partner.example',
      password: '' + 'x'.repeat(12),
    });
    expect(password.response.status).toBe(401);
    const made = await auditOf('person made by single sign-on');
    expect(made[0]).toMatchObject({ target: 'ines@partner.example', outcome: 'ok' });
    const signIn = (await auditOf('sso sign-in')).find((e) => e.outcome === 'ok');
    expect(signIn?.details).toMatchObject({ provider: idp.issuer, groups: ['payments-finance'] });
    expect((await t.call(admin, 'GET', '/admin/sso')).json.oidc.lastSignInEmail).toBe(
      'ines@partner.example',
    );
  });

  it('gives the roles the groups give at each sign-in, and none without a mapped group', async () => {
    idp.people.get('ines')!.groups = ['payments-finance', 'payments-approvers'];
    const again = await signInThrough(idp, 'ines');
    expect((await sessionOf(again.session!)).user?.roles).toEqual(['finance', 'approver']);
    expect((await auditOf('roles from the directory'))[0]?.details).toMatchObject({
      before: ['finance'],
      after: ['finance', 'approver'],
    });
    idp.people.get('ines')!.groups = ['sales'];
    const refused = await signInThrough(idp, 'ines');
    expect(refused).toMatchObject({ status: 303, location: '/sign-in?sso=NO_ROLE' });
    expect(refused.session).toBeUndefined();
    idp.people.get('ines')!.groups = ['payments-finance'];
  });

  it('refuses a person none of whose groups is mapped, and makes nobody', async () => {
    const refused = await signInThrough(idp, 'otto');
    expect(refused).toMatchObject({ status: 303, location: '/sign-in?sso=NO_ROLE' });
    expect(await t.server.workspace.userByEmail('otto@partner.example')).toBeUndefined();
    const entry = (await auditOf('sso sign-in')).find((e) => e.target === 'otto@partner.example');
    expect(entry).toMatchObject({ outcome: 'refused' });
    expect(entry?.details).toMatchObject({ reason: 'NO_ROLE', groups: ['sales'] });
  });

  it('does not start for an address outside the provider’s domains', async () => {
    const started = await start('someone@elsewhere.example');
    expect(started).toMatchObject({ status: 303, location: '/sign-in?sso=NOT_SET_UP' });
  });

  it('refuses an address the provider vouches for outside its domains', async () => {
    // Started as a covered address, answered by the provider for another.
    const started = await start('ines@partner.example');
    const back = await idp.signIn(started.location, 'eve');
    const refused = await finish(back, started.binding);
    expect(refused).toMatchObject({ status: 303, location: '/sign-in?sso=OTHER_DOMAIN' });
    expect(await t.server.workspace.userByEmail('eve@elsewhere.example')).toBeUndefined();
  });

  it('refuses an address the provider says is not verified', async () => {
    const refused = await signInThrough(idp, 'una');
    expect(refused.location).toBe('/sign-in?sso=FAILED');
    expect(await t.server.workspace.userByEmail('una@partner.example')).toBeUndefined();
  });

  it('names a person made by single sign-on by their address when the name is not one line', async () => {
    const done = await signInThrough(idp, 'kai');
    expect((await sessionOf(done.session!)).user?.name).toBe('kai@partner.example');
  });

  it('refuses an answer brought back to another browser', async () => {
    const started = await start('ines@partner.example');
    const back = await idp.signIn(started.location, 'ines');
    const refused = await finish(back, 'pp_sso=someone-elses');
    expect(refused).toMatchObject({ status: 303, location: '/sign-in?sso=FAILED' });
    expect(refused.session).toBeUndefined();
  });

  it('refuses a state it did not give, and the same answer twice', async () => {
    const started = await start('ines@partner.example');
    const back = await idp.signIn(started.location, 'ines');
    const forged = new URL(back);
    forged.searchParams.set('state', 'a-state-nobody-gave');
    expect((await finish(forged, started.binding)).location).toBe('/sign-in?sso=EXPIRED');
    const first = await finish(back, started.binding);
    expect(first.session).toBeDefined();
    const replayed = await finish(back, started.binding);
    expect(replayed).toMatchObject({ location: '/sign-in?sso=EXPIRED', session: undefined });
  });

  it('lands only on a path of this dashboard, never another site', async () => {
    for (const elsewhere of ['https://evil.example/', '//evil.example/', '/\\evil.example']) {
      const done = await signInThrough(idp, 'ines', elsewhere);
      expect(done.location).toBe('/');
    }
  });

  it('passes on the provider’s refusal in words, and makes no session', async () => {
    const started = await start('ines@partner.example');
    const state = new URL(started.location).searchParams.get('state')!;
    const url = new URL(callback());
    url.search = new URLSearchParams({ error: 'access_denied', state }).toString();
    const refused = await finish(url, started.binding);
    expect(refused).toMatchObject({ location: '/sign-in?sso=DENIED', session: undefined });
  });

  it('refuses a deactivated person', async () => {
    const person = await t.server.workspace.userByEmail('ines@partner.example');
    await t.server.workspace.setActive(person!.id, false);
    const refused = await signInThrough(idp, 'ines');
    expect(refused).toMatchObject({ location: '/sign-in?sso=DEACTIVATED', session: undefined });
    await t.server.workspace.setActive(person!.id, true);
  });

  describe.each([
    ['signs ID tokens with the client secret (HS256)', { signsWithClientSecret: true }],
    ['sends ID tokens with alg none', { unsignedIdTokens: true }],
  ])('a provider that %s', (_, hostile) => {
    let bad: TestIdp;
    beforeAll(async () => {
      bad = await startTestIdp({
        redirectUri: callback(),
        people: { mal: { email: 'mal@partner.example', name: 'Mal', groups: ['it-admins'] } },
        ...hostile,
      });
      expect((await setUp(bad)).status).toBe(200);
    });
    afterAll(async () => {
      await bad.close();
      expect((await setUp(idp)).status).toBe(200);
    });

    it('is refused, and nobody is made', async () => {
      const refused = await signInThrough(bad, 'mal');
      expect(refused).toMatchObject({ location: '/sign-in?sso=FAILED', session: undefined });
      expect(await t.server.workspace.userByEmail('mal@partner.example')).toBeUndefined();
      const entry = (await auditOf('sso sign-in')).find(
        (e) =>
          e.outcome === 'refused' && (e.details as { provider?: string })?.provider === bad.issuer,
      );
      // Refused for the token itself, not on the way there.
      expect(String((entry?.details as { error?: string })?.error)).toMatch(/alg|signature|JWS/i);
    });
  });

  it('with two admins, holds the provider’s settings for the second one, secret sealed', async () => {
    const second = await addPerson('second.admin@demo.example', 'Second Admin', ['admin']);
    expect(second.status, JSON.stringify(second.json)).toBe(200);
    const other = (
      await t.signIn({ email: 'second.admin@demo.example', password: second.json.oneTimePassword })
    ).cookie;
    const withSales = [...ROLE_MAP, { group: 'sales', roles: ['viewer'] }];
    const held = await setUp(idp, { roleMap: withSales });
    expect(held.status, JSON.stringify(held.json)).toBe(202);
    expect(held.json.change.kind).toBe('setSingleSignOn');
    expect(held.json.change.summary).toContain('sales: Viewer');
    // Nothing applies yet, and the pending change keeps no secret in clear.
    expect((await signInThrough(idp, 'otto')).location).toBe('/sign-in?sso=NO_ROLE');
    const stored = await t.db.db.selectFrom('control_change').select('payload').execute();
    expect(JSON.stringify(stored)).not.toContain(idp.clientSecret);
    const approved = await t.call(
      other,
      'POST',
      `/controls/changes/${held.json.change.id}/approve`,
    );
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    expect(approved.json.change.status).toBe('applied');
    // Applied with the secret given: the code exchange with the provider works.
    const otto = await signInThrough(idp, 'otto');
    expect((await sessionOf(otto.session!)).user?.roles).toEqual(['viewer']);
    // Back to one admin for what follows.
    const person = await t.server.workspace.userByEmail('second.admin@demo.example');
    await t.server.workspace.setActive(person!.id, false);
    expect((await setUp(idp)).status).toBe(200);
  });

  it('opens sessions for as long as the sign-in policy says, and refuses limits out of range', async () => {
    for (const [bad, field] of [
      [{ idleMinutes: 2 }, 'idleMinutes'],
      [{ sessionHours: 48 }, 'sessionHours'],
      [{ idleMinutes: 7.5 }, 'idleMinutes'],
    ] as const) {
      const refused = await t.call(admin, 'PUT', '/admin/sso/policy', {
        ssoRequired: false,
        breakGlass: [],
        ...bad,
      });
      expect(refused.status).toBe(400);
      expect(refused.json.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const set = await t.call(admin, 'PUT', '/admin/sso/policy', {
      ssoRequired: false,
      breakGlass: [],
      sessionHours: 1,
      idleMinutes: 5,
    });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    const before = Date.now();
    const finance = (await t.signIn('finance@demo.example')).cookie;
    const session = (await t.call(finance, 'GET', '/session')).json;
    expect(session.idleMs).toBe(5 * 60_000);
    expect(session.expiresAt).toBeGreaterThanOrEqual(before + 5 * 60_000 - 1000);
    expect(session.expiresAt).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
    const viaSso = await signInThrough(idp, 'ines');
    expect((await t.call(viaSso.session!, 'GET', '/session')).json.idleMs).toBe(5 * 60_000);
    await t.call(admin, 'PUT', '/admin/sso/policy', { ssoRequired: false, breakGlass: [] });
  });

  describe('with single sign-on required', () => {
    it('is refused without a break-glass admin, or with one who is not an admin', async () => {
      const none = await t.call(admin, 'PUT', '/admin/sso/policy', {
        ssoRequired: true,
        breakGlass: [],
      });
      expect(none.status).toBe(409);
      const notAdmin = await t.call(admin, 'PUT', '/admin/sso/policy', {
        ssoRequired: true,
        breakGlass: ['finance@demo.example'],
      });
      expect(notAdmin.status).toBe(409);
      expect(notAdmin.json.detail).toContain('finance@demo.example');
    });

    it('sends a covered address from the password form to single sign-on; others keep theirs', async () => {
      const made = await addPerson('pat@partner.example', 'Pat Password', ['viewer']);
      expect(made.status, JSON.stringify(made.json)).toBe(200);
      const required = await t.call(admin, 'PUT', '/admin/sso/policy', {
        ssoRequired: true,
        breakGlass: ['admin@demo.example'],
      });
      expect(required.status, JSON.stringify(required.json)).toBe(200);
      const refused = await t.signIn({
        email: 'pat@partner.example',
        password: made.json.oneTimePassword,
      });
      expect(refused.response.status).toBe(409);
      const problem = (await refused.response.json()) as { code: string; errors: unknown[] };
      expect(problem.code).toBe('SSO_REQUIRED');
      expect(problem.errors).toEqual([
        { field: 'email', message: 'signs in through single sign-on' },
      ]);
      expect(refused.cookie).toBe('');
      // Through the provider, the same address is welcome.
      expect((await signInThrough(idp, 'ines')).session).toBeDefined();
      // Addresses outside the provider's domains sign in as before.
      expect((await t.signIn('finance@demo.example')).response.status).toBe(200);
      await t.call(admin, 'PUT', '/admin/sso/policy', { ssoRequired: false, breakGlass: [] });
    });
  });
});
