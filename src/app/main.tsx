import './styles-first-load';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiError } from '#/api/errors';
import { seedSessionFromPage } from '#/features/session/queries';
import { followFormats } from './formats';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

// The server puts a fresh nonce in this tag on every page; Mantine's style elements carry it.
const nonce =
  document.querySelector('meta[name="csp-nonce"]')?.getAttribute('content') ?? undefined;
// Scroll locking (modals, Spotlight) adds a style element of its own and takes its nonce from
// this global.
if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;

const queryClient = createQueryClient();
void seedSessionFromPage(queryClient);
followFormats(queryClient);
const router = createAppRouter(queryClient);

createRoot(document.getElementById('root')!, {
  // An API failure caught by a page's error boundary is shown on its error card, with the
  // request id: it is handled, not an uncaught error for the console. Anything else still is.
  onCaughtError: (error) => {
    if (!(error instanceof ApiError)) console.error(error);
  },
}).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      getStyleNonce={() => nonce ?? ''}
    >
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
