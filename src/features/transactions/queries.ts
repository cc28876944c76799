// Transactions: reads as queryOptions factories, money-moving actions as mutations.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  approveDeposit,
  approveQuote,
  calculatePrice,
  cancelTransaction,
  createTransaction,
  getPayoutConfirmation,
  getTransaction,
  listTransactions,
  uploadFile,
  type TransactionCreateBody,
} from '../../api/client';
import type {
  CancelRequest,
  PriceRequest,
  Product,
  Transaction,
} from '../../api/schemas/transaction';
import { isFinalStatus } from '../../api/transaction-states';
import { api } from '../../lib/api';

export interface TransactionFilters {
  start: number;
  limit: number;
  businessId?: number | undefined;
  fromDate?: number | undefined;
  toDate?: number | undefined;
}

export const transactionKeys = {
  all: ['transactions'] as const,
  list: (product: Product, filters: TransactionFilters) =>
    ['transactions', product, 'list', filters] as const,
  detail: (product: Product, id: number) => ['transactions', product, 'detail', id] as const,
  confirmation: (id: number) => ['transactions', 'confirmation', id] as const,
  price: (product: Product, request: PriceRequest) => ['prices', product, request] as const,
};

export const transactionListQuery = (product: Product, filters: TransactionFilters) =>
  queryOptions({
    queryKey: transactionKeys.list(product, filters),
    queryFn: () => listTransactions(api, product, filters),
    placeholderData: keepPreviousData,
  });

/** A transaction; an open one is looked at again every two seconds until it is final. */
export const transactionQuery = (product: Product, id: number) =>
  queryOptions({
    queryKey: transactionKeys.detail(product, id),
    queryFn: () => getTransaction(api, product, id),
    refetchInterval: (query) => {
      const status = query.state.data?.clientStatus;
      return status && !isFinalStatus(status) ? 2000 : false;
    },
  });

export const priceQuery = (product: Product, request: PriceRequest) =>
  queryOptions({
    queryKey: transactionKeys.price(product, request),
    queryFn: () => calculatePrice(api, product, request),
    staleTime: 30_000,
    retry: false,
  });

export const confirmationQuery = (id: number) =>
  queryOptions({
    queryKey: transactionKeys.confirmation(id),
    queryFn: () => getPayoutConfirmation(api, id),
  });

function useSettle(product: Product) {
  const queryClient = useQueryClient();
  return (transaction: Transaction) => {
    queryClient.setQueryData(
      transactionKeys.detail(product, transaction.businessRequestId),
      transaction,
    );
    void queryClient.invalidateQueries({ queryKey: transactionKeys.all });
  };
}

export function useCreateTransaction<P extends Product>(product: P) {
  const settle = useSettle(product);
  return useMutation({
    mutationFn: ({
      body,
      idempotencyKey,
    }: {
      body: TransactionCreateBody<P>;
      idempotencyKey: string;
    }) => createTransaction(api, product, body, { idempotencyKey }),
    onSuccess: settle,
  });
}

export function useApproveQuote(product: Product, id: number) {
  const settle = useSettle(product);
  return useMutation({
    mutationFn: (idempotencyKey: string) => approveQuote(api, product, id, { idempotencyKey }),
    onSuccess: settle,
  });
}

export function useApproveDeposit(product: Product, id: number) {
  const settle = useSettle(product);
  return useMutation({
    mutationFn: ({
      depositConfirmationUrl,
      idempotencyKey,
    }: {
      depositConfirmationUrl?: string;
      idempotencyKey: string;
    }) =>
      approveDeposit(
        api,
        product,
        id,
        (product === 'sendc2f'
          ? undefined
          : depositConfirmationUrl
            ? { depositConfirmationUrl }
            : {}) as never,
        { idempotencyKey },
      ),
    onSuccess: settle,
  });
}

export function useCancelTransaction(product: Product, id: number) {
  const settle = useSettle(product);
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CancelRequest; idempotencyKey: string }) =>
      cancelTransaction(api, product, id, body, { idempotencyKey }),
    onSuccess: settle,
  });
}

export function useUploadFile() {
  return useMutation({ mutationFn: (file: File) => uploadFile(api, file, file.name) });
}
