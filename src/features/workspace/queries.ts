// The team workspace's own data: the approvals waiting, and the audit trail.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, readProblem } from '../../api/client';
import { ApprovalInfo, Role } from '../../api/dashboard';
import { api } from '../../lib/api';
import { sessionKeys } from '../session/queries';
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

// Admin settings and one's own account: the dashboard server's own endpoints.

async function send<T>(
  method: string,
  url: string,
  body: unknown,
  schema: z.ZodType<T>,
): Promise<T> {
  const response = await (api.fetch ?? fetch)(url, {
    method,
    headers: {
      ...api.headers,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new ApiError(await readProblem(response, response.headers.get('x-request-id') ?? ''));
  return schema.parse(await response.json());
}

export const Person = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(Role),
  createdAt: z.int(),
  disabledAt: z.int().nullable(),
});
export type Person = z.infer<typeof Person>;

export const Policy = z.object({
  id: z.string(),
  action: z.enum(['approveQuote', 'approveDeposit']),
  currency: z.string(),
  minAmount: z.string(),
  approvers: z.int(),
});
export type Policy = z.infer<typeof Policy>;

const CredentialHint = z.object({
  environment: z.string(),
  apiKeyLast4: z.string(),
  updatedAt: z.int(),
  updatedBy: z.string().nullable(),
});

export const settingsKeys = {
  all: ['settings'] as const,
  people: ['settings', 'people'] as const,
  policies: ['settings', 'policies'] as const,
  credentials: ['settings', 'credentials'] as const,
  roles: ['settings', 'roles'] as const,
};

export const roleSettingsQuery = queryOptions({
  queryKey: settingsKeys.roles,
  queryFn: () => getJson('/api/admin/roles', z.object({ requireTotp: z.array(Role) })),
});

export const peopleQuery = queryOptions({
  queryKey: settingsKeys.people,
  queryFn: () => getJson('/api/admin/users', z.object({ results: z.array(Person) })),
});
export const policiesQuery = queryOptions({
  queryKey: settingsKeys.policies,
  queryFn: () => getJson('/api/admin/policies', z.object({ results: z.array(Policy) })),
});
export const credentialsQuery = queryOptions({
  queryKey: settingsKeys.credentials,
  queryFn: () => getJson('/api/admin/credentials', z.object({ results: z.array(CredentialHint) })),
});

/** A mutation of the settings that refreshes them (and the session's view of environments). */
function useSettingsMutation<V, T>(run: (values: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
      ]),
  });
}

export const useSetCredentials = () =>
  useSettingsMutation((v: { environment: string; apiKey: string; apiSecret: string }) =>
    send(
      'PUT',
      `/api/admin/credentials/${v.environment}`,
      { apiKey: v.apiKey, apiSecret: v.apiSecret },
      z.unknown(),
    ),
  );

export const useCreatePerson = () =>
  useSettingsMutation((v: { email: string; name: string; roles: string[] }) =>
    send('POST', '/api/admin/users', v, z.object({ user: Person, oneTimePassword: z.string() })),
  );

export const useSetRoles = () =>
  useSettingsMutation((v: { id: string; roles: string[] }) =>
    send('PUT', `/api/admin/users/${v.id}/roles`, { roles: v.roles }, Person),
  );

export const useEndSessions = () =>
  useSettingsMutation((id: string) =>
    send('POST', `/api/admin/users/${id}/end-sessions`, undefined, z.object({ ended: z.int() })),
  );

export const useAddPolicy = () =>
  useSettingsMutation((v: Omit<Policy, 'id'>) => send('POST', '/api/admin/policies', v, Policy));

export const useRemovePolicy = () =>
  useSettingsMutation((id: string) =>
    send('DELETE', `/api/admin/policies/${id}`, undefined, z.unknown()),
  );

export const useRequireSecondStep = () =>
  useSettingsMutation((v: { role: string; requireTotp: boolean }) =>
    send('PUT', `/api/admin/roles/${v.role}`, { requireTotp: v.requireTotp }, z.unknown()),
  );

export const useChangePassword = () =>
  useMutation({
    mutationFn: (v: { current: string; next: string }) =>
      send('POST', '/api/account/password', v, z.object({ changed: z.literal(true) })),
  });

export const useBeginAuthenticator = () =>
  useMutation({
    mutationFn: () =>
      send(
        'POST',
        '/api/account/totp',
        undefined,
        z.object({ secret: z.string(), uri: z.string() }),
      ),
  });

export const useConfirmAuthenticator = () =>
  useMutation({
    mutationFn: (code: string) =>
      send(
        'POST',
        '/api/account/totp/confirm',
        { code },
        z.object({ recoveryCodes: z.array(z.string()) }),
      ),
  });

export const useIssueResetLink = () =>
  useMutation({
    mutationFn: (id: string) =>
      send(
        'POST',
        `/api/admin/users/${id}/reset-link`,
        undefined,
        z.object({ link: z.string(), expiresAt: z.int() }),
      ),
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (v: { token: string; password: string }) =>
      send('POST', '/api/password-reset', v, z.object({ reset: z.literal(true) })),
  });
