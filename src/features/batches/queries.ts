// Bulk payout files as the SPA sees them (docs/decisions/033, 034): the list, one batch with its
// rows, and the changes (upload, a row fixed, invalid rows left out, quote, decision, cancel).
// Every call goes through the endpoints declared once in src/api/batches.ts.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Batch, batchEndpoints as E } from '#/api/batches';
import { buildUrl, callEndpoint, callEndpointHoldable } from '#/api/call';
import type { Product } from '#/api/schemas/transaction';
import { api } from '#/lib/api';

export const batchKeys = {
  all: ['batches'] as const,
  list: ['batches', 'list'] as const,
  one: (id: string) => ['batches', 'one', id] as const,
};

/** While a batch is being quoted or submitted its page follows it closely. */
const SUBMITTING_REFRESH_MS = 1_000;
/** Once submitted, its transactions move on their own: looked at now and then. */
const SUBMITTED_REFRESH_MS = 5_000;

export const batchesQuery = queryOptions({
  queryKey: batchKeys.list,
  queryFn: async () => (await callEndpoint(api, E.listBatches)).items,
});

export const batchQuery = (id: string) =>
  queryOptions({
    queryKey: batchKeys.one(id),
    queryFn: () => callEndpoint(api, E.getBatch, { params: { id } }),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (status === 'submitting' || status === 'quoting') return SUBMITTING_REFRESH_MS;
      if (status === 'submitted' || status === 'partly_failed') return SUBMITTED_REFRESH_MS;
      return false;
    },
  });

/** A change to a batch: its answer is the batch as it is now. */
function useBatchMutation<V>(run: (values: V) => Promise<Batch>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (batch) => {
      queryClient.setQueryData(batchKeys.one(batch.id), batch);
      await queryClient.invalidateQueries({ queryKey: batchKeys.list });
    },
  });
}

export const useUploadBatch = () =>
  useBatchMutation((v: { product: Product; file: File }) =>
    callEndpoint(api, E.uploadBatch, {
      query: { product: v.product, fileName: v.file.name },
      body: v.file,
    }),
  );

export const useFixRow = (id: string) =>
  useBatchMutation((v: { row: number; cells: Record<string, string> }) =>
    callEndpoint(api, E.fixBatchRow, { params: { id, row: v.row }, body: { cells: v.cells } }),
  );

export const useExcludeInvalid = (id: string) =>
  useBatchMutation(() => callEndpoint(api, E.excludeInvalidRows, { params: { id } }));

export const useQuoteBatch = (id: string) =>
  useBatchMutation(() => callEndpoint(api, E.quoteBatch, { params: { id } }));

/** A decision on a file: the file as it is after, held (more approvers needed) or not. */
export const useDecideBatch = (id: string) =>
  useBatchMutation(async (v: { decision: 'approve' | 'reject'; reason?: string }) => {
    const decided = await callEndpointHoldable(api, E.decideBatch, { params: { id }, body: v });
    return 'held' in decided ? decided.held.batch : decided.answer;
  });

export const useCancelBatch = (id: string) =>
  useBatchMutation((v: { reason?: string }) =>
    callEndpoint(api, E.cancelBatch, { params: { id }, body: v }),
  );

/** Where a file of a batch's rows (or a template) is downloaded from: built from the contract. */
export const templateUrl = (product: Product, format: 'csv' | 'xlsx') =>
  buildUrl(api, E.batchTemplate, { query: { product, format } });
export const rowsFileUrl = (id: string, which: 'problems' | 'failed', format: 'csv' | 'xlsx') =>
  buildUrl(api, E.batchRowsFile, { params: { id }, query: { which, format } });
