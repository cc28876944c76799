// "Find anything": the lists, search, queues and saved views the dashboard server answers from
// its local index of the partner's records (docs/decisions/018).
import { useDebouncedValue } from '@mantine/hooks';
import {
  keepPreviousData,
  type QueryKey,
  queryOptions,
  type UseQueryOptions,
  useQuery,
} from '@tanstack/react-query';
import { useState } from 'react';
import { buildUrl, callEndpoint } from '#/api/call';
import {
  type AccountIndexQuery,
  indexEndpoints as E,
  type MerchantIndexQuery,
  numberTail,
  type SavedViewCreate,
  type TransactionIndexQuery,
  viewEndpoints,
} from '#/api/local-index';
import type { Merchant } from '#/api/schemas/merchant';
import type { PayoutAccount } from '#/api/schemas/payout-account';
import { api } from '#/lib/api';
import { merchantQuery } from '../merchants/queries';
import { payoutAccountQuery } from '../payout-accounts/queries';
import { useRefreshingMutation } from '#/lib/mutation';
import { type Filters, findKeys } from './keys';
import { currentFormats } from '#/lib/format';
import { unlessLive } from '#/lib/live';

/** A list's filters as the query string carries them: lists of values joined by commas. */
function joined(values: Record<string, unknown>): Record<string, string | number | undefined> {
  const query: Record<string, string | number | undefined> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) query[key] = value.join(',');
    } else query[key] = typeof value === 'number' ? value : String(value);
  }
  return query;
}

const LIST_ENDPOINTS = {
  merchants: E.listMerchantIndex,
  accounts: E.listAccountIndex,
  transactions: E.listTransactionIndex,
};

/**
 * Where the browser downloads every row a list's filters select as CSV, from the local index,
 * with times where the person is (docs/decisions/037). Paging is left out: every row goes.
 */
export function listCsvUrl(
  list: keyof typeof LIST_ENDPOINTS,
  q: Filters<MerchantIndexQuery & AccountIndexQuery & TransactionIndexQuery>,
) {
  const { start: _start, limit: _limit, ...filters } = q;
  return buildUrl(api, LIST_ENDPOINTS[list], {
    query: {
      ...joined(filters),
      format: 'csv',
      tz: currentFormats().timeZone,
      locale: currentFormats().locale,
    },
  });
}

/**
 * Lists follow changes made elsewhere without a reload: told by the live stream, or, while it
 * is down, asked again every few seconds.
 */
const LIVE_MS = 5_000;

/** A list from the local index: kept on screen while the next page loads, asked again every few seconds. */
function liveList<T>(queryKey: readonly unknown[], queryFn: () => Promise<T>) {
  return queryOptions({
    queryKey,
    queryFn,
    placeholderData: keepPreviousData,
    refetchInterval: unlessLive(LIVE_MS),
  });
}

export const merchantIndexQuery = (q: Filters<MerchantIndexQuery>) =>
  liveList(findKeys.merchants(q), () =>
    callEndpoint(api, E.listMerchantIndex, { query: joined(q) }),
  );

export const accountIndexQuery = (q: Filters<AccountIndexQuery>) =>
  liveList(findKeys.accounts(q), () => callEndpoint(api, E.listAccountIndex, { query: joined(q) }));

export const transactionIndexQuery = (q: Filters<TransactionIndexQuery>) =>
  liveList(findKeys.transactions(q), () =>
    callEndpoint(api, E.listTransactionIndex, { query: joined(q) }),
  );

/** How many transactions a list's filters select, and their sums per payout currency. */
export const transactionTotalsQuery = (q: Filters<TransactionIndexQuery>) =>
  liveList([...findKeys.transactions(q), 'totals'], () =>
    callEndpoint(api, E.transactionTotals, { query: joined(q) }),
  );

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: findKeys.search(q),
    queryFn: () => callEndpoint(api, E.search, { query: { q } }),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 2_000,
  });

export const indexStatusQuery = queryOptions({
  queryKey: findKeys.status,
  queryFn: () => callEndpoint(api, E.indexStatus),
  refetchInterval: (query) => (query.state.data?.filled === false ? 1_000 : 10_000),
});

export const useRefreshIndex = () =>
  useRefreshingMutation(() => callEndpoint(api, E.refreshIndex), findKeys.all);

export const savedViewsQuery = queryOptions({
  queryKey: findKeys.views,
  queryFn: async () => (await callEndpoint(api, viewEndpoints.listViews)).results,
});

export const useSaveView = () =>
  useRefreshingMutation(
    (view: SavedViewCreate) => callEndpoint(api, viewEndpoints.saveView, { body: view }),
    findKeys.views,
  );

export const useDeleteView = () =>
  useRefreshingMutation(
    (id: string) => callEndpoint(api, viewEndpoints.deleteView, { params: { id } }),
    findKeys.views,
  );

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

/**
 * A picker's choices: the records `search` finds for the typed text (once typing pauses), with
 * the chosen one read by id and kept among them.
 */
function useRecordChoices<
  T extends { id: number },
  P extends { results: T[] },
  K1 extends QueryKey,
  K2 extends QueryKey,
>(
  search: (q: string | undefined) => UseQueryOptions<P, Error, P, K1>,
  record: (id: number) => UseQueryOptions<T, Error, T, K2>,
  selected: number | null | undefined,
  labelOf: (record: T) => string,
): RecordChoices<T> {
  const typed = useTypedText();
  const found = useQuery(search(typed.q));
  const chosen = useQuery({ ...record(selected ?? 0), enabled: selected != null });
  const kept = selected != null ? chosen.data : undefined;
  const results = found.data?.results ?? [];
  const options = results.map((r) => ({ value: String(r.id), label: labelOf(r) }));
  if (kept !== undefined && !options.some((o) => o.value === String(kept.id)))
    options.unshift({ value: String(kept.id), label: labelOf(kept) });
  return {
    options,
    records: kept !== undefined ? [kept, ...results] : results,
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
  return useRecordChoices(
    (q) => merchantIndexQuery({ ...filters, q, start: 0, limit: 50 }),
    merchantQuery,
    selected,
    (m) => `${m.name} (#${m.id})`,
  );
}

/** An account as a choice: its holder, currency and the end of its IBAN or number. */
export function accountChoiceLabel(a: PayoutAccount): string {
  const tail = numberTail(a);
  return `${a.accountHolderName} · ${a.currencySymbol}${tail ? ` · ••${tail}` : ''} · #${a.id}`;
}

/** Payout accounts to pick from (filtered, e.g. Active ones in a currency), searched as one types. */
export function useAccountChoices(
  filters: {
    accountStatus?: string[];
    currencySymbol?: string | undefined;
    businessId?: number | undefined;
    party?: number | undefined;
  },
  selected: number | null | undefined,
  labelOf: (a: PayoutAccount) => string = accountChoiceLabel,
): RecordChoices<PayoutAccount> {
  return useRecordChoices(
    (q) => accountIndexQuery({ ...filters, q, start: 0, limit: 50 }),
    payoutAccountQuery,
    selected,
    labelOf,
  );
}
