// The session cookie in a sign-in's answer, for scripts and tests that sign in over HTTP (a
// sign-in also sets the browser's own cookie, docs/decisions/035).

/** The whole Set-Cookie line of the session cookie (its flags included), or ''. */
export const sessionSetCookieOf = (response: Response) =>
  response.headers.getSetCookie().find((c) => /^(__Host-)?session=/.test(c)) ?? '';

/** The `name=value` of the session cookie a sign-in's answer sets ('' when none). */
export const sessionCookieOf = (response: Response) =>
  sessionSetCookieOf(response).split(';')[0] ?? '';
