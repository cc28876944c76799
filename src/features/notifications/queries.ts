// A person's notifications (docs/decisions/035): the bell's list and count, reading them, and
// how each kind reaches them by email. Declared in src/api/notifications.ts.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '#/api/call';
import {
  type DeliveryMode,
  type NotificationKind,
  notificationEndpoints as E,
} from '#/api/notifications';
import { api } from '#/lib/api';
import { endpointQuery } from '#/lib/endpoint-query';
import { unlessLive } from '#/lib/live';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  preferences: ['notifications', 'preferences'] as const,
  mail: ['notifications', 'mail'] as const,
  chatHooks: ['notifications', 'chat-hooks'] as const,
};

/** The bell: the newest notifications and the unread count (pushed by the live stream). */
export const notificationsQuery = queryOptions({
  queryKey: notificationKeys.list,
  queryFn: () => callEndpoint(api, E.listNotifications, { query: { limit: 20 } }),
  refetchInterval: unlessLive(30_000),
});

export const preferencesQuery = endpointQuery(notificationKeys.preferences, E.getPreferences);

export const keptMailQuery = endpointQuery(notificationKeys.mail, E.listSentMail);

export const chatHooksQuery = queryOptions({
  queryKey: notificationKeys.chatHooks,
  queryFn: async () => (await callEndpoint(api, E.listChatHooks)).results,
});

function useNotificationMutation<V, T>(run: (values: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export const useReadNotification = () =>
  useNotificationMutation((id: string) =>
    callEndpoint(api, E.readNotification, { params: { id } }),
  );

export const useReadAll = () =>
  useNotificationMutation(() => callEndpoint(api, E.readAllNotifications));

export const useSetPreferences = () =>
  useNotificationMutation((modes: Partial<Record<NotificationKind, DeliveryMode>>) =>
    callEndpoint(api, E.setPreferences, { body: { modes } }),
  );

export const useAddChatHook = () =>
  useNotificationMutation((body: { kind: NotificationKind; url: string }) =>
    callEndpoint(api, E.addChatHook, { body }),
  );

export const chatNetworkQuery = endpointQuery(
  [...notificationKeys.chatHooks, 'network'],
  E.getChatNetwork,
);

export const useSetChatNetwork = () =>
  useNotificationMutation((privateHosts: string[]) =>
    callEndpoint(api, E.setChatNetwork, { body: { privateHosts } }),
  );

export const useRemoveChatHook = () =>
  useNotificationMutation((id: string) => callEndpoint(api, E.removeChatHook, { params: { id } }));

/** One's own chat hook (docs/decisions/087): what reaches one at once, approvals with links. */
export const ownChatQuery = endpointQuery([...notificationKeys.all, 'own-chat'], E.getOwnChat);

export const useSetOwnChat = () =>
  useNotificationMutation((url: string | null) =>
    url === null
      ? callEndpoint(api, E.removeOwnChat)
      : callEndpoint(api, E.setOwnChat, { body: { url } }),
  );
