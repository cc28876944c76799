// The team workspace's own data: the approvals waiting, and the audit trail.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, readProblem } from '../../api/client';
import { ApprovalInfo } from '../../api/dashboard';
import { api } from '../../lib/api';
import { approvalKeys } from '../transactions/queries';

async function getJson<T>(url: string, schema: z.ZodType<T>): Promise<T> {
  const response = await (api.fetch ?? fetch)(url, {
    headers: { ...api.headers, accept: 'application/json' },
  });
  if (!response.ok)
    throw new ApiError(await readProblem(response, response.headers.get('x-request-id') ?? ''));
  return schema.parse(await response.json());
}

export const AuditEntry = z.object({
  seq: z.int(),
  at: z.int(),
  actorEmail: z.string().nullable(),
  roles: z.array(z.string()),
  ip: z.string(),
  userAgent: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  outcome: z.enum(['ok', 'refused', 'failed']),
  requestId: z.string().nullable(),
  details: z.unknown(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export interface AuditFilters {
  actor?: string | undefined;
  action?: string | undefined;
  outcome?: 'ok' | 'refused' | 'failed' | undefined;
  before?: number | undefined;
}

export function auditSearch(filters: AuditFilters, extra: Record<string, string> = {}) {
  const params = new URLSearchParams(extra);
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}

export const workspaceKeys = {
  audit: (filters: AuditFilters) => ['workspace', 'audit', filters] as const,
};

export const auditQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: workspaceKeys.audit(filters),
    queryFn: () =>
      getJson(
        `/api/audit?${auditSearch(filters, { limit: '50' })}`,
        z.object({ results: z.array(AuditEntry), hasMore: z.boolean() }),
      ),
    placeholderData: keepPreviousData,
  });

/** Approvals waiting in this environment, oldest first. */
export const approvalsInboxQuery = queryOptions({
  queryKey: approvalKeys.inbox,
  queryFn: async () =>
    (await getJson('/api/approvals', z.object({ results: z.array(ApprovalInfo) }))).results,
  refetchInterval: 10_000,
});
