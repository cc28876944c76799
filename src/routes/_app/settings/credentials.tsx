import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { sessionQuery } from '#/features/session/queries';
import { CredentialsSettings } from '#/features/workspace/components/settings-panels';
import { loaderOf } from '#/lib/route-loader';

export const Route = createFileRoute('/_app/settings/credentials')({
  loader: loaderOf(() => import('#/features/workspace/queries'), 'credentialsQuery'),
  component: CredentialsSection,
});

function CredentialsSection() {
  const { data: session } = useSuspenseQuery(sessionQuery);
  return <CredentialsSettings environments={session.environments} />;
}
