// What every route's loader is given (TanStack Router's context): kept apart from the router,
// which imports the route tree, so that the root route can name it without a circle.
import type { I18n } from '@lingui/core';
import type { QueryClient } from '@tanstack/react-query';

export interface RouterContext {
  queryClient: QueryClient;
  /** The page's messages: the browser's one instance, or the page the server draws (decision 091). */
  i18n: I18n;
}
