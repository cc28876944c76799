import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useSuspenseQuery } from '@tanstack/react-query';
import {
  ChatHookSettings,
  KeptMail,
} from '#/features/notifications/components/notification-panels';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { hasRole, WORKSPACE_ROLES } from '#/api/roles';
import { LoadingState, PageHeader, Panel } from '#/components/page';
import { sessionQuery } from '#/features/session/queries';
import {
  CredentialsSettings,
  PeopleSettings,
  SecondStepSettings,
} from '#/features/workspace/components/settings-panels';
import { PolicySettings } from '#/features/controls/components/policy-settings';
import {
  ApprovalSettingsForm,
  ControlChanges,
} from '#/features/controls/components/control-settings';

// Single sign-on and provisioning come in a chunk of their own with data of their own: the page
// shows its heading and the panels above without waiting for them.
const SsoSettingsPanel = lazy(() =>
  import('#/features/workspace/components/sso-settings').then((m) => ({
    default: m.SsoSettingsPanel,
  })),
);
const ProvisioningPanel = lazy(() =>
  import('#/features/workspace/components/sso-settings').then((m) => ({
    default: m.ProvisioningPanel,
  })),
);

export const Route = createFileRoute('/_app/settings')({
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery);
    if (!session.signedIn || !hasRole(session.user.roles, WORKSPACE_ROLES.administer))
      throw redirect({ to: '/' });
  },
  // The admin contracts load with the page, not with every page's first load (loaders are).
  loader: async ({ context }) => {
    // Asked for at once, not awaited: the panels below show them when they come.
    void import('#/features/workspace/sso-queries').then((sso) =>
      Promise.all([
        context.queryClient.prefetchQuery(sso.ssoQuery),
        context.queryClient.prefetchQuery(sso.scimQuery),
      ]),
    );
    const [workspace, controls] = await Promise.all([
      import('#/features/workspace/queries'),
      import('#/features/controls/queries'),
    ]);
    return Promise.all(
      [
        workspace.credentialsQuery,
        workspace.peopleQuery,
        controls.policiesQuery,
        workspace.roleSettingsQuery,
      ].map((q) => context.queryClient.ensureQueryData(q as never)),
    );
  },
  component: SettingsPage,
});

function SettingsPage() {
  useDocumentTitle('Settings · Partner Payments');
  const { data: session } = useSuspenseQuery(sessionQuery);
  return (
    <>
      <PageHeader
        title="Settings"
        description="The workspace: API credentials, people and roles, approval policies, the second sign-in step, single sign-on and provisioning, team chat and the mail the dashboard sent."
      />
      <Stack gap="lg">
        <CredentialsSettings environments={session.environments} />
        <PeopleSettings />
        <Panel title="Changes waiting for a second admin">
          <ControlChanges viewerId={session.signedIn ? session.user.id : ''} />
        </Panel>
        <Panel title="Approval policies">
          <PolicySettings />
        </Panel>
        <Panel title="Quote validity, second factor and base currency">
          <ApprovalSettingsForm />
        </Panel>
        <SecondStepSettings />
        <Suspense fallback={<LoadingState label="Loading single sign-on and provisioning" />}>
          <SsoSettingsPanel />
          <ProvisioningPanel />
        </Suspense>
        <ChatHookSettings />
        <KeptMail />
      </Stack>
    </>
  );
}
