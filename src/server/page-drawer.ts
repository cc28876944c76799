// The server's first paint of a signed-in page (docs/decisions/059): the SPA's own page drawn by
// its server build (dist-ssr/prerender.js, from src/app/prerender.tsx), its calls of /api
// answered in process as the person whose page it is. Without that build (tests of the server
// alone, `npm run dev`), pages are sent empty and drawn by the browser, as before.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyRequest, HTTPMethods } from 'fastify';
import type { SessionInfo } from '#/api/dashboard';

/** What the SPA's server build offers (src/app/prerender.tsx's drawPage). */
interface DrawModule {
  drawPage(request: {
    url: string;
    session: SessionInfo;
    /** The browser's locale and time zone, for a person who chose none. */
    browser: { locale: string | null; timeZone: string | null };
    /** The page's language (decision 091). */
    language: string;
    nonce: string;
    answer: (url: string, init: RequestInit) => Promise<Response>;
    budgetMs: number;
  }): Promise<{ html: string; state: unknown } | undefined>;
}

export type PageDrawer = (
  request: FastifyRequest,
  session: SessionInfo,
  nonce: string,
  language: string,
) => Promise<{ html: string; state: unknown } | undefined>;

/** How long a page may take to draw before it is sent for the browser to draw instead. */
export const DRAW_BUDGET_MS = 1_500;

/** The server builds this process has warmed up (one, but a WeakSet costs nothing). */
const WARMED = new WeakSet<DrawModule>();

/** Statuses whose answers carry no body (a Response refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

export async function loadPageDrawer(
  distDir: string,
  log: FastifyBaseLogger,
  budgetMs = DRAW_BUDGET_MS,
): Promise<PageDrawer | undefined> {
  const file = path.join(path.dirname(path.resolve(distDir)), 'dist-ssr', 'prerender.js');
  if (!fs.existsSync(file)) return undefined;
  // React picks its build when first loaded: the production one, unless told otherwise.
  process.env.NODE_ENV ??= 'production';
  let module: DrawModule;
  try {
    module = (await import(pathToFileURL(file).href)) as DrawModule;
  } catch (error) {
    log.warn(
      { err: error },
      'pages: the server build of the SPA did not load; pages draw in the browser',
    );
    return undefined;
  }
  // Compiled code is the process's: a second server in one process (tests, the journeys) has
  // nothing left to warm (decision 093).
  if (!WARMED.has(module)) {
    WARMED.add(module);
    void warmUp(module, budgetMs);
  }
  return async (request, session, nonce, language) => {
    const answer = async (url: string, init: RequestInit): Promise<Response> => {
      const headers = Object.fromEntries(new Headers(init.headers));
      const reply = await request.server.inject({
        method: (init.method ?? 'GET') as HTTPMethods,
        url,
        remoteAddress: request.ip,
        headers: {
          ...headers,
          cookie: request.headers.cookie ?? '',
          'user-agent': request.headers['user-agent'] ?? '',
        },
        ...(typeof init.body === 'string' ? { payload: init.body } : {}),
      });
      const replyHeaders = new Headers();
      for (const [name, value] of Object.entries(reply.headers))
        if (typeof value === 'string') replyHeaders.set(name, value);
      return new Response(NO_BODY.has(reply.statusCode) ? null : new Uint8Array(reply.rawPayload), {
        status: reply.statusCode,
        headers: replyHeaders,
      });
    };
    try {
      return await module.drawPage({
        url: request.url,
        session,
        browser: browserFormats(request.cookies['browser-formats']),
        language,
        nonce,
        answer,
        budgetMs,
      });
    } catch (error) {
      request.log.warn({ err: error }, 'page: not drawn on the server; the browser draws it');
      return undefined;
    }
  };
}

/** The pages drawn at start, for nobody: the overview, and a list as most pages are. */
export const WARM_UP_PAGES = ['/', '/merchants'];

/** Nobody of any workspace, for whom the warm-up draws: every call made for them is refused. */
const NOBODY: SessionInfo = {
  signedIn: true,
  user: {
    id: 'warm-up',
    email: 'warm-up@invalid',
    name: 'Warm-up',
    roles: ['viewer'],
    locale: null,
    timeZone: null,
    language: null,
  },
  environments: [],
  environment: 'sandbox',
  demo: false,
  apiKeyHint: '',
  baseUrl: '',
  expiresAt: 0,
  idleMs: 0,
  mustEnrol: false,
  secondFactor: false,
  stepUpUntil: null,
};

/**
 * Draws the pages of WARM_UP_PAGES once at start and throws the drawings away: the SPA's server
 * build, React, the router and the routes' code are compiled before the first person comes, whose
 * first page otherwise takes 100 to 250 ms longer to draw. Nothing is asked of the workspace or
 * the partner's API (every call is refused in place), and a warm-up that fails changes nothing.
 */
async function warmUp(module: DrawModule, budgetMs: number) {
  const refused = async () =>
    new Response(
      JSON.stringify({
        type: 'about:blank',
        title: 'Not asked',
        status: 503,
        code: 'WARMING_UP',
        detail: 'The server is drawing a page for nobody at start.',
        requestId: 'warm-up',
      }),
      { status: 503, headers: { 'content-type': 'application/problem+json' } },
    );
  for (const url of WARM_UP_PAGES)
    await module
      .drawPage({
        url,
        session: NOBODY,
        browser: { locale: null, timeZone: null },
        language: 'en',
        nonce: 'warm-up',
        answer: refused,
        budgetMs,
      })
      .catch(() => undefined);
}

/**
 * The browser's locale and time zone as its page last wrote them (public/browser-formats.js):
 * "de-DE Europe/Berlin". Only a shape is checked here; the SPA's formats accept a locale or a
 * zone only if Intl knows it, and use the server's otherwise.
 */
export function browserFormats(cookie: string | undefined): {
  locale: string | null;
  timeZone: string | null;
} {
  const [locale, timeZone] = (cookie ?? '').slice(0, 200).split(' ');
  const word = (value: string | undefined) =>
    value && /^[A-Za-z0-9_+\-/]{1,100}$/.test(value) ? value : null;
  return { locale: word(locale), timeZone: word(timeZone) };
}
