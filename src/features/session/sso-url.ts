// Where a single sign-on starts (src/api/sso-start.ts): the server sends the browser on.
import { buildUrl } from '#/api/call';
import { ssoStartEndpoints } from '#/api/sso-start';
import { api } from '#/lib/api';

/** The start of a single sign-on for this address, landing on `returnTo` afterwards. */
export const singleSignOnUrl = (email: string, returnTo?: string) =>
  buildUrl(api, ssoStartEndpoints.startSso, {
    query: { email, ...(returnTo ? { returnTo } : {}) },
  });
