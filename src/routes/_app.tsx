import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppLayout } from '../app/layout';
import { sessionQuery } from '../features/session/queries';

export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery);
    if (!session.signedIn) throw redirect({ to: '/sign-in', search: { redirect: location.href } });
    return { session };
  },
  component: AppLayout,
});
