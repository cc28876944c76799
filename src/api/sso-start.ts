// The start of a single sign-on (docs/decisions/051), apart from the rest of its contract: the
// sign-in page links to it, and its first load carries only this.
import { z } from 'zod';
import { Email } from './dashboard';
import { endpoints } from './endpoints';
import { CW } from './contract-words';
import { invalid } from './validation-words';

/** A path of this dashboard to land on afterwards: never another site. */
export const ReturnTo = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/, { error: invalid(CW.dashboardPath) })
  .optional()
  .catch(undefined);

export const ssoStartEndpoints = endpoints({
  startSso: {
    method: 'GET',
    path: '/sso/start',
    summary:
      'Start a single sign-on: the browser is sent to the provider that covers the address (or back to the sign-in page with the reason it cannot start)',
    access: 'public',
    query: z.object({ email: Email, returnTo: ReturnTo }),
    response: z.unknown(),
    redirect: 'To the identity provider, or to the sign-in page with the reason it cannot start',
  },
});
