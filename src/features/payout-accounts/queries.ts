import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { createPayoutAccount, getPayoutAccount, updatePayoutAccount } from '../../api/client';
import type { PayoutAccountCreate, PayoutAccountUpdate } from '../../api/schemas/payout-account';
import { api } from '../../lib/api';

export interface PayoutAccountFilters {
  start: number;
  limit: number;
  businessId?: number | undefined;
  currencySymbol?: string | undefined;
}

export const payoutAccountKeys = {
  all: ['payout-accounts'] as const,
  list: (filters: PayoutAccountFilters) => ['payout-accounts', 'list', filters] as const,
  detail: (id: number) => ['payout-accounts', 'detail', id] as const,
};

export const payoutAccountQuery = (id: number) =>
  queryOptions({
    queryKey: payoutAccountKeys.detail(id),
    queryFn: () => getPayoutAccount(api, id),
  });

export function useCreatePayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: PayoutAccountCreate; idempotencyKey: string }) =>
      createPayoutAccount(api, body, { idempotencyKey }),
    onSuccess: (account) => {
      queryClient.setQueryData(payoutAccountKeys.detail(account.id), account);
      return queryClient.invalidateQueries({ queryKey: payoutAccountKeys.all });
    },
  });
}

export function useUpdatePayoutAccount(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutAccountUpdate) => updatePayoutAccount(api, id, body),
    onSuccess: (account) => {
      queryClient.setQueryData(payoutAccountKeys.detail(id), account);
      return queryClient.invalidateQueries({ queryKey: payoutAccountKeys.all });
    },
  });
}
