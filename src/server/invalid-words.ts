// The sentence a 400 for invalid input opens with, per endpoint, in the reader's language
// (decision 091); the fields at fault follow it, each with its own message. The contract does not
// carry these words: they are the server's, and the sign-in page's first load stays without them.
import type { ENDPOINT_GROUPS } from '#/api/dashboard-api';
import { PASSWORD_MIN_LENGTH } from '#/api/account';
import { type Said, said, type Words } from '#/i18n/words';

type Groups = typeof ENDPOINT_GROUPS;
type EndpointId = { [G in keyof Groups]: keyof Groups[G] }[keyof Groups];

const FILTERS: Words = /*i18n*/ {
  id: 'invalid.listFilters',
  message: 'Some of the list’s filters are not valid.',
};
const STATEMENT: Words = /*i18n*/ {
  id: 'invalid.statement',
  message: 'Some of the statement’s choices are not valid.',
};
const LANGUAGE: Words = /*i18n*/ {
  id: 'invalid.language',
  message: 'Choose a language from the list.',
};

/** Where an endpoint says more than the default. */
const INVALID: Partial<Record<EndpointId, Words>> = {
  setAway: /*i18n*/ { id: 'invalid.setAway', message: 'Give the start, the end and a delegate.' },
  requestPasswordReset: /*i18n*/ {
    id: 'invalid.requestPasswordReset',
    message: 'Enter the email address you sign in with.',
  },
  resetPassword: /*i18n*/ {
    id: 'invalid.resetPassword',
    message: 'Choose a new password of at least {min} characters.',
  },
  setFormats: /*i18n*/ {
    id: 'invalid.setFormats',
    message: 'Choose a locale and a time zone from the lists.',
  },
  setLanguage: LANGUAGE,
  changePassword: /*i18n*/ {
    id: 'invalid.changePassword',
    message: 'Give your current password and a new one of at least {min} characters.',
  },
  beginAuthenticator: /*i18n*/ {
    id: 'invalid.beginAuthenticator',
    message:
      'Replacing your authenticator needs your password and a code from the one you have now (or a recovery code).',
  },
  confirmAuthenticator: /*i18n*/ {
    id: 'invalid.confirmAuthenticator',
    message: 'Enter the code from your authenticator app.',
  },
  setCredentials: /*i18n*/ {
    id: 'invalid.setCredentials',
    message: 'Give the API key and secret.',
  },
  addPerson: /*i18n*/ {
    id: 'invalid.addPerson',
    message: 'Give the person’s email, name and roles.',
  },
  setRoles: /*i18n*/ { id: 'invalid.setRoles', message: 'Give the roles.' },
  setWorkspaceLanguage: LANGUAGE,
  setSecondStep: /*i18n*/ {
    id: 'invalid.setSecondStep',
    message: 'Say whether the role needs the second step.',
  },
  listAudit: /*i18n*/ { id: 'invalid.listAudit', message: 'The filters are not valid.' },
  setApprovalSettings: /*i18n*/ {
    id: 'invalid.setApprovalSettings',
    message: 'Give the quote validity, the step-up window and the base currency.',
  },
  signIn: /*i18n*/ { id: 'invalid.signIn', message: 'Give your email address and password.' },
  stepUp: /*i18n*/ { id: 'invalid.stepUp', message: 'Give the code of your authenticator app.' },
  switchEnvironment: /*i18n*/ {
    id: 'invalid.switchEnvironment',
    message: 'Choose an environment that an admin has set up.',
  },
  listMerchantIndex: FILTERS,
  listAccountIndex: FILTERS,
  listTransactionIndex: FILTERS,
  transactionTotals: FILTERS,
  search: FILTERS,
  saveView: /*i18n*/ { id: 'invalid.saveView', message: 'Name the view.' },
  setChatNetwork: /*i18n*/ {
    id: 'invalid.setChatNetwork',
    message: 'Some of the hosts are not host names.',
  },
  setOwnChat: /*i18n*/ { id: 'invalid.setOwnChat', message: 'Give the incoming webhook’s URL.' },
  getReport: /*i18n*/ {
    id: 'invalid.getReport',
    message: 'Some of the report’s filters are not valid.',
  },
  createSchedule: /*i18n*/ {
    id: 'invalid.createSchedule',
    message: 'Give the payout, the day and, for a monthly one, the day of the month.',
  },
  startSso: /*i18n*/ { id: 'invalid.startSso', message: 'Give your work email address.' },
  setOidc: /*i18n*/ {
    id: 'invalid.setOidc',
    message: 'The single sign-on settings are not valid.',
  },
  setSaml: /*i18n*/ { id: 'invalid.setSaml', message: 'The SAML settings are not valid.' },
  setSignInPolicy: /*i18n*/ {
    id: 'invalid.setSignInPolicy',
    message: 'The sign-in policy is not valid.',
  },
  startSsoTest: /*i18n*/ { id: 'invalid.startSsoTest', message: 'Say which provider to test.' },
  statementSummary: STATEMENT,
  statementFile: STATEMENT,
};

const SOME_FIELDS: Words = /*i18n*/ {
  id: 'invalid.someFields',
  message: 'Some of the fields are not valid.',
};

/** The opening sentence of a 400 for `endpoint`'s invalid input. */
export const invalidWords = (endpoint: string): Said =>
  said(INVALID[endpoint as EndpointId] ?? SOME_FIELDS, { min: PASSWORD_MIN_LENGTH });

/** Replacing the authenticator, refused for want of a proof (its own part of the body). */
export const REPLACE_NEEDS = INVALID.beginAuthenticator!;
