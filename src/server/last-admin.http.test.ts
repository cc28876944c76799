// No change of roles or activity leaves the workspace without an active admin (docs/decisions/
// 063), whichever way it comes: an admin's own change, a change held for a second admin and
// applied later, or the directory (SCIM). Each refusal is in words, audited, and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCIM_SCHEMAS } from '#/api/scim';
import { listAudit } from './store/audit';
import { startTestDashboard, type TestDashboard } from './testing';

describe('the last active admin', () => {
  let t: TestDashboard;
  let ada: string;
  let adaId: string;
  const people = async () =>
    (await t.call(ada, 'GET', '/admin/users')).json.results as {
      id: string;
      email: string;
      roles: string[];
      disabledAt: number | null;
    }[];
  /** Ada adds another admin (one admin: applied at once); the answer. */
  const addAdmin = async (email: string, name: string) => {
    const added = await t.call(ada, 'POST', '/admin/users', { email, name, roles: ['admin'] });
    expect(added.status).toBe(200);
    return added;
  };
  const lastAudit = async () =>
    (await listAudit(t.db, { action: 'set roles', limit: 1 })).results[0]!;

  beforeAll(async () => {
    t = await startTestDashboard();
    ada = (await t.signIn('admin@demo.example')).cookie;
    adaId = (await people()).find((p) => p.email === 'admin@demo.example')!.id;
  });
  afterAll(() => t.close());

  it('refuses to take the only admin’s role, in words, and audits it', async () => {
    const refused = await t.call(ada, 'PUT', `/admin/users/${adaId}/roles`, { roles: ['finance'] });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({
      code: 'LAST_ADMIN',
      detail: 'The workspace would have no active admin left: make another person an admin first.',
    });
    expect((await people()).find((p) => p.id === adaId)!.roles).toEqual(['admin']);
    expect(await lastAudit()).toMatchObject({
      action: 'set roles',
      outcome: 'refused',
      target: 'admin@demo.example',
    });
  });

  it('refuses the directory’s deactivation of the only admin in SCIM’s error format', async () => {
    const token = (await t.call(ada, 'POST', '/admin/scim/token')).json.secret as string;
    const scim = (method: string, path: string, body?: unknown) =>
      fetch(`${t.base}/scim/v2${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/scim+json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const patched = await scim('PATCH', `/Users/${adaId}`, {
      schemas: [SCIM_SCHEMAS.patch],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect(patched.status).toBe(409);
    expect(await patched.json()).toMatchObject({
      status: '409',
      detail: expect.stringContaining('admin@demo.example is the last active admin'),
    });
    const deleted = await scim('DELETE', `/Users/${adaId}`);
    expect(deleted.status).toBe(409);
    expect((await people()).find((p) => p.id === adaId)!.disabledAt).toBeNull();
    // Ada's session still works.
    expect((await t.call(ada, 'GET', '/session')).status).toBe(200);
  });

  it('lets an admin go once another is there, and refuses a held change that would leave none', async () => {
    const added = await addAdmin('ben@example.com', 'Ben Second');
    const ben = (
      await t.signIn({ email: 'ben@example.com', password: added.json.oneTimePassword as string })
    ).cookie;
    const benId = added.json.user.id as string;
    // Two admins: changes of roles wait for the other. Each proposes to take the other's role.
    const adaProposes = await t.call(ada, 'PUT', `/admin/users/${benId}/roles`, { roles: [] });
    const benProposes = await t.call(ben, 'PUT', `/admin/users/${adaId}/roles`, { roles: [] });
    expect([adaProposes.status, benProposes.status]).toEqual([202, 202]);
    // Ben approves Ada's change: he is no longer an admin, Ada is the only one.
    const first = await t.call(
      ben,
      'POST',
      `/controls/changes/${adaProposes.json.change.id}/approve`,
    );
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    // Ada approving Ben's change would leave nobody: it is closed as failed, in words.
    const second = await t.call(
      ada,
      'POST',
      `/controls/changes/${benProposes.json.change.id}/approve`,
    );
    expect(second.json.change ?? second.json).toMatchObject({
      status: 'failed',
      reason: 'The workspace would have no active admin left: make another person an admin first.',
    });
    // Kept as words: read in German by a German reader.
    await t.call(ada, 'PUT', '/account/language', { language: 'de' });
    const listed = (await t.call(ada, 'GET', '/controls/changes')).json.results as {
      id: string;
      reason: string | null;
    }[];
    await t.call(ada, 'PUT', '/account/language', { language: null });
    expect(listed.find((c) => c.id === benProposes.json.change.id)?.reason).toBe(
      'Der Arbeitsbereich hätte keinen aktiven Admin mehr: Machen Sie zuerst eine andere Person zum Admin.',
    );
    // The audit trail keeps English, whoever reads it.
    const trail = (await t.call(ada, 'GET', '/audit?limit=50')).json.results as {
      target: string | null;
      details: Record<string, unknown> | null;
    }[];
    expect(trail.find((e) => e.target === benProposes.json.change.id)?.details).toMatchObject({
      status: 'failed',
      summary: expect.any(String),
      reason: 'The workspace would have no active admin left: make another person an admin first.',
    });
    const after = await people();
    expect(after.find((p) => p.id === adaId)!.roles).toEqual(['admin']);
    expect(after.find((p) => p.id === benId)!.roles).toEqual([]);
  });

  it('deactivates an admin when another active admin stays', async () => {
    const added = await addAdmin('cleo@example.com', 'Cleo Third');
    const off = await t.call(ada, 'PUT', `/admin/users/${added.json.user.id}/active`, {
      active: false,
    });
    expect(off.status).toBe(200);
    expect(off.json.disabledAt).not.toBeNull();
  });
});
