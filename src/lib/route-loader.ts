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

/**
 * Any query's options, whatever its data and key: the page reads the data with its own type.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the options of any query
type AnyQuery = EnsureQueryDataOptions<any, Error, any, any>;

/**
 * A route's loader that reads one query (`loadQuery`) exported by a module: the route names the
 * module and the query by its name.
 */
export function loaderOf<Module extends Record<Name, AnyQuery>, Name extends string>(
  module: () => Promise<Module>,
  name: Name,
) {
  return async ({ context }: { context: { queryClient: QueryClient } }): Promise<unknown> =>
    loadQuery(context, module, (loaded) => loaded[name]);
}

/**
 * A route's loader that reads one query a module makes from the route's `deps` (its search, as
 * the list asks the server for it).
 */
export function loaderWith<
  Module extends Record<Name, (deps: never) => AnyQuery>,
  Name extends string,
>(module: () => Promise<Module>, name: Name) {
  return async ({
    context,
    deps,
  }: {
    context: { queryClient: QueryClient };
    deps: Parameters<Module[Name]>[0];
  }): Promise<unknown> => loadQuery(context, module, (loaded) => loaded[name](deps));
}
