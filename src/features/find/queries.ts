// "Find anything": the lists, search, queues and saved views the dashboard server answers from
// its local index of the partner's records (docs/decisions/018).
import { useDebouncedValue } from '@mantine/hooks';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useState } from 'react';
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
import type { Merchant } from '../../api/schemas/merchant';
import type { PayoutAccount } from '../../api/schemas/payout-account';
import { dashboardJson } from '../../lib/api';
import { merchantQuery } from '../merchants/queries';
import { payoutAccountQuery } from '../payout-accounts/queries';

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

/** A record picker's options: what the local index finds for the typed text, the chosen one kept. */
export interface RecordChoices<T> {
  options: Array<{ value: string; label: string }>;
  /** The records behind the options. */
  records: T[];
  /** For the Select's `onSearchChange`. */
  onSearchChange: (text: string) => void;
  searching: boolean;
  /** Nothing at all to choose from (no text typed, and the index has none). */
  none: boolean;
  isPending: boolean;
}

/** The picker's typed text, and the same text once typing pauses. */
function useTypedText() {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 200);
  return { q: q || undefined, setText };
}

function choicesOf<T>(
  found: {
    data?: { results: T[] } | undefined;
    isFetching: boolean;
    isPending: boolean;
    isSuccess: boolean;
  },
  selected: T | undefined,
  typed: { q: string | undefined; setText: (text: string) => void },
  labelOf: (record: T) => string,
  idOf: (record: T) => number,
): RecordChoices<T> {
  const results = found.data?.results ?? [];
  const options = results.map((r) => ({ value: String(idOf(r)), label: labelOf(r) }));
  if (selected !== undefined && !options.some((o) => o.value === String(idOf(selected))))
    options.unshift({ value: String(idOf(selected)), label: labelOf(selected) });
  return {
    options,
    records: selected !== undefined ? [selected, ...results] : results,
    onSearchChange: typed.setText,
    searching: found.isFetching,
    none: found.isSuccess && !typed.q && results.length === 0,
    isPending: found.isPending,
  };
}

/** Merchants to pick from (filtered, e.g. Valid ones or customers), searched as one types. */
export function useMerchantChoices(
  filters: { kycStatus?: string[]; type?: 'customer' | 'contact' },
  selected: number | null | undefined,
): RecordChoices<Merchant> {
  const typed = useTypedText();
  const found = useQuery(merchantIndexQuery({ ...filters, q: typed.q, start: 0, limit: 50 }));
  const chosen = useQuery({ ...merchantQuery(selected ?? 0), enabled: selected != null });
  return choicesOf<Merchant>(
    found,
    selected != null ? chosen.data : undefined,
    typed,
    (m) => `${m.name} (#${m.id})`,
    (m) => m.id,
  );
}

/** Payout accounts to pick from (filtered, e.g. Active ones in a currency), searched as one types. */
export function useAccountChoices(
  filters: { accountStatus?: string[]; currencySymbol?: string | undefined },
  selected: number | null | undefined,
  labelOf: (a: PayoutAccount) => string = (a) =>
    `${a.accountHolderName} · ${a.currencySymbol} · #${a.id}`,
): RecordChoices<PayoutAccount> {
  const typed = useTypedText();
  const found = useQuery(accountIndexQuery({ ...filters, q: typed.q, start: 0, limit: 50 }));
  const chosen = useQuery({ ...payoutAccountQuery(selected ?? 0), enabled: selected != null });
  return choicesOf<PayoutAccount>(
    found,
    selected != null ? chosen.data : undefined,
    typed,
    labelOf,
    (a) => a.id,
  );
}
