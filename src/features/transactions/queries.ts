// Transactions: reads as queryOptions factories, money-moving actions as mutations.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  calculatePrice,
  callEndpoint,
  callHoldable,
  cancelTransaction,
  createTransaction,
  getPayoutConfirmation,
  getTransaction,
  uploadFile,
  type TransactionCreateBody,
} from '#/api/client';
import { type ApprovalInfo, type TransactionApproval, controlsEndpoints } from '#/api/controls';
import { sessionEndpoints } from '#/api/dashboard';
import { transactionOperations } from '#/api/operations';
import {
  type CancelRequest,
  type PriceRequest,
  type Product,
  Transaction,
} from '#/api/schemas/transaction';
import { isFinalStatus } from '#/api/transaction-states';
import { type ScheduleCreate, scheduleEndpoints } from '#/api/schedules';
import { api } from '#/lib/api';
import { unlessLive } from '#/lib/live';
import { controlsKeys } from '#/lib/query-keys';

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
  notes: (product: Product, id: number) => ['transactions', product, 'notes', id] as const,
  price: (product: Product, request: PriceRequest) => ['prices', product, request] as const,
};

/** A transaction; an open one is looked at again every two seconds until it is final. */
export const transactionQuery = (product: Product, id: number) =>
  queryOptions({
    queryKey: transactionKeys.detail(product, id),
    queryFn: () => getTransaction(api, product, id),
    refetchInterval: (query) => {
      const status = query.state.data?.clientStatus;
      return status && !isFinalStatus(status) ? unlessLive(2000)() : false;
    },
  });

export const priceQuery = (product: Product, request: PriceRequest) =>
  queryOptions({
    queryKey: transactionKeys.price(product, request),
    queryFn: () => calculatePrice(api, product, request),
    staleTime: 30_000,
    retry: false,
  });

/** The files and the cancellation reason the dashboard sent with a transaction. */
export const transactionNotesQuery = (product: Product, id: number) =>
  queryOptions({
    queryKey: transactionKeys.notes(product, id),
    queryFn: async () =>
      (await callEndpoint(api, sessionEndpoints.transactionNotes, { params: { product, id } }))
        .results,
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

/** What an approval through the dashboard did: the API approved, or one approval was recorded. */
export type ApprovalOutcome =
  { kind: 'approved'; transaction: Transaction } | { kind: 'recorded'; approval: ApprovalInfo };

/**
 * Approves through the dashboard server's dual control: the answer is the transaction once the
 * last required approval is in (200), or the approval request with this one recorded (202).
 */
export async function approveThroughDashboard(
  product: Product,
  action: TransactionApproval,
  id: number,
  body: object | undefined,
  idempotencyKey: string,
): Promise<ApprovalOutcome> {
  const outcome = await callHoldable(
    api,
    transactionOperations[product][action],
    { params: { id }, body },
    { idempotencyKey },
  );
  if ('answer' in outcome) return { kind: 'approved', transaction: outcome.answer };
  if ('approval' in outcome.held) return { kind: 'recorded', approval: outcome.held.approval };
  throw new Error(`${action} was held as something other than an approval.`);
}

function useApprove(product: Product, id: number, action: TransactionApproval) {
  const settle = useSettle(product);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body?: object; idempotencyKey: string }) =>
      approveThroughDashboard(product, action, id, body, idempotencyKey),
    onSuccess: (outcome) => {
      void queryClient.invalidateQueries({ queryKey: controlsKeys.all });
      if (outcome.kind === 'approved') settle(outcome.transaction);
    },
  });
}

export function useApproveQuote(product: Product, id: number) {
  return useApprove(product, id, 'approveQuote');
}

/** The deposit's approval; collections send their deposit confirmation with it. */
export function useApproveDeposit(product: Product, id: number) {
  return useApprove(product, id, 'approveDeposit');
}

/**
 * Rejects the approval a transaction waits for, with the reason: the dashboard server cancels
 * the transaction through the API and tells its creator.
 */
export function useRejectTransaction(product: Product, id: number) {
  const settle = useSettle(product);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { action: TransactionApproval; reason: string }) =>
      callEndpoint(api, controlsEndpoints.rejectTransaction, { params: { product, id }, body: v }),
    onSuccess: (rejected) => {
      void queryClient.invalidateQueries({ queryKey: controlsKeys.all });
      settle(rejected.transaction);
    },
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

// Scheduled payouts (docs/decisions/090)

const SCHEDULES_KEY = ['schedules'] as const;

export const schedulesQuery = queryOptions({
  queryKey: SCHEDULES_KEY,
  queryFn: async () =>
    (await callEndpoint(api, scheduleEndpoints.listSchedules, { query: { status: 'active' } }))
      .results,
});

export function useCreateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleCreate) =>
      callEndpoint(api, scheduleEndpoints.createSchedule, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCHEDULES_KEY }),
  });
}

export function useCancelSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint(api, scheduleEndpoints.cancelSchedule, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCHEDULES_KEY }),
  });
}
