// The server's first paint of a signed-in page (docs/decisions/059): the page's route loaded with
// its data, drawn to HTML with the same tree the browser renders, and the data it was drawn from,
// so that the browser shows the page before its scripts run and takes it over without asking
// for the data again. Built apart (`vite build --ssr`, into dist-ssr) and loaded by the
// dashboard server (src/server/page-drawer.ts).
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { AsyncLocalStorage } from 'node:async_hooks';
import { prerenderToNodeStream } from 'react-dom/static';
import type { SessionInfo } from '#/api/dashboard';
import { sessionQuery } from '#/features/session/queries';
import { answerCallsWith } from '#/lib/api';
import { type FormatState, formatStateFor, formatsWithin } from '#/lib/format';
import type { I18n } from '@lingui/core';
import { pageI18n } from '#/i18n/catalogs';
import { i18nWithin } from '#/i18n/current';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

/** How the page's calls of /api are answered: by the server itself, as the person signed in. */
export type AnswerCall = (url: string, init: RequestInit) => Promise<Response>;

export interface PageRequest {
  /** The page's path and search, as asked for. */
  url: string;
  session: SessionInfo;
  /** The browser's locale and time zone (its cookie), for a person who chose none. */
  browser: { locale: string | null; timeZone: string | null };
  /** The page's language, as the server chose it (decision 091). */
  language: string;
  nonce: string;
  answer: AnswerCall;
  /** How long the page may wait and take to draw before it is left to the browser. */
  budgetMs: number;
}

export interface DrawnPage {
  /** What goes inside the page's root element. */
  html: string;
  /** The query cache the page was drawn from: the browser starts with it. */
  state: DehydratedState;
}

const calls = new AsyncLocalStorage<AnswerCall>();
answerCallsWith((input, init) => {
  const answer = calls.getStore();
  if (!answer) return Promise.reject(new Error('A page call outside a page being drawn.'));
  return answer(String(input), init ?? {});
});

// Each page is drawn in its person's formats, pages for different people at once: the SPA's
// formatting reads them from the page being drawn; its words too (decision 091).
const formats = new AsyncLocalStorage<FormatState>();
formatsWithin(() => formats.getStore());
const words = new AsyncLocalStorage<I18n>();
i18nWithin(() => words.getStore());

/**
 * Pages drawn at once: enough that one waiting for its data (a slow partner API) does not hold
 * the others up, few enough that a burst is drawn in turn within the budget rather than all late.
 */
const AT_ONCE = 4;
let drawing = 0;
const waiting: Array<() => void> = [];

/** Waits for a turn to draw, first come first served; the function given back ends it. */
async function turn(): Promise<() => void> {
  if (drawing < AT_ONCE) drawing += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  // An ended turn goes to the page waiting longest, or frees its place.
  return () => {
    const next = waiting.shift();
    if (next) next();
    else drawing -= 1;
  };
}

/**
 * The page at `request.url` drawn for `request.session`; undefined when the page would not show
 * as asked (a redirect, a page that does not exist, an error): the browser then does as before.
 */
export async function drawPage(request: PageRequest): Promise<DrawnPage | undefined> {
  // The budget counts from now: a page that waited its turn too long is left to the browser.
  const deadline = performance.now() + request.budgetMs;
  const done = await turn();
  try {
    if (performance.now() >= deadline) return undefined;
    return await drawInFormats(request, deadline);
  } finally {
    done();
  }
}

function drawInFormats(request: PageRequest, deadline: number) {
  // The person's formats, or the browser's where they chose none: drawn as the browser will
  // show them (only what Intl knows is taken).
  const chosen = request.session.signedIn ? request.session.user : undefined;
  const theirs = formatStateFor({
    locale: chosen?.locale ?? request.browser.locale,
    timeZone: chosen?.timeZone ?? request.browser.timeZone,
  });
  // Each page its own messages: pages in different languages are drawn at once.
  const i18n = pageI18n(request.language);
  return formats.run(theirs, () =>
    words.run(i18n, () => calls.run(request.answer, () => draw(request, deadline, i18n))),
  );
}

/** Where the router's server load sent the page instead of drawing it, if it did. */
function redirectedTo(router: ReturnType<typeof createAppRouter>): string | undefined {
  // The router keeps the outcome of a server load here (router-core's load-server). The field is
  // marked internal but typed: a router that changes it fails the typecheck, not the page.
  const result = router._serverResult;
  return result?.type === 'redirect' ? (result.redirect.headers.get('location') ?? '') : undefined;
}

/** Whether `work` ended before `deadline` (it carries on regardless, its end unheard). */
async function inTime(work: Promise<unknown>, deadline: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, deadline - performance.now()));
  });
  try {
    return await Promise.race([work.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function draw(
  request: PageRequest,
  deadline: number,
  i18n: I18n,
): Promise<DrawnPage | undefined> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionQuery.queryKey, request.session);
  try {
    let router = createAppRouter(
      queryClient,
      i18n,
      createMemoryHistory({ initialEntries: [request.url] }),
    );
    if (!(await inTime(router.load(), deadline))) return undefined;
    // A page whose address lacks its defaults (`/merchants` is `/merchants?start=0&limit=20`)
    // is drawn at the full address; the browser reads the short one to the same search.
    const canonical = redirectedTo(router);
    if (canonical && canonical.split('?')[0] === request.url.split('?')[0]) {
      router = createAppRouter(
        queryClient,
        i18n,
        createMemoryHistory({ initialEntries: [canonical] }),
      );
      if (!(await inTime(router.load(), deadline))) return undefined;
    }
    const matches = router.state.matches;
    if (
      redirectedTo(router) !== undefined ||
      matches.length === 0 ||
      matches.some((match) => match.status !== 'success')
    )
      return undefined;
    const left = deadline - performance.now();
    if (left <= 0) return undefined;
    const abort = AbortSignal.timeout(Math.ceil(left));
    const { prelude } = await prerenderToNodeStream(
      <AppProviders queryClient={queryClient} router={router} i18n={i18n} nonce={request.nonce} />,
      {
        signal: abort,
        onError: () => undefined,
        // Every part inline, in order: no part sent later by a script (the page's policy refuses
        // inline scripts).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
      },
    );
    let html = '';
    for await (const chunk of prelude) html += String(chunk);
    if (abort.aborted) return undefined;
    return { html, state: dehydrate(queryClient) };
  } finally {
    queryClient.clear();
  }
}
