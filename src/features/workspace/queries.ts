// The team workspace's own data: the audit trail, the admin's settings and one's own account,
// called through the endpoints declared in src/api (audit.ts, admin.ts, account.ts).
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import type { I18n } from '@lingui/core';
import type { Language } from '#/i18n/languages';
import { browserLanguage, showLanguage } from '#/i18n/catalogs';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  accountEndpoints,
  type AwayInfo,
  type AwaySetting,
  type PersonFormats,
  type PersonLanguage,
} from '#/api/account';
import { adminEndpoints } from '#/api/admin';
import { type AuditFilters, auditEndpoints } from '#/api/audit';
import { buildUrl, callEndpoint, callEndpointHoldable } from '#/api/call';
import type { Environment } from '#/api/dashboard';
import type { Role } from '#/api/roles';
import { api } from '#/lib/api';
import { endpointQuery } from '#/lib/endpoint-query';
import { useRefreshingMutation } from '#/lib/mutation';
import { showDone } from '#/components/notify';
import { currentFormats } from '#/lib/format';
import { controlsKeys, sessionKeys } from '#/lib/query-keys';

export type { AuditFilters } from '#/api/audit';

export const workspaceKeys = {
  audit: (filters: AuditFilters) => ['workspace', 'audit', filters] as const,
};

export const AUDIT_PAGE = 50;

export const auditQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: workspaceKeys.audit(filters),
    queryFn: () =>
      callEndpoint(api, auditEndpoints.listAudit, { query: { ...filters, limit: AUDIT_PAGE } }),
    placeholderData: keepPreviousData,
  });

/** Where the browser downloads the trail's filtered entries as CSV (the newest thousand). */
export const auditCsvUrl = (filters: AuditFilters) =>
  buildUrl(api, auditEndpoints.listAudit, {
    query: {
      ...filters,
      before: undefined,
      format: 'csv',
      limit: 1000,
      locale: currentFormats().locale,
    },
  });

// Admin settings

export const settingsKeys = {
  all: ['settings'] as const,
  people: ['settings', 'people'] as const,
  credentials: ['settings', 'credentials'] as const,
  roles: ['settings', 'roles'] as const,
  language: ['settings', 'language'] as const,
  sso: ['settings', 'sso'] as const,
  scim: ['settings', 'scim'] as const,
};

export const roleSettingsQuery = endpointQuery(settingsKeys.roles, adminEndpoints.roleSettings);

export const languageSettingsQuery = endpointQuery(
  settingsKeys.language,
  adminEndpoints.languageSettings,
);

export const useSetWorkspaceLanguage = () =>
  useSettingsMutation((language: Language) =>
    callEndpoint(api, adminEndpoints.setWorkspaceLanguage, { body: { language } }),
  );

export const peopleQuery = endpointQuery(settingsKeys.people, adminEndpoints.listPeople);

export const credentialsQuery = endpointQuery(
  settingsKeys.credentials,
  adminEndpoints.listCredentials,
);

/** A mutation of the settings that refreshes them (and the session's view of environments). */
export function useSettingsMutation<V, T>(run: (values: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
        // A change held for a second admin is listed with the controls' changes.
        queryClient.invalidateQueries({ queryKey: controlsKeys.changes }),
      ]),
  });
}

export const useSetCredentials = () =>
  useSettingsMutation(
    ({ environment, ...body }: { environment: Environment; apiKey: string; apiSecret: string }) =>
      callEndpoint(api, adminEndpoints.setCredentials, { params: { environment }, body }),
  );

export const useCreatePerson = () =>
  useSettingsMutation((body: { email: string; name: string; roles: Role[] }) =>
    callEndpointHoldable(api, adminEndpoints.addPerson, { body }),
  );

export const useSetRoles = () =>
  useSettingsMutation(({ id, roles }: { id: string; roles: Role[] }) =>
    callEndpointHoldable(api, adminEndpoints.setRoles, { params: { id }, body: { roles } }),
  );

export const useSetActive = () =>
  useSettingsMutation(({ id, active }: { id: string; active: boolean }) =>
    callEndpoint(api, adminEndpoints.setPersonActive, { params: { id }, body: { active } }),
  );

export const useEndSessions = () =>
  useSettingsMutation((id: string) =>
    callEndpoint(api, adminEndpoints.endSessionsOf, { params: { id } }),
  );

export const useRequireSecondStep = () =>
  useSettingsMutation(({ role, requireTotp }: { role: Role; requireTotp: boolean }) =>
    callEndpoint(api, adminEndpoints.setSecondStep, { params: { role }, body: { requireTotp } }),
  );

export const useIssueResetLink = () =>
  useMutation({
    mutationFn: (id: string) =>
      callEndpoint(api, adminEndpoints.issueResetLink, { params: { id } }),
  });

// One's own account

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: { current: string; next: string }) =>
      callEndpoint(api, accountEndpoints.changePassword, { body }),
  });

/** Starts enrolling an authenticator; replacing one needs the password and one of its codes. */
export const useBeginAuthenticator = () =>
  useMutation({
    mutationFn: (proof?: { password: string; code: string }) =>
      callEndpoint(api, accountEndpoints.beginAuthenticator, { body: proof }),
  });

/** Confirms the authenticator with one of its codes: a session that had to enrol is a full one now. */
export const useConfirmAuthenticator = () =>
  useRefreshingMutation(
    (code: string) => callEndpoint(api, accountEndpoints.confirmAuthenticator, { body: { code } }),
    sessionKeys.all,
  );

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      callEndpoint(api, accountEndpoints.resetPassword, { body }),
  });

/**
 * Chooses one's locale and time zone; the session read again carries them to every page, which
 * is drawn again (so the toast is said here, before: the form that asked is gone after).
 */
export function useSetFormats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PersonFormats) => callEndpoint(api, accountEndpoints.setFormats, { body }),
    onSuccess: () => {
      showDone(tr(msg`Formats saved`), tr(msg`Every page now uses them.`));
      return queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}

/**
 * Chooses one's language (decision 091): saved, then the page's catalog of that language loaded
 * (one chunk) and every word drawn again in place, without a reload; the session read again.
 */
export function useSetLanguage(i18n: I18n) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PersonLanguage) => callEndpoint(api, accountEndpoints.setLanguage, { body }),
    onSuccess: async ({ language }) => {
      await showLanguage(i18n, language ?? browserLanguage(), 'app');
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}

// Away with a delegate (docs/decisions/088)

export const awayQuery = endpointQuery(['account', 'away'] as const, accountEndpoints.getAway);

/** Sets or ends one's absence: the answer is the panel's new state; the inbox may change too. */
export function useAway() {
  const queryClient = useQueryClient();
  const done = (info: AwayInfo) => {
    queryClient.setQueryData(awayQuery.queryKey, info);
    return queryClient.invalidateQueries({ queryKey: controlsKeys.all });
  };
  return {
    set: useMutation({
      mutationFn: (body: AwaySetting) => callEndpoint(api, accountEndpoints.setAway, { body }),
      onSuccess: done,
    }),
    clear: useMutation({
      mutationFn: () => callEndpoint(api, accountEndpoints.clearAway),
      onSuccess: done,
    }),
  };
}
