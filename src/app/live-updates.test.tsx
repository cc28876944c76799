// @vitest-environment happy-dom
// The live stream's opening on a page the server drew (docs/decisions/059): the page reads what
// it shows again only when its server pushed a change since the page's data was read, which the
// stream's first mark says; any other page reads again as the stream opens, as before (035).
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setDrawnMark } from './drawn-page';
import { useLiveUpdates } from './live-updates';

/** The browser's EventSource as the test drives it: opened and told events by hand. */
class TestEventSource {
  static last: TestEventSource | undefined;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();
  constructor(readonly url: string) {
    TestEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {}
  open() {
    this.onopen?.();
  }
  tell(type: string, data: unknown) {
    const event = new MessageEvent<string>(type, { data: JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

let reads = 0;
function Page() {
  useLiveUpdates(true);
  useQuery({
    queryKey: ['merchants', 'list'],
    queryFn: () => {
      reads += 1;
      return Promise.resolve(['Lumen Textiles GmbH']);
    },
    staleTime: Infinity,
  });
  return null;
}

/** A page whose list is in the cache (as the server drew it); the stream opened, marked `mark`. */
async function openedAt(mark: string) {
  const client = new QueryClient();
  client.setQueryData(['merchants', 'list'], ['Lumen Textiles GmbH']);
  render(
    <QueryClientProvider client={client}>
      <Page />
    </QueryClientProvider>,
  );
  const source = TestEventSource.last!;
  await act(async () => {
    source.open();
    source.tell('mark', { mark });
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
}

beforeEach(() => {
  reads = 0;
  (globalThis as { EventSource?: unknown }).EventSource = TestEventSource;
});
afterEach(() => {
  cleanup();
  setDrawnMark(undefined);
});

describe('the live stream opening on a page', () => {
  it('drawn at the stream’s mark: reads nothing again', async () => {
    setDrawnMark('server-a:7');
    await openedAt('server-a:7');
    expect(reads).toBe(0);
  });

  it('drawn before a change was pushed, or by another server: reads what it shows again', async () => {
    for (const mark of ['server-a:8', 'server-b:7']) {
      cleanup();
      setDrawnMark('server-a:7');
      await openedAt(mark);
    }
    expect(reads).toBe(2);
  });

  it('not drawn by the server: reads what it shows again as the stream opens', async () => {
    await openedAt('server-a:7');
    expect(reads).toBe(1);
  });
});
