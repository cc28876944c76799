// What the dashboard believes of the identity provider (docs/decisions/051): the groups it
// names give roles through the admin's map, and nothing else does; an address counts only
// in the domains the provider covers.
import { ROLES, type Role } from '#/api/roles';
import type { GroupRoles } from '#/api/sso';

/** A group's name or id as compared: trimmed, case ignored (docs/decisions/085). */
const groupKey = (group: string) => group.trim().toLowerCase();

/**
 * The roles a person's groups give, in the usual order, each once. A claim that is not a
 * group name or a list of them gives none; names (or ids) match ignoring case, since
 * directories differ in how they spell a group (`Corp-Finance`, `corp-finance`).
 */
export function rolesFromGroups(groups: unknown, map: readonly GroupRoles[]): Role[] {
  const names = new Set(
    (typeof groups === 'string' ? [groups] : Array.isArray(groups) ? groups : [])
      .filter((g): g is string => typeof g === 'string')
      .map(groupKey),
  );
  const given = new Set(map.filter((m) => names.has(groupKey(m.group))).flatMap((m) => m.roles));
  return ROLES.filter((role) => given.has(role));
}

/** The groups a claim names, as the audit trail keeps them: each with its label where mapped. */
export function groupWordsOf(groups: unknown, map: readonly GroupRoles[]): string[] {
  return (Array.isArray(groups) ? groups : [groups])
    .filter((g): g is string => typeof g === 'string')
    .slice(0, 50)
    .map((g) => {
      const label = map.find((m) => groupKey(m.group) === groupKey(g))?.label;
      return label ? `${g} (${label})` : g;
    });
}

/** The domain of an address, lower case; undefined for what is not one address. */
export function domainOf(email: string): string | undefined {
  const at = email.lastIndexOf('@');
  if (at < 1 || at === email.length - 1 || email.indexOf('@') !== at) return undefined;
  return email
    .slice(at + 1)
    .trim()
    .toLowerCase();
}

/** Whether the provider covers this address: its domain is one of the provider's, exactly. */
export function covers(domains: readonly string[], email: string): boolean {
  const domain = domainOf(email);
  return domain !== undefined && domains.includes(domain);
}
