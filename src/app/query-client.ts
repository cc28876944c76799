import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '#/api/errors';
import { findKeys } from '#/features/find/keys';

export function createQueryClient() {
  const client: QueryClient = new QueryClient({
    // Whatever a person changes is in the local index at once (the server writes it through):
    // the lists, search and queues drawn from it are asked again after every change.
    mutationCache: new MutationCache({
      onSuccess: () => client.invalidateQueries({ queryKey: findKeys.all }),
    }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        // A refusal will not change by asking again; a network blip might.
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
