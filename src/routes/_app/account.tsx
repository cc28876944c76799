import { Alert, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { rolesIn } from '#/i18n/react';
import { PageHeader } from '#/components/page';
import { NotificationPreferences } from '#/features/notifications/components/notification-panels';
import { sessionQuery } from '#/features/session/queries';
import { AwayPanel } from '#/features/workspace/components/away-panel';
import {
  AuthenticatorPanel,
  FormatsPanel,
  LanguagePanel,
  PasswordPanel,
  SessionsPanel,
} from '#/features/workspace/components/account-panels';

export const Route = createFileRoute('/_app/account')({
  component: AccountPage,
});

function AccountPage() {
  const { i18n } = useLingui();
  useDocumentTitle('Your account · Partner Payments');
  const { data: session } = useSuspenseQuery(sessionQuery);
  if (!session.signedIn) return null;
  return (
    <>
      <PageHeader
        title="Your account"
        description={`${session.user.name} · ${session.user.email}`}
      />
      <Text size="sm" mb="md">
        Roles: {rolesIn(i18n, session.user.roles) || 'none'}
      </Text>
      {session.mustEnrol && (
        <Alert color="orange" title="Set up an authenticator app to continue" mb="md">
          One of your roles needs a second step at sign-in. Until an authenticator app is set up,
          this page is all the dashboard shows you.
        </Alert>
      )}
      <Stack gap="lg">
        <AuthenticatorPanel />
        <LanguagePanel />
        {!session.mustEnrol && <FormatsPanel />}
        <PasswordPanel />
        {!session.mustEnrol && <AwayPanel />}
        {!session.mustEnrol && <NotificationPreferences />}
        <SessionsPanel />
      </Stack>
    </>
  );
}
