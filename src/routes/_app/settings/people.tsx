import { createFileRoute } from '@tanstack/react-router';
import { PeopleSettings } from '#/features/workspace/components/settings-panels';

export const Route = createFileRoute('/_app/settings/people')({
  loader: async ({ context }) =>
    context.queryClient.ensureQueryData((await import('#/features/workspace/queries')).peopleQuery),
  component: PeopleSettings,
});
