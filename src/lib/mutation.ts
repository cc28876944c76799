// The usual shape of a change the dashboard sends: the mutation, then whatever is cached under
// a key asked for again, so that every list and record on screen shows the change.
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';

/** One idempotency key per form shown: a form sent again (a retry, a double click) acts once. */
export const useFormIdempotencyKey = () => useMemo(() => crypto.randomUUID(), []);

/** A mutation after which the queries under `refresh` are fetched again. */
export function useRefreshingMutation<Input = void, Output = unknown>(
  mutationFn: (input: Input) => Promise<Output>,
  refresh: QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refresh }),
  });
}

/**
 * A mutation that answers the record it made or changed: the answer is cached as that record's
 * own query (`detailKey`), and the queries under `refresh` (its lists) are fetched again.
 */
export function useRecordMutation<Input = void, Output = unknown>(
  mutationFn: (input: Input) => Promise<Output>,
  detailKey: (record: Output) => QueryKey,
  refresh: QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (record) => {
      queryClient.setQueryData(detailKey(record), record);
      return queryClient.invalidateQueries({ queryKey: refresh });
    },
  });
}

/**
 * A mutation that creates a record under the form's one idempotency key, so a retried form
 * creates it once; then as `useRecordMutation`.
 */
export function useCreateRecord<Input, Output>(
  create: (body: Input, options: { idempotencyKey: string }) => Promise<Output>,
  detailKey: (record: Output) => QueryKey,
  refresh: QueryKey,
) {
  const idempotencyKey = useFormIdempotencyKey();
  return useRecordMutation((body: Input) => create(body, { idempotencyKey }), detailKey, refresh);
}
