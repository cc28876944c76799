import { Box } from '@mantine/core';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '#/app/router-context';
import { NotFound } from '#/app/route-states';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  // Outside the signed-in shell, the page needs its own main landmark.
  notFoundComponent: ({ data }) => (
    <Box component="main" p="md">
      <NotFound data={data} />
    </Box>
  ),
});
