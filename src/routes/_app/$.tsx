import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '#/app/route-states';

// Any address the dashboard does not know: the not-found page inside the shell, with its
// navigation, for a signed-in person (signed out, the sign-in page comes first).
export const Route = createFileRoute('/_app/$')({
  component: () => <NotFound />,
});
