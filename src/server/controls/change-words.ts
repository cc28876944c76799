// A change of the controls held for a second admin, in words (decision 092): stored as words with
// their values, told in the reader's language on the settings page and in English for the audit
// trail.
import { codedWords } from '#/i18n/words';
import { type ListValue, type SaidData, saidData } from '#/i18n/said-data';
import { ROLE_LABEL, type Role } from '#/api/roles';

export const CHANGE = codedWords({
  addPolicy: /*i18n*/ { id: 'change.addPolicy', message: 'Add a policy: {policy}' },
  removePolicy: /*i18n*/ { id: 'change.removePolicy', message: 'Remove the policy: {policy}' },
  removeLimit: /*i18n*/ {
    id: 'change.removeLimit',
    message:
      'Remove the limit of {amount} {currency} {period, select, transaction {per transaction} day {a day} other {a month}} for {target}',
  },
  theWorkspace: /*i18n*/ { id: 'change.theWorkspace', message: 'the workspace' },
  eachPerson: /*i18n*/ { id: 'change.eachPerson', message: 'each person' },
  eachMerchant: /*i18n*/ { id: 'change.eachMerchant', message: 'each merchant' },
  approvalSettings: /*i18n*/ {
    id: 'change.approvalSettings',
    message:
      'Change the approval settings: quotes approved within {quote} minutes, the second factor asked again after {stepUp} minutes, base currency {base}.',
  },
  addPerson: /*i18n*/ {
    id: 'change.addPerson',
    message: 'Add {name} <{email}> as {roles}; they are invited by mail once approved.',
  },
  setRoles: /*i18n*/ {
    id: 'change.setRoles',
    message: 'Change the roles of {name} <{email}> from {before} to {after}.',
  },
  noRole: /*i18n*/ { id: 'change.noRole', message: 'no role' },
  oidc: /*i18n*/ {
    id: 'change.oidc',
    message: 'Sign in through {issuer} for {domains}, with roles from its groups: {groups}.',
  },
  saml: /*i18n*/ {
    id: 'change.saml',
    message:
      'Sign in by SAML through {entityId} for {domains}, with roles from its groups: {groups}.',
  },
  samlStartedThere: /*i18n*/ {
    id: 'change.samlStartedThere',
    message:
      'Sign in by SAML through {entityId} for {domains}, with roles from its groups: {groups}. Sign-in started at the provider is allowed.',
  },
});

codedWords(ROLE_LABEL);

/** Roles as a list the reader's language joins ("Finance and Approver"), or "no role". */
export const rolesSaid = (roles: readonly Role[]): ListValue | SaidData =>
  roles.length === 0
    ? saidData(CHANGE.noRole)
    : { items: roles.map((role) => saidData(ROLE_LABEL[role])), join: 'and' };
