// The money controls as the SPA sees them (docs/decisions/025): policies, the approvals inbox
// and its count, a transaction's approvals and recipient, payee changes and their decisions.
// Every call goes through the endpoints declared once in src/api/controls.ts.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, callEndpointHoldable } from '#/api/call';
import {
  type ApprovalSettings,
  type LimitCreate,
  type PayeeChange,
  type PayeeCheck,
  type PolicyCreate,
  type RequirementQuery,
  controlsEndpoints as E,
} from '#/api/controls';
import type { Product } from '#/api/schemas/transaction';
import { api } from '#/lib/api';
import { endpointQuery } from '#/lib/endpoint-query';
import { unlessLive } from '#/lib/live';
import { INBOX_PAGE } from './inbox-page';
import { controlsKeys, payoutAccountKeys, type InboxScope } from '#/lib/query-keys';

/** How often the navigation's count and the inbox look again (a decision refreshes them at once). */
const INBOX_REFRESH_MS = 15_000;

export const inboxQuery = (scope: InboxScope, start = 0, limit = INBOX_PAGE) =>
  queryOptions({
    queryKey: controlsKeys.inbox(scope, start, limit),
    queryFn: () => callEndpoint(api, E.inbox, { query: { scope, start, limit } }),
    placeholderData: keepPreviousData,
    refetchInterval: unlessLive(INBOX_REFRESH_MS),
  });

export const inboxCountQuery = queryOptions({
  ...endpointQuery(controlsKeys.count, E.inboxCounts),
  refetchInterval: unlessLive(INBOX_REFRESH_MS),
});

/** A transaction's approvals, who can give the next one, and what it was sent to. */
export const transactionControlsQuery = (product: Product, id: number, status?: string) =>
  queryOptions({
    queryKey: controlsKeys.transaction(product, id, status),
    queryFn: () => callEndpoint(api, E.transactionControls, { params: { product, id } }),
  });

export const payeeChangesQuery = (accountId: number) =>
  queryOptions({
    queryKey: controlsKeys.payeeChanges(accountId),
    queryFn: async () =>
      (await callEndpoint(api, E.payeeChanges, { query: { accountId } })).results,
  });

export const policiesQuery = queryOptions({
  queryKey: controlsKeys.policies,
  queryFn: async () => (await callEndpoint(api, E.listPolicies)).results,
});

export const requirementQuery = (q: RequirementQuery) =>
  queryOptions({
    queryKey: controlsKeys.requirement(q),
    queryFn: () => callEndpoint(api, E.requirement, { query: q }),
    retry: false,
  });

/** Checks bank details before they are saved (problems refuse, warnings ask for a look). */
export const checkPayee = (check: PayeeCheck) => callEndpoint(api, E.payeeCheck, { body: check });

/** A decision or a policy change: everything the controls show is looked at again. */
function useControlsMutation<V, T>(run: (values: V) => Promise<T>, after?: (result: T) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (result) => {
      after?.(result);
      await queryClient.invalidateQueries({ queryKey: controlsKeys.all });
    },
  });
}

/** Adds a policy: done, or held for a second admin (docs/decisions/042). */
export const useAddPolicy = () =>
  useControlsMutation((body: PolicyCreate) => callEndpointHoldable(api, E.addPolicy, { body }));

export const useRemovePolicy = () =>
  useControlsMutation((id: string) =>
    callEndpointHoldable(api, E.removePolicy, { params: { id } }),
  );

/** Limits per person, merchant and workspace, each with its use now (docs/decisions/089). */
export const limitsQuery = queryOptions({
  queryKey: [...controlsKeys.all, 'limits'] as const,
  queryFn: () => callEndpoint(api, E.listLimits),
});

export const useAddLimit = () =>
  useControlsMutation((body: LimitCreate) => callEndpoint(api, E.addLimit, { body }));

export const useRemoveLimit = () =>
  useControlsMutation((id: string) => callEndpointHoldable(api, E.removeLimit, { params: { id } }));

export const approvalSettingsQuery = queryOptions({
  ...endpointQuery(controlsKeys.settings, E.approvalSettings),
  staleTime: 60_000,
});

export const useSetApprovalSettings = () =>
  useControlsMutation((body: ApprovalSettings) =>
    callEndpointHoldable(api, E.setApprovalSettings, { body }),
  );

/** Changes of the controls waiting for a second admin, then the last ones decided. */
export const controlChangesQuery = queryOptions({
  queryKey: controlsKeys.changes,
  queryFn: async () => (await callEndpoint(api, E.controlChanges)).results,
});

export const useDecideControlChange = () =>
  useControlsMutation(
    async (v: { id: string; decision: 'approve' | 'reject' | 'withdraw'; reason?: string }) =>
      (v.decision === 'approve'
        ? await callEndpoint(api, E.approveControlChange, { params: { id: v.id } })
        : v.decision === 'reject'
          ? await callEndpoint(api, E.rejectControlChange, {
              params: { id: v.id },
              body: { reason: v.reason ?? '' },
            })
          : await callEndpoint(api, E.withdrawControlChange, { params: { id: v.id } })
      ).change,
  );

/**
 * Approves or rejects a payee change. `onDecided` runs before the lists are read again: the
 * card that asked may be gone from the inbox by the time they are.
 */
export function useDecidePayeeChange(onDecided?: (change: PayeeChange) => void) {
  const queryClient = useQueryClient();
  return useControlsMutation(
    async (v: { id: string; decision: 'approve' | 'reject'; reason?: string }) =>
      v.decision === 'approve'
        ? (await callEndpoint(api, E.approvePayeeChange, { params: { id: v.id } })).change
        : callEndpoint(api, E.rejectPayeeChange, {
            params: { id: v.id },
            body: { reason: v.reason ?? '' },
          }),
    (change) => {
      onDecided?.(change);
      // An applied change is the account's new state: its pages read it again.
      void queryClient.invalidateQueries({ queryKey: payoutAccountKeys.all });
    },
  );
}

export const useWithdrawPayeeChange = () =>
  useControlsMutation((id: string) => callEndpoint(api, E.withdrawPayeeChange, { params: { id } }));
