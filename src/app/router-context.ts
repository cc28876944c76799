// What every route's loader is given (TanStack Router's context): kept apart from the router,
// which imports the route tree, so that the root route can name it without a circle.
import type { QueryClient } from '@tanstack/react-query';

export interface RouterContext {
  queryClient: QueryClient;
}
