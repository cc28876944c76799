// Whether the live event stream (/api/events, docs/decisions/035) is up: while it is, lists and
// record pages are told of changes and do not ask again on a timer; when it is down they poll.
import { useSyncExternalStore } from 'react';

// Taken as up from the start in a browser that can open it (the pages subscribe before the
// stream opens); a stream that fails says so, and the pages poll from then on.
const CAN_STREAM = typeof window !== 'undefined' && typeof EventSource !== 'undefined';
let up = CAN_STREAM;
const listeners = new Set<() => void>();

export function setLive(value: boolean) {
  if (value === up) return;
  up = value;
  for (const listener of listeners) listener();
}

export const isLive = () => up;

/** Back to the start: up, as far as anyone knows (a new sign-in opens a new stream). */
export const resetLive = () => setLive(CAN_STREAM);

export function useLive(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => up,
    // A page the server draws, and the browser taking it over, take the stream as up: the
    // browser's usual start (docs/decisions/059).
    () => true,
  );
}

/** A refetch interval that polls every `ms` only while the stream is down. */
export const unlessLive = (ms: number | false) => (): number | false => (up ? false : ms);
