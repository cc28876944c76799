import type { I18n } from '@lingui/core';
import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '#/routeTree.gen';
import { LoadingState } from '#/components/page';
import { NotFound, RouteError } from './route-states';

/**
 * The app's router: the browser's, or, given a `history`, the one the server draws a page with
 * (docs/decisions/059), which leaves scroll restoration to the browser (it would write an inline
 * script, which the page's policy refuses).
 */
export function createAppRouter(queryClient: QueryClient, i18n: I18n, history?: RouterHistory) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { queryClient, i18n },
    defaultPreload: 'intent',
    // Loaders only fill the query cache; React Query decides freshness.
    defaultPreloadStaleTime: 0,
    scrollRestoration: !history,
    defaultPendingComponent: () => <LoadingState page />,
    defaultPendingMs: 300,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: RouteError,
    // Search params stay text: an amount such as 0.10 in a URL must never become a float.
    // Each route's schema turns ids and page numbers into numbers itself.
    // (The router's own parser would turn "2500.5" into a number.)
    parseSearch: (search) => Object.fromEntries(new URLSearchParams(search)),
    stringifySearch: (search) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(search)) {
        if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
      }
      const text = params.toString();
      return text ? `?${text}` : '';
    },
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
