// Rendering one component for a component test (Vitest with happy-dom and Testing Library):
// inside Mantine and a query client whose cached answers the test gives, with no network at all
// (a component that asks the server fails the test loudly instead).
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { SessionInfo } from '#/api/dashboard';
import type { Role } from '#/api/roles';
import { sessionKeys } from '#/lib/query-keys';
import { pageI18n } from '#/i18n/catalogs';
import { setPageI18n } from '#/i18n/current';

type Cached = Array<[queryKey: readonly unknown[], data: unknown]>;

/**
 * What happy-dom lacks of a browser that Mantine uses: `document.fonts` (an autosizing textarea
 * listens for fonts loading). An event target that never fires stands in.
 */
function browserGaps() {
  if (typeof document !== 'undefined' && !('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

/**
 * Components speak English in their tests: the messages' source words, which the macros keep
 * outside a production build (decision 091).
 */
const english = pageI18n('en');
setPageI18n(english);

/** Mantine and the page's messages, as the app gives every screen. */
function Shell({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={english}>
      <MantineProvider>{children}</MantineProvider>
    </I18nProvider>
  );
}

function clientWith(cached: Cached) {
  browserGaps();
  globalThis.fetch = () => Promise.reject(new Error('No network in a component test.'));
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  for (const [key, data] of cached) client.setQueryData(key, data);
  return client;
}

export function renderWithData(ui: ReactNode, cached: Cached = []) {
  return render(
    <Shell>
      <QueryClientProvider client={clientWith(cached)}>{ui}</QueryClientProvider>
    </Shell>,
  );
}

/**
 * The same, inside a router at `path` (for a screen with links): the screen is the root route's
 * page, so links render their addresses; wait for it with a `find…` query.
 */
export function renderInRouter(ui: ReactNode, cached: Cached = [], path = '/') {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  return render(
    <Shell>
      <QueryClientProvider client={clientWith(cached)}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Shell>,
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

/** The cached session of a signed-in person with `roles` (GET /api/session's answer). */
export function signedInAs(
  roles: Role[],
  person: { id?: string; name?: string; secondFactor?: boolean } = {},
): [readonly unknown[], SessionInfo] {
  return [
    sessionKeys.all,
    SessionInfo.parse({
      signedIn: true,
      user: {
        id: person.id ?? 'u-me',
        email: 'me@partner.example',
        name: person.name ?? 'Mia Approver',
        roles,
        locale: 'en-GB',
        timeZone: 'UTC',
        language: null,
      },
      environments: [{ id: 'sandbox', label: 'Sandbox', configured: true }],
      environment: 'sandbox',
      demo: false,
      apiKeyHint: 'pk_…1234',
      baseUrl: 'http://localhost/sandbox',
      expiresAt: 4_102_444_800_000,
      idleMs: 1_800_000,
      mustEnrol: false,
      secondFactor: person.secondFactor ?? false,
      stepUpUntil: null,
    }),
  ];
}
