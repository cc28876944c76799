// Why a single sign-on came back without a session, in words (docs/decisions/051): the server
// sends the browser to the sign-in page with the code, and the page says it. Apart from the rest
// of the single sign-on contract, which the sign-in page's first load does without.
import type { Words } from '#/i18n/words';

export const SSO_REFUSALS = {
  NOT_SET_UP: /*i18n*/ {
    id: 'sso.notSetUp',
    message: 'Single sign-on is not set up for this address. Sign in with your password.',
  },
  NO_ROLE: /*i18n*/ {
    id: 'sso.noRole',
    message:
      'Your identity provider signed you in, but none of your groups gives a role here. Ask an admin to map your group to a role.',
  },
  DEACTIVATED: /*i18n*/ {
    id: 'sso.deactivated',
    message: 'Your account here is deactivated. Ask an admin.',
  },
  FAILED: /*i18n*/ {
    id: 'sso.failed',
    message:
      'The sign-in through your identity provider could not be completed. Start it again; if it fails again, tell an admin.',
  },
  EXPIRED: /*i18n*/ {
    id: 'sso.expired',
    message: 'The sign-in took too long or was already used. Start it again.',
  },
  DENIED: /*i18n*/ {
    id: 'sso.denied',
    message: 'Your identity provider did not sign you in.',
  },
  OTHER_DOMAIN: /*i18n*/ {
    id: 'sso.otherDomain',
    message: 'Your identity provider vouched for an address outside its domains.',
  },
  TOO_MANY: /*i18n*/ {
    id: 'sso.tooMany',
    message:
      'Too many single sign-ons were started from your network in the last minute. Wait a minute and start again.',
  },
} as const satisfies Record<string, Words>;
export type SsoRefusal = keyof typeof SSO_REFUSALS;

/** Whether a code of the sign-in page's address is one of the refusals. */
export const isSsoRefusal = (code: unknown): code is SsoRefusal =>
  typeof code === 'string' && Object.hasOwn(SSO_REFUSALS, code);
