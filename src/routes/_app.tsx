import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppLayout } from '#/app/layout';
import { sessionQuery } from '#/features/session/queries';

export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery);
    if (!session.signedIn) throw redirect({ to: '/sign-in', search: { redirect: location.href } });
    // A role that needs the second step: nothing else until an authenticator is enrolled.
    if (session.mustEnrol && location.pathname !== '/account') throw redirect({ to: '/account' });
    return { session };
  },
  component: AppLayout,
});
