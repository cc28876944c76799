// The sandbox's request log (docs/decisions/023): what the partner's integration and this
// dashboard asked of the sandbox, searched there.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { listRequests } from '#/api/client';
import { api } from '#/lib/api';

export interface RequestLogSearch {
  requestId?: string | undefined;
  path?: string | undefined;
  /** An exact status (404) or a class (4). */
  status?: number | undefined;
  objectType?: 'merchant' | 'payout_account' | 'transaction' | 'webhook' | 'event' | undefined;
  objectId?: number | undefined;
  client?: 'integration' | 'dashboard' | undefined;
  kind?: 'writes' | 'reads' | undefined;
  start?: number | undefined;
  limit?: number | undefined;
}

export const requestKeys = {
  all: ['requests'] as const,
  search: (search: RequestLogSearch) => ['requests', 'search', search] as const,
};

export const requestLogQuery = (search: RequestLogSearch) =>
  queryOptions({
    queryKey: requestKeys.search(search),
    queryFn: () =>
      listRequests(api, {
        ...search,
        status: search.status === undefined ? undefined : String(search.status),
      } as Parameters<typeof listRequests>[1]),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });
