import { Alert, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Your account · Partner Payments`);
  const { data: session } = useSuspenseQuery(sessionQuery);
  if (!session.signedIn) return null;
  return (
    <>
      <PageHeader
        title={t`Your account`}
        description={`${session.user.name} · ${session.user.email}`}
      />
      <Text size="sm" mb="md">
        <Trans>Roles: {ph({ roles: rolesIn(i18n, session.user.roles) || t`none` })}</Trans>
      </Text>
      {session.mustEnrol && (
        <Alert color="orange" title={t`Set up an authenticator app to continue`} mb="md">
          <Trans>
            One of your roles needs a second step at sign-in. Until an authenticator app is set up,
            this page is all the dashboard shows you.
          </Trans>
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
