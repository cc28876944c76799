// "Find anything": the lists, search, queues and saved views the dashboard server answers from
// its local index of the partner's records (docs/decisions/018).
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  AccountIndexPage,
  type AccountIndexQuery,
  IndexStatus,
  MerchantIndexPage,
  type MerchantIndexQuery,
  SavedView,
  type SavedViewCreate,
  SearchResults,
  TransactionIndexPage,
  type TransactionIndexQuery,
} from '../../api/local-index';
import { dashboardJson } from '../../lib/api';

/** A query string of the defined values, with lists joined by commas. */
export function queryString(values: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
    } else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

type Filters<Q> = { [K in keyof Q]?: unknown };

export const findKeys = {
  all: ['index'] as const,
  merchants: (q: Filters<MerchantIndexQuery>) => ['index', 'merchants', q] as const,
  accounts: (q: Filters<AccountIndexQuery>) => ['index', 'accounts', q] as const,
  transactions: (q: Filters<TransactionIndexQuery>) => ['index', 'transactions', q] as const,
  search: (q: string) => ['index', 'search', q] as const,
  status: ['index', 'status'] as const,
  views: ['index', 'views'] as const,
};

/** Lists follow changes made elsewhere without a reload: asked again every few seconds. */
const LIVE_MS = 5_000;

export const merchantIndexQuery = (q: Filters<MerchantIndexQuery>) =>
  queryOptions({
    queryKey: findKeys.merchants(q),
    queryFn: () => dashboardJson('GET', `/api/index/merchants${queryString(q)}`, MerchantIndexPage),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_MS,
  });

export const accountIndexQuery = (q: Filters<AccountIndexQuery>) =>
  queryOptions({
    queryKey: findKeys.accounts(q),
    queryFn: () => dashboardJson('GET', `/api/index/accounts${queryString(q)}`, AccountIndexPage),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_MS,
  });

export const transactionIndexQuery = (q: Filters<TransactionIndexQuery>) =>
  queryOptions({
    queryKey: findKeys.transactions(q),
    queryFn: () =>
      dashboardJson('GET', `/api/index/transactions${queryString(q)}`, TransactionIndexPage),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_MS,
  });

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: findKeys.search(q),
    queryFn: () => dashboardJson('GET', `/api/index/search${queryString({ q })}`, SearchResults),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 2_000,
  });

export const indexStatusQuery = queryOptions({
  queryKey: findKeys.status,
  queryFn: () => dashboardJson('GET', '/api/index/status', IndexStatus),
  refetchInterval: (query) => (query.state.data?.filled === false ? 1_000 : 10_000),
});

export function useRefreshIndex() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => dashboardJson('POST', '/api/index/refresh', IndexStatus),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: findKeys.all }),
  });
}

export const savedViewsQuery = queryOptions({
  queryKey: findKeys.views,
  queryFn: () =>
    dashboardJson('GET', '/api/views', z.object({ results: z.array(SavedView) })).then(
      (r) => r.results,
    ),
});

export function useSaveView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (view: SavedViewCreate) => dashboardJson('POST', '/api/views', SavedView, view),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: findKeys.views }),
  });
}

export function useDeleteView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      dashboardJson('DELETE', `/api/views/${id}`, z.object({ deleted: z.boolean() })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: findKeys.views }),
  });
}
