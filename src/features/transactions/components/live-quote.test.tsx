// @vitest-environment happy-dom
// The live quote of the new-transaction form reads the amount the person's way: in German,
// "1.250,50" and "1250,50" are priced as 1250.50 once typing settles (issue 43 found them left on
// "Calculating…" for good, because the settled amount was checked again after it was made plain).
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setFormats } from '#/lib/format';
import { useLiveQuote } from './quote';

const PRICE = {
  fromCurrencySymbol: 'USDT(TRC20)',
  toCurrencySymbol: 'EUR',
  amount: '1371.12',
  rate: 0.912,
};

/** The hook with `amount` typed; `asked` collects the bodies of the price requests sent. */
function liveQuote(amount: string) {
  const asked: unknown[] = [];
  globalThis.fetch = async (_url, init) => {
    asked.push(JSON.parse(String(init?.body)));
    return new Response(JSON.stringify(PRICE), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
  const hook = renderHook(
    () => useLiveQuote('sendc2f', { from: 'USDT(TRC20)', to: 'EUR', amount }),
    { wrapper },
  );
  return { ...hook, asked };
}

describe('the live quote in German formats', () => {
  beforeEach(() => setFormats({ locale: 'de-DE', timeZone: 'Europe/Berlin' }));
  afterEach(() => setFormats({ locale: 'en-GB', timeZone: 'UTC' }));

  it.each(['1.250,50', '1250,50', ' 1250,50 '])('prices %j as 1250.50', async (typed) => {
    const { result, asked } = liveQuote(typed);
    expect(result.current.ready).toBe(true);
    await waitFor(() => expect(result.current.quote.data).toEqual(PRICE), { timeout: 2000 });
    expect(asked).toEqual([
      { fromCurrencySymbol: 'USDT(TRC20)', toCurrencySymbol: 'EUR', toAmount: '1250.50' },
    ]);
  });

  it('asks nothing for an amount it cannot read, and says it is not ready', async () => {
    const { result, asked } = liveQuote('1.250.50');
    expect(result.current.ready).toBe(false);
    await new Promise((r) => setTimeout(r, 600));
    expect(asked).toEqual([]);
    expect(result.current.quote.data).toBeUndefined();
  });
});
