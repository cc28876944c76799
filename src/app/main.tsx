import './styles-first-load';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { ApiError } from '#/api/errors';
import { seedSessionFromPage } from '#/features/session/queries';
import { pageI18n, pageLanguage } from '#/i18n/catalogs';
import { setPageI18n } from '#/i18n/current';
import { setDrawnMark } from './drawn-page';
import { followFormats } from './formats';
import { listening } from './ready';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

// The server puts a fresh nonce in this tag on every page; Mantine's style elements carry it.
const nonce =
  document.querySelector('meta[name="csp-nonce"]')?.getAttribute('content') ?? undefined;
// Scroll locking (modals, Spotlight) adds a style element of its own and takes its nonce from
// this global.
if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;

const queryClient = createQueryClient();
seedSessionFromPage(queryClient);
followFormats(queryClient);
// The page's language, as the server wrote it (decision 091); the routes load its words.
const i18n = pageI18n(pageLanguage());
setPageI18n(i18n);
const router = createAppRouter(queryClient, i18n);
const root = document.getElementById('root')!;
const options: RootOptions = {
  // An API failure caught by a page's error boundary is shown on its error card, with the
  // request id: it is handled, not an uncaught error for the console. Anything else still is.
  onCaughtError: (error) => {
    if (!(error instanceof ApiError)) console.error(error);
  },
};
const app = <AppProviders queryClient={queryClient} router={router} i18n={i18n} nonce={nonce} />;

// A page the server drew (docs/decisions/059): the data it was drawn from goes in the cache, the
// route is loaded from it (nothing is asked again), and React takes over the HTML in place.
const drawn = document.getElementById('page-data');
if (drawn && root.firstChild) void takeOver(drawn);
else {
  createRoot(root, options).render(app);
  listening();
}

async function takeOver(drawn: HTMLElement) {
  drawn.remove();
  // The browser paints the page the server drew before the work of taking it over.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  const page = JSON.parse(drawn.textContent ?? '{}') as { state: DehydratedState; mark: string };
  hydrate(queryClient, page.state);
  setDrawnMark(page.mark);
  // The router renders as the server did: no Suspense boundary around its matches.
  router.ssr = { manifest: undefined };
  await router.load();
  hydrateRoot(root, app, {
    ...options,
    // Markup that differs (a page drawn in the server's formats) is drawn again by the browser.
    onRecoverableError: (error) => console.info('Drawn again in the browser:', error),
  });
  listening();
}
