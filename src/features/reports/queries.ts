// The money reports (docs/decisions/036): one query per report, answered by the dashboard server
// from its local index.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { buildUrl, callEndpoint } from '#/api/call';
import { type ReportQuery, reportEndpoints as E } from '#/api/reports';
import {
  type StatementFormat,
  type StatementQuery,
  statementEndpoints as S,
} from '#/api/statements';
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

/** A statement's count and exact totals, for the statement panel (docs/decisions/037). */
export const statementSummaryQuery = (query: StatementQuery) =>
  queryOptions({
    queryKey: [...reportKeys.all, 'statement', query],
    queryFn: () => callEndpoint(api, S.statementSummary, { query }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** Where the browser downloads a statement file. */
export const statementFileUrl = (query: StatementQuery & { format: StatementFormat }) =>
  buildUrl(api, S.statementFile, { query });
