import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLES } from '#/api/roles';
import { covers, domainOf, rolesFromGroups } from './roles';

const MAP = [
  { group: 'payments-finance', roles: ['finance' as const] },
  { group: 'payments-approvers', roles: ['approver' as const, 'viewer' as const] },
  { group: 'it-admins', roles: ['admin' as const] },
];

describe('roles from the provider’s groups', () => {
  it.each([
    ['one mapped group', ['payments-finance'], ['finance']],
    [
      'two groups, roles merged in order',
      ['payments-approvers', 'it-admins'],
      ['admin', 'approver', 'viewer'],
    ],
    ['a group given as one name', 'it-admins', ['admin']],
    ['unmapped groups', ['everyone', 'sales'], []],
    [
      'names match ignoring case and spaces',
      ['Payments-Finance', ' IT-ADMINS '],
      ['admin', 'finance'],
    ],
    ['names match whole, not in part', ['payments-finance-old', 'payments'], []],
    ['no claim', undefined, []],
    ['a claim that is not names', { admin: true }, []],
    ['numbers are not names', [1, 2], []],
  ])('%s', (_, groups, roles) => {
    expect(rolesFromGroups(groups, MAP)).toEqual(roles);
  });

  it('never gives a role the map does not name for one of the groups', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...MAP.map((m) => m.group)), fc.string())),
        (groups) => {
          const roles = rolesFromGroups(groups, MAP);
          const allowed = new Set<string>(
            MAP.filter((m) =>
              groups.some((g) => g.trim().toLowerCase() === m.group.toLowerCase()),
            ).flatMap((m) => m.roles),
          );
          expect(roles.every((r) => allowed.has(r))).toBe(true);
          expect(new Set(roles).size).toBe(roles.length);
          expect(roles).toEqual(ROLES.filter((r) => (roles as string[]).includes(r)));
        },
      ),
    );
  });
});

describe('the domains a provider covers', () => {
  it.each([
    ['ines@partner.example', true],
    ['Ines@PARTNER.example', true],
    ['ines@sub.partner.example', false],
    ['ines@partner.example.evil.example', false],
    ['ines@evil.example', false],
    ['a@b@partner.example', false],
    ['partner.example', false],
    ['@partner.example', false],
  ])('%s: %s', (email, covered) => {
    expect(covers(['partner.example'], email)).toBe(covered);
  });

  it('reads the domain of an address', () => {
    expect(domainOf('x@Partner.Example')).toBe('partner.example');
    expect(domainOf('nobody')).toBeUndefined();
  });
});
