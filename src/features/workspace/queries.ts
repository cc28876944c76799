// The team workspace's own data: the audit trail, the admin's settings and one's own account.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AuditOutcome, Role } from '../../api/dashboard';
import { dashboardJson } from '../../lib/api';
import { sessionKeys } from '../session/queries';

export const AuditEntry = z.object({
  seq: z.int(),
  at: z.int(),
  actorEmail: z.string().nullable(),
  roles: z.array(z.string()),
  ip: z.string(),
  userAgent: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  outcome: AuditOutcome,
  requestId: z.string().nullable(),
  details: z.unknown(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export interface AuditFilters {
  actor?: string | undefined;
  action?: string | undefined;
  outcome?: AuditOutcome | undefined;
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
      dashboardJson(
        'GET',
        `/api/audit?${auditSearch(filters, { limit: '50' })}`,
        z.object({ results: z.array(AuditEntry), hasMore: z.boolean() }),
      ),
    placeholderData: keepPreviousData,
  });

// Admin settings and one's own account: the dashboard server's own endpoints.

export const Person = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(Role),
  createdAt: z.int(),
  disabledAt: z.int().nullable(),
});
export type Person = z.infer<typeof Person>;

const CredentialHint = z.object({
  environment: z.string(),
  apiKeyLast4: z.string(),
  updatedAt: z.int(),
  updatedBy: z.string().nullable(),
});

export const settingsKeys = {
  all: ['settings'] as const,
  people: ['settings', 'people'] as const,
  credentials: ['settings', 'credentials'] as const,
  roles: ['settings', 'roles'] as const,
};

export const roleSettingsQuery = queryOptions({
  queryKey: settingsKeys.roles,
  queryFn: () => dashboardJson('GET', '/api/admin/roles', z.object({ requireTotp: z.array(Role) })),
});

export const peopleQuery = queryOptions({
  queryKey: settingsKeys.people,
  queryFn: () => dashboardJson('GET', '/api/admin/users', z.object({ results: z.array(Person) })),
});
export const credentialsQuery = queryOptions({
  queryKey: settingsKeys.credentials,
  queryFn: () =>
    dashboardJson('GET', '/api/admin/credentials', z.object({ results: z.array(CredentialHint) })),
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
    dashboardJson('PUT', `/api/admin/credentials/${v.environment}`, z.unknown(), {
      apiKey: v.apiKey,
      apiSecret: v.apiSecret,
    }),
  );

export const useCreatePerson = () =>
  useSettingsMutation((v: { email: string; name: string; roles: string[] }) =>
    dashboardJson(
      'POST',
      '/api/admin/users',
      z.object({ user: Person, oneTimePassword: z.string() }),
      v,
    ),
  );

export const useSetRoles = () =>
  useSettingsMutation((v: { id: string; roles: string[] }) =>
    dashboardJson('PUT', `/api/admin/users/${v.id}/roles`, Person, { roles: v.roles }),
  );

export const useEndSessions = () =>
  useSettingsMutation((id: string) =>
    dashboardJson('POST', `/api/admin/users/${id}/end-sessions`, z.object({ ended: z.int() })),
  );

export const useRequireSecondStep = () =>
  useSettingsMutation((v: { role: string; requireTotp: boolean }) =>
    dashboardJson('PUT', `/api/admin/roles/${v.role}`, z.unknown(), { requireTotp: v.requireTotp }),
  );

export const useChangePassword = () =>
  useMutation({
    mutationFn: (v: { current: string; next: string }) =>
      dashboardJson('POST', '/api/account/password', z.object({ changed: z.literal(true) }), v),
  });

/** Starts enrolling an authenticator; replacing one needs the password and one of its codes. */
export const useBeginAuthenticator = () =>
  useMutation({
    mutationFn: (proof?: { password: string; code: string }) =>
      dashboardJson(
        'POST',
        '/api/account/totp',
        z.object({ secret: z.string(), uri: z.string() }),
        proof,
      ),
  });

export const useConfirmAuthenticator = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      dashboardJson(
        'POST',
        '/api/account/totp/confirm',
        z.object({ recoveryCodes: z.array(z.string()) }),
        { code },
      ),
    // A session that had to enrol first is a full one now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
};

export const useIssueResetLink = () =>
  useMutation({
    mutationFn: (id: string) =>
      dashboardJson(
        'POST',
        `/api/admin/users/${id}/reset-link`,
        z.object({ link: z.string(), expiresAt: z.int() }),
      ),
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (v: { token: string; password: string }) =>
      dashboardJson('POST', '/api/password-reset', z.object({ reset: z.literal(true) }), v),
  });
