// Rendering one component for a component test (Vitest with happy-dom and Testing Library):
// inside Mantine and a query client whose cached answers the test gives, with no network at all
// (a component that asks the server fails the test loudly instead).
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

/** Opens a select found in `scope` by its label and picks an option (the list is in a portal). */
export async function chooseOption(
  scope: ReturnType<typeof within>,
  label: string,
  option: string | RegExp,
) {
  const box = scope.getByRole('combobox', { name: label });
  await userEvent.click(box);
  const list = document.getElementById(box.getAttribute('aria-controls') ?? '');
  if (!list) throw new Error(`${label} opened no list`);
  await userEvent.click(within(list).getByRole('option', { name: option, hidden: true }));
}
