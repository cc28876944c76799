import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callHoldable, createPayoutAccount, getPayoutAccount } from '#/api/client';
import type { PayeeChange } from '#/api/controls';
import { operations } from '#/api/operations';
import {
  type PayoutAccount,
  type PayoutAccountCreate,
  type PayoutAccountUpdate,
} from '#/api/schemas/payout-account';
import { api } from '#/lib/api';
import { useCreateRecord } from '#/lib/mutation';
import { controlsKeys, payoutAccountKeys } from '#/lib/query-keys';

export const payoutAccountQuery = (id: number) =>
  queryOptions({
    queryKey: payoutAccountKeys.detail(id),
    queryFn: () => getPayoutAccount(api, id),
  });

export const useCreatePayoutAccount = () =>
  useCreateRecord(
    (body: PayoutAccountCreate, options) => createPayoutAccount(api, body, options),
    (account) => payoutAccountKeys.detail(account.id),
    payoutAccountKeys.all,
  );

/**
 * What saving an account's update did: saved, or held because it changes the bank details of an
 * active account and someone else must approve it first (docs/decisions/025).
 */
export type AccountUpdateOutcome =
  { kind: 'saved'; account: PayoutAccount } | { kind: 'held'; change: PayeeChange };

async function updateThroughDashboard(
  id: number,
  body: PayoutAccountUpdate,
): Promise<AccountUpdateOutcome> {
  const outcome = await callHoldable(api, operations.updatePayoutAccount, { params: { id }, body });
  if ('answer' in outcome) return { kind: 'saved', account: outcome.answer };
  if ('change' in outcome.held) return { kind: 'held', change: outcome.held.change };
  throw new Error('The account update was held as something other than a bank-detail change.');
}

export function useUpdatePayoutAccount(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutAccountUpdate) => updateThroughDashboard(id, body),
    onSuccess: (outcome) => {
      if (outcome.kind === 'saved')
        queryClient.setQueryData(payoutAccountKeys.detail(id), outcome.account);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: payoutAccountKeys.all }),
        // A held change shows on the account and in the approvals inbox.
        queryClient.invalidateQueries({ queryKey: controlsKeys.all }),
      ]);
    },
  });
}
