// Merchants: reads as queryOptions factories, writes as mutations that refresh what they change.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  acceptAgreements,
  createMerchant,
  getMerchant,
  listAgreements,
  submitOnboarding,
  updateMerchant,
} from '#/api/client';
import type { Merchant, MerchantCreate, MerchantUpdate } from '#/api/schemas/merchant';
import { useEffect } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { api } from '#/lib/api';
import { fillEmpty } from '#/lib/form-fill';
import { useCreateRecord, useRecordMutation } from '#/lib/mutation';

export const merchantKeys = {
  all: ['merchants'] as const,
  list: (page: { start: number; limit: number }) => ['merchants', 'list', page] as const,
  detail: (id: number) => ['merchants', 'detail', id] as const,
  agreements: (id: number) => ['merchants', 'agreements', id] as const,
};

export const merchantQuery = (id: number) =>
  queryOptions({ queryKey: merchantKeys.detail(id), queryFn: () => getMerchant(api, id) });

/**
 * Fills a form's empty fields from a merchant's record (`pick` says which field takes what): at
 * once for `initialId`, the merchant the page started with, then for each one chosen (the
 * returned function). The record comes from the cache when the page already read it.
 */
export function usePrefillFromMerchant<T extends FieldValues>(
  form: UseFormReturn<T>,
  pick: (merchant: Merchant) => Partial<Record<Path<T>, string | null | undefined>>,
  initialId?: number,
) {
  const queryClient = useQueryClient();
  const prefill = async (id: number) => {
    const merchant = await queryClient.fetchQuery(merchantQuery(id)).catch(() => undefined);
    if (merchant) fillEmpty(form, pick(merchant));
  };
  useEffect(() => {
    if (initialId) void prefill(initialId);
    // Once, for the merchant the page started with.
  }, []);
  return prefill;
}

export const agreementsQuery = (id: number) =>
  queryOptions({ queryKey: merchantKeys.agreements(id), queryFn: () => listAgreements(api, id) });

export const useCreateMerchant = () =>
  useCreateRecord(
    (body: MerchantCreate, options) => createMerchant(api, body, options),
    (merchant) => merchantKeys.detail(merchant.id),
    merchantKeys.all,
  );

export const useUpdateMerchant = (id: number) =>
  useRecordMutation(
    (body: MerchantUpdate) => updateMerchant(api, id, body),
    (merchant) => merchantKeys.detail(merchant.id),
    merchantKeys.all,
  );

export function useAcceptAgreements(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (agreementIds: number[]) => acceptAgreements(api, id, { agreementIds }),
    onSuccess: (agreements) => queryClient.setQueryData(merchantKeys.agreements(id), agreements),
  });
}

export const useSubmitOnboarding = (id: number) =>
  useRecordMutation(
    () => submitOnboarding(api, id),
    (merchant) => merchantKeys.detail(merchant.id),
    merchantKeys.all,
  );
