// SCIM 2.0 provisioning (docs/decisions/052) with requests written as Okta and Microsoft Entra ID
// send them: people made, looked up by filter, replaced (Okta's PUT of the whole user), patched
// (Entra ID's capitalised ops and "False" as a string), deactivated (their sessions end at once)
// and deleted; groups whose members get the roles the group map gives, at once; and every way a
// request can be wrong or unauthorised answered in SCIM's error format, audited, changing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCIM_SCHEMAS } from '#/api/scim';
import { listAudit } from './store/audit';
import { DIALECTS } from './store/testing';
import { startTestDashboard, type TestDashboard } from './testing';

describe.each(DIALECTS)('provisioning from the directory (SCIM 2.0) (%s)', (dialect) => {
  let t: TestDashboard;
  let admin: string;
  let token: string;

  const scim = async (method: string, path: string, body?: unknown, bearer = token) => {
    const response = await fetch(`${t.base}/scim/v2${path}`, {
      method,
      headers: {
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/scim+json' } : {}),
      },
      ...(body !== undefined
        ? { body: typeof body === 'string' ? body : JSON.stringify(body) }
        : {}),
    });
    const text = await response.text();
    return {
      status: response.status,
      type: response.headers.get('content-type') ?? '',
      json: text ? JSON.parse(text) : null,
    };
  };

  const okta = (email: string, extra: object = {}) => ({
    schemas: [SCIM_SCHEMAS.user],
    userName: email,
    name: { givenName: 'Ines', familyName: 'Keller' },
    emails: [{ primary: true, value: email, type: 'work' }],
    displayName: 'Ines Keller',
    locale: 'en-US',
    externalId: '00u1abcd',
    groups: [],
    password: 'ignored-by-us',
    active: true,
    ...extra,
  });

  beforeAll(async () => {
    t = await startTestDashboard({ dialect });
    admin = (await t.signIn('admin@demo.example')).cookie;
    const made = await t.call(admin, 'POST', '/admin/scim/token');
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    token = made.json.secret;
  });
  afterAll(() => t?.close());

  it('shows the token once, keeps only its hash, and lists its last use', async () => {
    expect(token).toMatch(/^scim_[\w-]{43}$/);
    const shown = await t.call(admin, 'GET', '/admin/scim');
    expect(shown.json.baseUrl).toBe(`${t.base}/scim/v2`);
    expect(JSON.stringify(shown.json)).not.toContain(token);
    const stored = await t.db.db.selectFrom('scim_token').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);
    await scim('GET', '/ServiceProviderConfig');
    const after = await t.call(admin, 'GET', '/admin/scim');
    expect(after.json.token.lastRequest).toBe('GET /ServiceProviderConfig');
    const finance = (await t.signIn('finance@demo.example')).cookie;
    expect((await t.call(finance, 'POST', '/admin/scim/token')).status).toBe(403);
  });

  it('says what it supports', async () => {
    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.type).toContain('application/scim+json');
    expect(config.json).toMatchObject({ patch: { supported: true }, bulk: { supported: false } });
    const types = await scim('GET', '/ResourceTypes');
    expect(types.json.Resources.map((r: { id: string }) => r.id)).toEqual(['User', 'Group']);
    const schemas = await scim('GET', '/Schemas');
    expect(schemas.json.totalResults).toBe(2);
  });

  it.each([
    ['no token', undefined],
    ['an unknown token', 'scim_not-a-token'],
  ])('refuses a request with %s, in SCIM’s format, audited', async (_, bearer) => {
    const refused = await scim('POST', '/Users', okta('mal@partner.example'), bearer ?? '');
    expect(refused.status).toBe(401);
    expect(refused.json).toMatchObject({ schemas: [SCIM_SCHEMAS.error], status: '401' });
    expect(await t.server.workspace.userByEmail('mal@partner.example')).toBeUndefined();
    const entry = (await listAudit(t.db, { action: 'scim request', limit: 5 })).results[0];
    expect(entry).toMatchObject({ outcome: 'refused' });
  });

  it('makes a person as Okta sends them, without a password, and finds them by userName', async () => {
    const made = await scim('POST', '/Users', okta('ines@partner.example'));
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    expect(made.json).toMatchObject({
      userName: 'ines@partner.example',
      displayName: 'Ines Keller',
      externalId: '00u1abcd',
      active: true,
      meta: { resourceType: 'User', location: `${t.base}/scim/v2/Users/${made.json.id}` },
    });
    const found = await scim('GET', '/Users?filter=userName%20eq%20%22ines%40partner.example%22');
    expect(found.json).toMatchObject({ totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    expect(found.json.Resources[0].id).toBe(made.json.id);
    const none = await scim('GET', '/Users?filter=userName%20eq%20%22nobody%40partner.example%22');
    expect(none.json).toMatchObject({ totalResults: 0, Resources: [] });
    const again = await scim('POST', '/Users', okta('ines@partner.example'));
    expect(again).toMatchObject({ status: 409, json: { scimType: 'uniqueness' } });
    const signIn = await t.signIn({ email: 'ines@partner.example', password: 'ignored-by-us' });
    expect(signIn.response.status).toBe(401);
    const entry = (await listAudit(t.db, { action: 'scim: create user', limit: 1 })).results[0];
    expect(entry?.details).toMatchObject({ token: expect.any(String) });
  });

  it('gives roles from groups at once, through the group map, and takes them away', async () => {
    await t.server.app.dashboard.sso.setOidc(
      {
        issuer: 'https://idp.partner.example',
        clientId: 'c',
        clientSecret: 's',
        groupsClaim: 'groups',
        domains: ['partner.example'],
        roleMap: [
          { group: 'Payments Finance', roles: ['finance'] },
          { group: 'Payments Approvers', roles: ['approver'] },
        ],
      },
      'test',
    );
    const ines = (await t.server.workspace.userByEmail('ines@partner.example'))!;
    // Okta: the group made with its members.
    const group = await scim('POST', '/Groups', {
      schemas: [SCIM_SCHEMAS.group],
      displayName: 'Payments Finance',
      members: [{ value: ines.id, display: 'ines@partner.example' }],
    });
    expect(group.status, JSON.stringify(group.json)).toBe(201);
    expect((await t.server.workspace.userById(ines.id))!.roles).toEqual(['finance']);
    // Entra ID: a second group, then a member added with a capitalised op.
    const approvers = await scim('POST', '/Groups', {
      schemas: [SCIM_SCHEMAS.group],
      displayName: 'Payments Approvers',
      externalId: 'e1',
    });
    const added = await scim('PATCH', `/Groups/${approvers.json.id}`, {
      schemas: [SCIM_SCHEMAS.patch],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: ines.id }] }],
    });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    expect((await t.server.workspace.userById(ines.id))!.roles).toEqual(['finance', 'approver']);
    const user = await scim('GET', `/Users/${ines.id}`);
    expect(user.json.groups.map((g: { display: string }) => g.display)).toEqual([
      'Payments Approvers',
      'Payments Finance',
    ]);
    // Okta: a member removed by a filter path.
    const removed = await scim('PATCH', `/Groups/${group.json.id}`, {
      schemas: [SCIM_SCHEMAS.patch],
      Operations: [{ op: 'remove', path: `members[value eq "${ines.id}"]` }],
    });
    expect(removed.status).toBe(200);
    expect((await t.server.workspace.userById(ines.id))!.roles).toEqual(['approver']);
    // A group deleted: its members lose what it gave.
    expect((await scim('DELETE', `/Groups/${approvers.json.id}`)).status).toBe(204);
    expect((await t.server.workspace.userById(ines.id))!.roles).toEqual([]);
    const byName = await scim(
      'GET',
      '/Groups?filter=displayName%20eq%20%22Payments%20Finance%22&excludedAttributes=members',
    );
    expect(byName.json.Resources).toHaveLength(1);
    expect(byName.json.Resources[0].members).toBeUndefined();
    const audited = await listAudit(t.db, { action: 'roles from the directory', limit: 5 });
    expect(audited.results[0]?.details).toMatchObject({ via: 'scim', after: [] });
  });

  it('gives roles through the SAML provider’s group map too', async () => {
    const sso = t.server.app.dashboard.sso;
    await sso.removeOidc();
    await sso.setSaml(
      {
        entityId: 'https://idp.partner.example/saml',
        entryPoint: 'https://idp.partner.example/sso',
        certificates: [],
        groupsAttribute: 'groups',
        domains: ['partner.example'],
        roleMap: [{ group: 'Payments Viewers', roles: ['viewer'] }],
      },
      'test',
    );
    const ines = (await t.server.workspace.userByEmail('ines@partner.example'))!;
    const made = await scim('POST', '/Groups', {
      schemas: [SCIM_SCHEMAS.group],
      displayName: 'Payments Viewers',
      members: [{ value: ines.id }],
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    expect((await t.server.workspace.userById(ines.id))!.roles).toEqual(['viewer']);
    await scim('DELETE', `/Groups/${made.json.id}`);
    expect((await t.server.workspace.userById(ines.id))!.roles).toEqual([]);
    await sso.removeSaml();
  });

  it('replaces a person as Okta sends the whole user with PUT', async () => {
    const ines = (await t.server.workspace.userByEmail('ines@partner.example'))!;
    const put = await scim('PUT', `/Users/${ines.id}`, {
      ...okta('ines@partner.example'),
      id: ines.id,
      name: { givenName: 'Ines', familyName: 'Keller-Berg' },
      displayName: 'Ines Keller-Berg',
    });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    expect((await t.server.workspace.userById(ines.id))!.name).toBe('Ines Keller-Berg');
  });

  it('deactivates a person as Entra ID sends it, and their sessions end at once', async () => {
    const made = await scim(
      'POST',
      '/Users',
      okta('otto@partner.example', { externalId: 'e-otto' }),
    );
    const otto = made.json.id as string;
    await t.server.workspace.setPassword(otto, 'a password long enough');
    const session = (
      await t.signIn({ email: 'otto@partner.example', password: 'a password long enough' })
    ).cookie;
    expect((await t.call(session, 'GET', '/session')).json.signedIn).toBe(true);
    const patched = await scim('PATCH', `/Users/${otto}`, {
      schemas: [SCIM_SCHEMAS.patch],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(patched.status, JSON.stringify(patched.json)).toBe(200);
    expect(patched.json.active).toBe(false);
    expect((await t.call(session, 'GET', '/session')).json.signedIn).toBe(false);
    // Entra ID also sends changes without a path, and names by parts.
    const renamed = await scim('PATCH', `/Users/${otto}`, {
      schemas: [SCIM_SCHEMAS.patch],
      Operations: [
        {
          op: 'Replace',
          value: { 'name.givenName': 'Otto', 'name.familyName': 'Brandt', active: 'True' },
        },
      ],
    });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    expect(renamed.json).toMatchObject({ displayName: 'Otto Brandt', active: true });
    const deactivated = (await listAudit(t.db, { action: 'scim: deactivate user', limit: 1 }))
      .results;
    expect(deactivated[0]).toMatchObject({ target: 'otto@partner.example' });
  });

  it('deletes a person: deactivated, out of the directory’s view, kept on the audit trail', async () => {
    const otto = (await t.server.workspace.userByEmail('otto@partner.example'))!;
    expect((await scim('DELETE', `/Users/${otto.id}`)).status).toBe(204);
    expect((await t.server.workspace.userById(otto.id))!.disabledAt).not.toBeNull();
    expect((await scim('GET', `/Users/${otto.id}`)).status).toBe(404);
    expect((await scim('DELETE', `/Users/${otto.id}`)).status).toBe(404);
  });

  it.each([
    ['userName sw "ines"', 'invalidFilter'],
    ['userName eq ines', 'invalidFilter'],
    ['title eq "boss"', 'invalidFilter'],
    ['userName eq "a" or userName eq "b"', 'invalidFilter'],
  ])('refuses the filter %s as %s, never a 5xx', async (filter, scimType) => {
    const refused = await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`);
    expect(refused).toMatchObject({ status: 400, json: { scimType, status: '400' } });
    const entry = (await listAudit(t.db, { action: 'scim request', limit: 1 })).results[0];
    expect(entry).toMatchObject({ outcome: 'refused', details: { status: 400 } });
  });

  it.each([
    ['a userName that is no address', okta('not-an-address'), 'invalidValue'],
    [
      'a name on two lines',
      okta('two@partner.example', { displayName: 'Mallory\r\nBcc: x' }),
      'invalidValue',
    ],
    ['active that is no boolean', okta('b@partner.example', { active: 'maybe' }), 'invalidValue'],
    ['no userName', { schemas: [SCIM_SCHEMAS.user] }, 'invalidValue'],
    ['JSON that is not an object', '[1,2', 'invalidSyntax'],
  ])('refuses %s, making nobody', async (_, body, scimType) => {
    const refused = await scim('POST', '/Users', body);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ schemas: [SCIM_SCHEMAS.error], scimType });
    expect(await t.server.workspace.userByEmail('two@partner.example')).toBeUndefined();
  });

  it('refuses a patch it cannot read, and a member nobody is', async () => {
    const ines = (await t.server.workspace.userByEmail('ines@partner.example'))!;
    const badOp = await scim('PATCH', `/Users/${ines.id}`, {
      schemas: [SCIM_SCHEMAS.patch],
      Operations: [{ op: 'merge', path: 'active', value: false }],
    });
    expect(badOp).toMatchObject({ status: 400, json: { scimType: 'invalidValue' } });
    const [group] = (await scim('GET', '/Groups')).json.Resources;
    const nobody = await scim('PATCH', `/Groups/${group.id}`, {
      schemas: [SCIM_SCHEMAS.patch],
      Operations: [{ op: 'add', path: 'members', value: [{ value: 'no-such-user' }] }],
    });
    expect(nobody).toMatchObject({ status: 400, json: { scimType: 'invalidValue' } });
    expect((await t.server.workspace.userById(ines.id))!.disabledAt).toBeNull();
  });

  it('refuses a body of 5 MB with 413, in SCIM’s format', async () => {
    const huge = JSON.stringify(
      okta('huge@partner.example', { displayName: 'x'.repeat(5 * 1024 * 1024) }),
    );
    const refused = await scim('POST', '/Users', huge);
    expect(refused.status).toBe(413);
    const entry = (await listAudit(t.db, { action: 'scim request', limit: 1 })).results[0];
    expect(entry).toMatchObject({ outcome: 'refused', details: { status: 413 } });
    expect(await t.server.workspace.userByEmail('huge@partner.example')).toBeUndefined();
    expect(refused.json).toMatchObject({ schemas: [SCIM_SCHEMAS.error], status: '413' });
  });

  it('stops taking a rotated or revoked token', async () => {
    const rotated = await t.call(admin, 'POST', '/admin/scim/token');
    expect((await scim('GET', '/Users')).status).toBe(401);
    token = rotated.json.secret;
    expect((await scim('GET', '/Users')).status).toBe(200);
    await t.call(admin, 'DELETE', '/admin/scim/token');
    const refused = await scim('GET', '/Users');
    expect(refused.status).toBe(401);
    const entry = (await listAudit(t.db, { action: 'scim request', limit: 1 })).results[0];
    expect(entry?.details).toMatchObject({ reason: 'revoked token' });
  });
});
