// The live event stream (docs/decisions/035): opened once per tab while signed in. `counts`
// updates the bell and the approvals count at once; `records` tells the lists and the record
// pages showing those records to read them again. While it is up, they stop polling; the browser
// reconnects it by itself when it drops, and they poll meanwhile.
import { type Query, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notificationKeys } from '#/features/notifications/queries';
import { findKeys } from '#/features/find/keys';
import { buildUrl } from '#/api/call';
import { notificationEndpoints } from '#/api/notifications';
import { api, SESSION_ENDED_EVENT } from '#/lib/api';
import { isLive, resetLive, setLive } from '#/lib/live';
import { takeDrawnMark } from './drawn-page';
import { controlsKeys, sessionKeys } from '#/lib/query-keys';

/**
 * Reads the matching queries again, those of a page about to show as well as those on screen. A
 * query whose read is under way is read again once it ends: that read may have started before
 * the change (a page loading as the record changed), and its answer would otherwise stand.
 */
function readAgain(queryClient: QueryClient, predicate: (query: Query) => boolean) {
  for (const query of queryClient.getQueryCache().findAll({ predicate })) {
    const again = () =>
      void queryClient.invalidateQueries({
        queryKey: query.queryKey,
        exact: true,
        refetchType: 'all',
      });
    if (query.state.fetchStatus !== 'fetching') {
      again();
      continue;
    }
    const stop = queryClient.getQueryCache().subscribe((event) => {
      if (event.query !== query || query.state.fetchStatus === 'fetching') return;
      stop();
      again();
    });
  }
}

export function useLiveUpdates(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(buildUrl(api, notificationEndpoints.streamEvents, {}));
    // Pages take the stream as up from the start (lib/live.ts) and do not poll; so the first
    // opening, like a reopening after a drop, reads again what the page holds: a change pushed
    // before this stream was open reached the streams open then, not this page.
    let opened = false;
    // A page the server drew, and the mark it was drawn at: the stream's own mark decides.
    let drawnAt = takeDrawnMark();
    const catchUp = () =>
      readAgain(
        queryClient,
        // Not the session: read as it ends, it would sign the page out instead of showing the
        // "session ended" dialog (as in onerror below).
        (query) =>
          query.queryKey[0] !== sessionKeys.all[0] &&
          (query.getObserversCount() > 0 || query.state.fetchStatus === 'fetching'),
      );
    source.onopen = () => {
      const first = !opened;
      opened = true;
      if (isLive() && !first) return;
      // What changed before is read now (a read still under way once it ends: it may have begun
      // before the change), and the polling stops; on a page the server drew, only if its
      // server pushed a change since (the mark that follows says).
      setLive(true);
      if (!(first && drawnAt)) catchUp();
    };
    source.addEventListener('mark', (event) => {
      if (drawnAt === undefined) return;
      const { mark } = JSON.parse((event as MessageEvent<string>).data) as { mark: string };
      if (mark !== drawnAt) catchUp();
      drawnAt = undefined;
    });
    // The session moved to another environment: the stream closes and reopens for it, and the
    // switch itself refreshes the pages; reading the old pages' lists now would ask the new
    // environment for what it may refuse (the sandbox's tools in live).
    let switching = false;
    source.addEventListener('switched', () => {
      switching = true;
    });
    source.onerror = () => {
      if (switching) {
        switching = false;
        setLive(false);
        return;
      }
      if (!isLive()) return;
      // Down (it reconnects by itself): the pages poll again, from a fresh read. Not the session:
      // a stream closed because the session ended must end in the "session ended" dialog (the
      // pages' reads answer 401), not in a signed-out session that unmounts the page's form.
      setLive(false);
      void queryClient.refetchQueries({
        type: 'active',
        predicate: (query) => query.queryKey[0] !== sessionKeys.all[0],
      });
    };
    // The session ended (signed out elsewhere, deactivated, idle): the page asks to sign in
    // again now, not at its next click.
    source.addEventListener('ended', () => {
      source.close();
      window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
    });
    source.addEventListener('counts', (event) => {
      const counts = JSON.parse((event as MessageEvent<string>).data) as {
        unread: number;
        approvals: { you: number; everyone: number };
      };
      queryClient.setQueryData(controlsKeys.count, counts.approvals);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
      void queryClient.invalidateQueries({ queryKey: [...controlsKeys.all, 'inbox'] });
    });
    // Records written, gathered for a moment: each list of a kind is read again once.
    const pending = new Map<string, Set<number>>();
    let flush: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      flush = undefined;
      for (const [kind, ids] of pending) {
        const list =
          kind === 'merchant' ? 'merchants' : kind === 'account' ? 'accounts' : 'transactions';
        const root =
          kind === 'merchant'
            ? 'merchants'
            : kind === 'account'
              ? 'payout-accounts'
              : 'transactions';
        void queryClient.invalidateQueries({ queryKey: [...findKeys.all, list] });
        void queryClient.invalidateQueries({ queryKey: [...findKeys.all, 'search'] });
        readAgain(
          queryClient,
          (query) =>
            query.queryKey[0] === root &&
            query.queryKey.some((part) => typeof part === 'number' && ids.has(part)),
        );
      }
      pending.clear();
    };
    source.addEventListener('records', (event) => {
      const { kind, ids } = JSON.parse((event as MessageEvent<string>).data) as {
        kind: string;
        ids: number[];
      };
      const known = pending.get(kind) ?? new Set<number>();
      for (const id of ids) known.add(id);
      pending.set(kind, known);
      flush ??= setTimeout(refresh, 250);
    });
    return () => {
      if (flush) clearTimeout(flush);
      source.close();
      resetLive();
    };
  }, [enabled, queryClient]);
}
