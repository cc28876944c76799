import { createFileRoute } from '@tanstack/react-router';
import { PeopleSettings } from '#/features/workspace/components/settings-panels';
import { loadQuery } from '#/lib/route-loader';

export const Route = createFileRoute('/_app/settings/people')({
  loader: ({ context }) =>
    loadQuery(
      context,
      () => import('#/features/workspace/queries'),
      (m) => m.peopleQuery,
    ),
  component: PeopleSettings,
});
