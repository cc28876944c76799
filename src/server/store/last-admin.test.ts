// The workspace never loses its last active admin (docs/decisions/063): the rule as a table and
// as a property, and the store's guard on SQLite and PostgreSQL, racing changes included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Role } from '#/api/roles';
import { DIALECTS, dashboardDbFor, insertPeople } from './testing';
import { createVault } from './vault';
import { leavesNoAdmin, workspaceStore } from './workspace';

describe('leavesNoAdmin', () => {
  const one = new Set(['ada']);
  const two = new Set(['ada', 'ben']);
  it.each([
    ['the only admin loses the role', one, 'ada', { roles: ['finance'] as Role[] }, true],
    ['the only admin loses every role', one, 'ada', { roles: [] as Role[] }, true],
    ['the only admin is deactivated', one, 'ada', { active: false }, true],
    [
      'the only admin keeps the role among others',
      one,
      'ada',
      { roles: ['admin', 'viewer'] as Role[] },
      false,
    ],
    ['the only admin is reactivated', one, 'ada', { active: true }, false],
    ['one of two admins loses the role', two, 'ada', { roles: [] as Role[] }, false],
    ['one of two admins is deactivated', two, 'ben', { active: false }, false],
    ['someone who is not an admin loses every role', one, 'cleo', { roles: [] as Role[] }, false],
    ['someone who is not an admin is deactivated', one, 'cleo', { active: false }, false],
    [
      'a deactivated admin loses the role (not counted)',
      one,
      'dan',
      { roles: [] as Role[] },
      false,
    ],
  ] as const)('%s: %s', (_name, admins, userId, change, expected) => {
    expect(leavesNoAdmin(admins, userId, change)).toBe(expected);
  });
});

/** One change a person could make to another's roles or activity. */
const change = fc.record({
  person: fc.constantFrom('a', 'b', 'c'),
  change: fc.oneof(
    fc.record({ active: fc.boolean() }),
    fc.record({
      roles: fc.subarray(['admin', 'finance', 'viewer'] as Role[]),
    }),
  ),
});

describe.each(DIALECTS)('the last admin on %s', (dialect) => {
  const db = dashboardDbFor(dialect);
  let n = 0;
  /** A workspace of `admins` active admins and one finance person, with fresh ids. */
  async function workspaceOf(admins: number) {
    const prefix = `w${n++}-`;
    const ids = Array.from({ length: admins }, (_, i) => `${prefix}admin${i}`);
    // One database for the file: the people of earlier workspaces are gone from this one.
    await db().db.updateTable('app_user').set({ disabled_at: 1 }).execute();
    await insertPeople(db(), [
      ...ids.map((id) => ({ id, email: `${id}@example.com`, roles: 'admin' })),
      { id: `${prefix}fin`, email: `${prefix}fin@example.com`, roles: 'finance' },
    ]);
    const store = workspaceStore(db(), createVault(Buffer.alloc(32, 1)));
    const activeAdmins = async () =>
      (await store.listUsers()).filter(
        (u) => u.id.startsWith(prefix) && u.disabledAt === null && u.roles.includes('admin'),
      ).length;
    return { ids, fin: `${prefix}fin`, store, activeAdmins };
  }

  it('refuses to take the role or the activity of the only admin, and changes nothing', async () => {
    const w = await workspaceOf(1);
    expect(await w.store.setRoles(w.ids[0]!, ['finance'])).toBe('lastAdmin');
    expect(await w.store.setActive(w.ids[0]!, false)).toBe('lastAdmin');
    expect(await w.store.userById(w.ids[0]!)).toMatchObject({ roles: ['admin'], disabledAt: null });
    // Anyone else's roles and activity still change.
    expect(await w.store.setRoles(w.fin, [])).toBe('ok');
    expect(await w.store.setActive(w.fin, false)).toBe('ok');
    // With a second admin, the first may go.
    expect(await w.store.setRoles(w.fin, ['admin'])).toBe('ok');
    expect(await w.store.setActive(w.fin, true)).toBe('ok');
    expect(await w.store.setRoles(w.ids[0]!, ['viewer'])).toBe('ok');
    expect(await w.activeAdmins()).toBe(1);
  });

  it('lets only one of two admins demoting each other at once succeed', async () => {
    for (let round = 0; round < 5; round++) {
      const w = await workspaceOf(2);
      const outcomes = await Promise.all([
        w.store.setRoles(w.ids[0]!, ['viewer']),
        w.store.setActive(w.ids[1]!, false),
      ]);
      expect(outcomes.toSorted()).toEqual(['lastAdmin', 'ok']);
      expect(await w.activeAdmins()).toBe(1);
    }
  });

  it('keeps an active admin through any sequence of changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(change, { maxLength: 8 }), async (changes) => {
        const w = await workspaceOf(2);
        const id = (p: string) => (p === 'c' ? w.fin : w.ids[p === 'a' ? 0 : 1]!);
        await Promise.all(
          changes.map((c) =>
            'active' in c.change
              ? w.store.setActive(id(c.person), c.change.active)
              : w.store.setRoles(id(c.person), c.change.roles),
          ),
        );
        expect(await w.activeAdmins()).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: dialect === 'postgres' ? 15 : 40 },
    );
  });
});
