// The app's providers around the router, once for the browser (main.tsx) and for the server's
// first paint of a page (prerender.tsx): the same tree on both sides, so that the browser can
// take over the page the server drew (docs/decisions/059).
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { I18nProvider, useLingui } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { type ReactNode, StrictMode, useMemo } from 'react';
import type { createAppRouter } from './router';
import { ReadyMark } from './ready';
import { cssVariablesResolver, themeIn } from './theme';

export function AppProviders({
  queryClient,
  router,
  i18n,
  nonce,
}: {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
  /** The page's messages (decision 091); the router's context holds the same. */
  i18n: I18n;
  /** The page's CSP nonce: Mantine's style elements carry it. */
  nonce: string | undefined;
}) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <ThemeInLanguage nonce={nonce}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
            <ReadyMark />
          </QueryClientProvider>
        </ThemeInLanguage>
      </I18nProvider>
    </StrictMode>
  );
}

/** Mantine, its theme's words in the page's language (drawn again when the language changes). */
function ThemeInLanguage({ nonce, children }: { nonce: string | undefined; children: ReactNode }) {
  const { i18n } = useLingui();
  const closeNotification = i18n._(msg`Close notification`);
  const theme = useMemo(() => themeIn(closeNotification), [closeNotification]);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      getStyleNonce={() => nonce ?? ''}
    >
      {children}
    </MantineProvider>
  );
}
