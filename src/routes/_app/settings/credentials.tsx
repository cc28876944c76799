import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { sessionQuery } from '#/features/session/queries';
import { CredentialsSettings } from '#/features/workspace/components/settings-panels';

export const Route = createFileRoute('/_app/settings/credentials')({
  loader: async ({ context }) =>
    context.queryClient.ensureQueryData(
      (await import('#/features/workspace/queries')).credentialsQuery,
    ),
  component: CredentialsSection,
});

function CredentialsSection() {
  const { data: session } = useSuspenseQuery(sessionQuery);
  return <CredentialsSettings environments={session.environments} />;
}
