// The live event stream (docs/decisions/035): opened once per tab while signed in. `counts`
// updates the bell and the approvals count at once; `records` tells the lists and the record
// pages showing those records to read them again. While it is up, they stop polling; the browser
// reconnects it by itself when it drops, and they poll meanwhile.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { controlsKeys } from '#/features/controls/queries';
import { notificationKeys } from '#/features/notifications/queries';
import { findKeys } from '#/features/find/queries';
import { setLive } from '#/lib/live';

export function useLiveUpdates(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    source.onopen = () => setLive(true);
    source.onerror = () => setLive(false);
    source.addEventListener('counts', (event) => {
      const counts = JSON.parse((event as MessageEvent<string>).data) as {
        unread: number;
        approvals: { you: number; everyone: number };
      };
      queryClient.setQueryData(controlsKeys.count, counts.approvals);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
      void queryClient.invalidateQueries({ queryKey: [...controlsKeys.all, 'inbox'] });
    });
    source.addEventListener('records', (event) => {
      const { kind, ids } = JSON.parse((event as MessageEvent<string>).data) as {
        kind: string;
        ids: number[];
      };
      const root =
        kind === 'merchant' ? 'merchants' : kind === 'account' ? 'payout-accounts' : 'transactions';
      void queryClient.invalidateQueries({ queryKey: findKeys.all });
      void queryClient.invalidateQueries({
        predicate: (query) =>
          query.queryKey[0] === root &&
          query.queryKey.some((part) => typeof part === 'number' && ids.includes(part)),
      });
    });
    return () => {
      source.close();
      setLive(false);
    };
  }, [enabled, queryClient]);
}
