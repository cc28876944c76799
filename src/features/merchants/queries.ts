// Merchants: reads as queryOptions factories, writes as mutations that refresh what they change.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  acceptAgreements,
  addMerchantDocument,
  createMerchant,
  getMerchant,
  listAgreements,
  listMerchantDocuments,
  submitOnboarding,
  updateMerchant,
  uploadFile,
} from '#/api/client';
import { sessionEndpoints } from '#/api/dashboard';
import type {
  KycDocumentType,
  Merchant,
  MerchantCreate,
  MerchantUpdate,
} from '#/api/schemas/merchant';
import { callEndpoint } from '#/api/call';
import { useEffect } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { api } from '#/lib/api';
import { fillEmpty } from '#/lib/form-fill';
import { useCreateRecord, useRecordMutation } from '#/lib/mutation';
import { merchantKeys } from '#/lib/query-keys';

/** The KYC documents a merchant's review asks for and those given (docs/decisions/073). */
export const documentsQuery = (id: number) =>
  queryOptions({
    queryKey: merchantKeys.documents(id),
    queryFn: () => listMerchantDocuments(api, id),
    retry: false,
  });

/** Who accepted each agreement and gave each document: the dashboard's record. */
export const merchantNotesQuery = (id: number) =>
  queryOptions({
    queryKey: merchantKeys.notes(id),
    queryFn: async () =>
      (await callEndpoint(api, sessionEndpoints.merchantNotes, { params: { id } })).results,
  });

/** Uploads a file, then gives it to the merchant as a KYC document of that type. */
export function useGiveDocument(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ type, file }: { type: KycDocumentType; file: File }) => {
      const stored = await uploadFile(api, file, file.name);
      return addMerchantDocument(api, id, { type, fileId: stored.id });
    },
    onSuccess: (documents) => {
      queryClient.setQueryData(merchantKeys.documents(id), documents);
      void queryClient.invalidateQueries({ queryKey: merchantKeys.notes(id) });
    },
  });
}

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
    onSuccess: (agreements) => {
      queryClient.setQueryData(merchantKeys.agreements(id), agreements);
      void queryClient.invalidateQueries({ queryKey: merchantKeys.notes(id) });
    },
  });
}

export const useSubmitOnboarding = (id: number) =>
  useRecordMutation(
    () => submitOnboarding(api, id),
    (merchant) => merchantKeys.detail(merchant.id),
    merchantKeys.all,
  );
