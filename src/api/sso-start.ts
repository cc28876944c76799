// The start of a single sign-on (docs/decisions/051), apart from the rest of its contract: the
// sign-in page links to it, and its first load carries only this.
import { z } from 'zod';
import { Email } from './dashboard';
import { endpoints } from './endpoints';

/** A path of this dashboard to land on afterwards: never another site. */
export const ReturnTo = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/, { error: 'must be a path of this dashboard' })
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
    invalid: 'Give your work email address.',
    response: z.unknown(),
    redirect: 'To the identity provider, or to the sign-in page with the reason it cannot start',
  },
});
