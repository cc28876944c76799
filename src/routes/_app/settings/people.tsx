import { createFileRoute } from '@tanstack/react-router';
import { PeopleSettings } from '#/features/workspace/components/settings-panels';
import { loaderOf } from '#/lib/route-loader';

export const Route = createFileRoute('/_app/settings/people')({
  loader: loaderOf(() => import('#/features/workspace/queries'), 'peopleQuery'),
  component: PeopleSettings,
});
