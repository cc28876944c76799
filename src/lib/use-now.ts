// The time now, for what counts while it shows: a quote's countdown, "synced 5 s ago".
import { useInterval } from '@mantine/hooks';
import { useState } from 'react';

/** The time now, read again every `everyMs` while the component is shown. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(Date.now);
  useInterval(() => setNow(Date.now()), everyMs, { autoInvoke: true });
  return now;
}
