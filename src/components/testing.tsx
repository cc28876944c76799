// Rendering one component for a component test (Vitest with happy-dom and Testing Library):
// inside Mantine and a query client whose cached answers the test gives, with no network at all
// (a component that asks the server fails the test loudly instead).
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';

export function renderWithData(
  ui: ReactNode,
  cached: Array<[queryKey: readonly unknown[], data: unknown]> = [],
) {
  globalThis.fetch = () => Promise.reject(new Error('No network in a component test.'));
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  for (const [key, data] of cached) client.setQueryData(key, data);
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}
