import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { routeTree } from '#/routeTree.gen';
import { LoadingState } from '#/components/page';
import { NotFound, RouteError } from './route-states';

export interface RouterContext {
  queryClient: QueryClient;
}

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Loaders only fill the query cache; React Query decides freshness.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
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
