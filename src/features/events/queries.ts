// The sandbox's webhook endpoints and event log.
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import {
  ApiError,
  createWebhook,
  deleteWebhook,
  rotateWebhookSecret,
  listEvents,
  listWebhooks,
  resendEvent,
  testWebhook,
} from '#/api/client';
import type { ObjectType } from '#/api/schemas/platform';
import { api } from '#/lib/api';
import { useRefreshingMutation } from '#/lib/mutation';

export const eventKeys = {
  all: ['events'] as const,
  webhooks: ['webhooks'] as const,
  log: (page: { start: number; limit: number }) => ['events', 'log', page] as const,
  recent: ['events', 'recent'] as const,
  /** A record's events; `version` (its status) changes the key when the record moves. */
  of: (objectType: ObjectType, objectId: number, version?: string) =>
    ['events', objectType, objectId, version] as const,
};

/**
 * The event log is a sandbox extension: elsewhere it answers 404, and what shows events shows
 * none (null) instead of an error.
 */
async function unlessNoEventLog<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Recent activity for the overview. */
export const recentActivityQuery = queryOptions({
  queryKey: eventKeys.recent,
  queryFn: () =>
    unlessNoEventLog(async () => (await listEvents(api, { start: 0, limit: 12 })).results),
  refetchInterval: 10_000,
});

/** A record's events with their delivery attempts, newest first. */
export const recordEventsQuery = (objectType: ObjectType, objectId: number, version?: string) =>
  queryOptions({
    queryKey: eventKeys.of(objectType, objectId, version),
    queryFn: () =>
      unlessNoEventLog(
        async () => (await listEvents(api, { objectType, objectId, limit: 100 })).results,
      ),
  });

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

export const useCreateWebhook = () =>
  useRefreshingMutation((url: string) => createWebhook(api, { url }), eventKeys.webhooks);

export const useRotateWebhookSecret = () =>
  useRefreshingMutation((id: number) => rotateWebhookSecret(api, id), eventKeys.webhooks);

export const useDeleteWebhook = () =>
  useRefreshingMutation((id: number) => deleteWebhook(api, id), eventKeys.webhooks);

/** One signed test event to an endpoint, now: nothing is stored, the answer says how it went. */
export function useTestWebhook() {
  return useMutation({
    mutationFn: ({ id, type }: { id: number; type: string }) => testWebhook(api, id, type),
  });
}

export const useResendEvent = () =>
  useRefreshingMutation((id: number) => resendEvent(api, id), eventKeys.all);
