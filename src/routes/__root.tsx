import { Box } from '@mantine/core';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '#/app/router-context';
import { NotFound } from '#/app/route-states';
import { sessionQuery } from '#/features/session/queries';
import { catalogFor, showLanguage } from '#/i18n/catalogs';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every page's words are loaded before it shows (decision 091): the dashboard's catalog for
  // someone signed in, the start pages' otherwise, in the page's language.
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery);
    await showLanguage(context.i18n, context.i18n.locale, catalogFor(session.signedIn));
  },
  component: Outlet,
  // Outside the signed-in shell, the page needs its own main landmark.
  notFoundComponent: ({ data }) => (
    <Box component="main" p="md">
      <NotFound data={data} />
    </Box>
  ),
});
