// The React side of words kept apart (decision 091): descriptors from the contract translated in
// the page's language, and lists joined as the language joins them.
import type { I18n } from '@lingui/core';
import { type Role, ROLE_LABEL, ROLES } from '#/api/roles';

/** "A, B and C" as the page's language writes a list. */
export function listIn(i18n: I18n, items: readonly string[]): string {
  return new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(items);
}

/** Roles' names in the page's language, as a list. */
export function rolesIn(i18n: I18n, roles: readonly Role[]): string {
  return listIn(
    i18n,
    roles.map((role) => i18n._(ROLE_LABEL[role])),
  );
}

/** The roles as a choice's options, named in the page's language. */
export function roleOptions(i18n: I18n) {
  return ROLES.map((role) => ({ value: role, label: i18n._(ROLE_LABEL[role]) }));
}
