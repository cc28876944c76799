// The one way a route's loader reads its page's data (issue 58): the query's module is loaded
// with the page (not with every page's first load), then the query is read into the cache once,
// for the page to read with useSuspenseQuery. A route names the module and the query; the rest
// is here.
import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';

export async function loadQuery<Module, Data, Failure, Selected, Key extends QueryKey>(
  context: { queryClient: QueryClient },
  module: () => Promise<Module>,
  query: (loaded: Module) => EnsureQueryDataOptions<Data, Failure, Selected, Key>,
): Promise<Selected> {
  return context.queryClient.ensureQueryData(query(await module()));
}
