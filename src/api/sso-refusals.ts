// Why a single sign-on came back without a session, in words (docs/decisions/051): the server
// sends the browser to the sign-in page with the code, and the page says it. Apart from the rest
// of the single sign-on contract, which the sign-in page's first load does without.

export const SSO_REFUSALS = {
  NOT_SET_UP: 'Single sign-on is not set up for this address. Sign in with your password.',
  NO_ROLE:
    'Your identity provider signed you in, but none of your groups gives a role here. Ask an admin to map your group to a role.',
  DEACTIVATED: 'Your account here is deactivated. Ask an admin.',
  FAILED:
    'The sign-in through your identity provider could not be completed. Start it again; if it fails again, tell an admin.',
  EXPIRED: 'The sign-in took too long or was already used. Start it again.',
  DENIED: 'Your identity provider did not sign you in.',
  OTHER_DOMAIN: 'Your identity provider vouched for an address outside its domains.',
  TOO_MANY:
    'Too many single sign-ons were started from your network in the last minute. Wait a minute and start again.',
} as const;
export type SsoRefusal = keyof typeof SSO_REFUSALS;

/** Whether a code of the sign-in page's address is one of the refusals. */
export const isSsoRefusal = (code: unknown): code is SsoRefusal =>
  typeof code === 'string' && Object.hasOwn(SSO_REFUSALS, code);
