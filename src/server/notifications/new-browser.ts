// Sign-ins from a new browser (docs/decisions/035). Each browser keeps a random id in a cookie
// of its own (400 days); the dashboard remembers, per person, the hashes of the ids they signed
// in with. A sign-in with one it does not know writes a `newSignIn` notice in the session's own
// transaction, except a person's very first sign-in (nothing to compare with) and the demo
// workspace's one-click sign-ins (anyone may make those).
import { sessionLimitsOf, type SsoStore } from '../store/sso';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import type { WorkspaceStore } from '../store/workspace';
import type { Notices } from './notices';
import { acceptedLanguages, matchLanguage } from '#/i18n/languages';

const MAX_AGE_S = 400 * 24 * 60 * 60;

/** A readable name for a User-Agent: "Firefox on Windows", or "an unknown browser". */
export function describeBrowser(userAgent: string): string {
  const browser =
    [
      [/Edg(e|A|iOS)?\//, 'Edge'],
      [/OPR\//, 'Opera'],
      [/Firefox\/|FxiOS\//, 'Firefox'],
      [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
      [/Safari\//, 'Safari'],
      [/curl\//, 'curl'],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? null;
  const system =
    [
      [/iPhone|iPad|iPod/, 'iOS'],
      [/Android/, 'Android'],
      [/Windows/, 'Windows'],
      [/Mac OS X|Macintosh/, 'macOS'],
      [/CrOS/, 'ChromeOS'],
      [/Linux/, 'Linux'],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? null;
  if (!browser) return system ? `a browser on ${system}` : 'an unknown browser';
  return system ? `${browser} on ${system}` : (browser as string);
}

const hashOf = (id: string) => createHash('sha256').update(id).digest('hex');

/**
 * What a sign-in's transaction writes for this browser (its id from its cookie, or a new one):
 * the browser remembered for `userId`, and the notice when it is new; and its cookie, to set.
 */
/** What a sign-in's browser and session need of the server (parts of its context). */
export interface SignInDeps {
  cookie: { name: string; options: { secure: boolean } & Record<string, unknown> };
  now: () => number;
  workspace: Pick<WorkspaceStore, 'createSession' | 'adoptLanguage'>;
  /** The sign-in policy: how long sessions last and may sit idle. */
  sso: Pick<SsoStore, 'policy'>;
}

function browserSignIn(
  ctx: SignInDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  notices: Notices | null,
): { within: (trx: Kysely<Database>) => Promise<void>; setCookie: () => void } {
  const { secure } = ctx.cookie.options;
  const name = secure ? '__Host-browser' : 'browser';
  let id = request.cookies[name];
  if (!id || !/^[\w-]{20,64}$/.test(id)) id = randomBytes(18).toString('base64url');
  const browserHash = hashOf(id);
  const userAgent = String(request.headers['user-agent'] ?? '').slice(0, 300);
  const within = async (trx: Kysely<Database>) => {
    const at = ctx.now();
    const known = await trx
      .selectFrom('known_browser')
      .select('browser_hash')
      .where('user_id', '=', userId)
      .execute();
    if (known.some((k) => k.browser_hash === browserHash)) {
      await trx
        .updateTable('known_browser')
        .set({ last_seen_at: at, user_agent: userAgent })
        .where('user_id', '=', userId)
        .where('browser_hash', '=', browserHash)
        .execute();
      return;
    }
    await trx
      .insertInto('known_browser')
      .values({
        user_id: userId,
        browser_hash: browserHash,
        user_agent: userAgent,
        first_seen_at: at,
        last_seen_at: at,
      })
      .execute();
    if (known.length > 0 && notices)
      await notices.newSignIn(trx, {
        userId,
        browser: describeBrowser(userAgent),
        ip: request.ip,
        at,
      });
  };
  return {
    within,
    // Set again at each sign-in (after the session's cookie) so that a browser in use keeps it.
    setCookie: () =>
      reply.setCookie(name, id, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure,
        maxAge: MAX_AGE_S,
      }),
  };
}

/**
 * Opens a session for `userId` in `environment` from this browser: the session and, in its
 * transaction, the browser remembered (and its notice when new); then both cookies set.
 */
export async function openSession(
  ctx: SignInDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  environment: string,
  notices: Notices | null,
) {
  const browser = browserSignIn(ctx, request, reply, userId, notices);
  const opened = await ctx.workspace.createSession({
    userId,
    environment,
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
    within: browser.within,
    limits: sessionLimitsOf(await ctx.sso.policy()),
  });
  reply.setCookie(ctx.cookie.name, opened.token, ctx.cookie.options);
  browser.setCookie();
  // A new person starts in their browser's language where it is one of ours (decision 091).
  const language = matchLanguage(acceptedLanguages(request.headers['accept-language']));
  if (language) await ctx.workspace.adoptLanguage(userId, language);
  return opened;
}
