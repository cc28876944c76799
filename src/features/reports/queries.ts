// The money reports (docs/decisions/036): one query per report, answered by the dashboard server
// from its local index.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '#/api/client';
import { type ReportQuery, reportEndpoints as E } from '#/api/reports';
import { api } from '#/lib/api';

export const reportKeys = { all: ['reports'] as const };

/** The report of a period and filters, as the server computes it. */
export const reportQuery = (query: ReportQuery) =>
  queryOptions({
    queryKey: [...reportKeys.all, query],
    queryFn: () => callEndpoint(api, E.getReport, { query }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
