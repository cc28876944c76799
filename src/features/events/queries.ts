// The sandbox's webhook endpoints and event log.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createWebhook,
  deleteWebhook,
  listEvents,
  listWebhooks,
  resendEvent,
} from '../../api/client';
import { api } from '../../lib/api';

export const eventKeys = {
  webhooks: ['webhooks'] as const,
  log: (page: { start: number; limit: number }) => ['events', 'log', page] as const,
};

export const webhooksQuery = queryOptions({
  queryKey: eventKeys.webhooks,
  queryFn: () => listWebhooks(api),
});

export const eventLogQuery = (page: { start: number; limit: number }) =>
  queryOptions({
    queryKey: eventKeys.log(page),
    queryFn: () => listEvents(api, page),
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  });

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => createWebhook(api, { url }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.webhooks }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteWebhook(api, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.webhooks }),
  });
}

export function useResendEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => resendEvent(api, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events'] }),
  });
}
