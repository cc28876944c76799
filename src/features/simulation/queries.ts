// Sandbox status simulation: the dashboard builds the `|STATUS` update itself, then reads back
// the event the change emitted.
import { withStatusSuffix } from '#/api/simulation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listEvents, updateMerchant, updatePayoutAccount } from '#/api/client';
import type { AccountStatus, PayoutAccount } from '#/api/schemas/payout-account';
import type { KycStatus, Merchant, MerchantUpdate } from '#/api/schemas/merchant';
import type { Event } from '#/api/schemas/platform';
import { api } from '#/lib/api';
import { payoutAccountKeys, merchantKeys } from '#/lib/query-keys';

/**
 * The merchant's update body with `|STATUS` appended to its registration number. Every field is
 * sent as the merchant has it; one it lacks is not made up, and the API names it if required.
 */
export function kycSimulationBody(merchant: Merchant, status: KycStatus): MerchantUpdate {
  const {
    id: _id,
    creationTime: _created,
    lastUpdateTime: _updated,
    kycStatus: _status,
    contactOwnerBusinessId: _owner,
    ...fields
  } = merchant;
  return {
    ...(fields as MerchantUpdate),
    localRegNumber: withStatusSuffix(merchant.localRegNumber, status),
  };
}

/** The account's required fields, with `|STATUS` appended to its account number. */
export function accountSimulationBody(account: PayoutAccount, status: AccountStatus) {
  return {
    accountHolderName: account.accountHolderName,
    bankName: account.bankName,
    countryIso: account.countryIso,
    accountNumber: withStatusSuffix(account.accountNumber, status),
  };
}

async function latestEvent(
  objectType: 'merchant' | 'payout_account',
  objectId: number,
): Promise<Event | undefined> {
  const page = await listEvents(api, { objectType, objectId, limit: 1 });
  return page.results[0];
}

export function useSimulateKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ merchant, status }: { merchant: Merchant; status: KycStatus }) => {
      const updated = await updateMerchant(api, merchant.id, kycSimulationBody(merchant, status));
      return { record: updated, event: await latestEvent('merchant', merchant.id) };
    },
    onSuccess: ({ record }) => {
      queryClient.setQueryData(merchantKeys.detail(record.id), record);
      return queryClient.invalidateQueries({ queryKey: merchantKeys.all });
    },
  });
}

export function useSimulateAccountStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ account, status }: { account: PayoutAccount; status: AccountStatus }) => {
      const updated = await updatePayoutAccount(
        api,
        account.id,
        accountSimulationBody(account, status),
      );
      return { record: updated, event: await latestEvent('payout_account', account.id) };
    },
    onSuccess: ({ record }) => {
      queryClient.setQueryData(payoutAccountKeys.detail(record.id), record);
      return queryClient.invalidateQueries({ queryKey: payoutAccountKeys.all });
    },
  });
}
