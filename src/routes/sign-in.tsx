import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { matching, searchSchema } from '#/lib/search';
import { Logo } from '#/components/logo';
import { SignInForm } from '#/features/session/components/sign-in-form';
import { sessionQuery } from '#/features/session/queries';
import { isSsoRefusal, SSO_REFUSALS } from '#/api/sso-refusals';

/** Only a path on this site: a redirect to another origin is dropped. */
const safeRedirect = matching(
  (value) => value.startsWith('/') && !value.startsWith('//') && !value.includes('\\'),
);

export const Route = createFileRoute('/sign-in')({
  validateSearch: searchSchema({
    redirect: safeRedirect,
    /** Why a single sign-on came back without a session (the server says which). */
    sso: matching(isSsoRefusal),
  }),
  beforeLoad: async ({ context, search }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery);
    if (session.signedIn) throw redirect({ href: search.redirect ?? '/' });
  },
  component: SignInPage,
});

function SignInPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Sign in · Partner Payments`);
  const { data: session } = useSuspenseQuery(sessionQuery);
  const search = Route.useSearch();
  const router = useRouter();
  return (
    <Box component="main" mih="100vh" bg="var(--mantine-color-body)">
      <Center mih="100vh" p="md">
        <Stack w="100%" maw={420} gap="lg">
          <Group gap="sm" justify="center">
            <Logo size={36} />
            <Text fw={700} fz="xl">
              Partner Payments
            </Text>
          </Group>
          <Paper withBorder shadow="sm" p="xl" radius="lg">
            <Title order={1} fz={22} mb={4}>
              <Trans>Sign in</Trans>
            </Title>
            <Text c="dimmed" size="sm" mb="lg">
              <Trans>Manage merchants, payout accounts and transactions.</Trans>
            </Text>
            {search.sso && (
              <Alert color="red" mb="md" title={t`Single sign-on did not sign you in`} role="alert">
                {t(SSO_REFUSALS[search.sso])}
              </Alert>
            )}
            <SignInForm
              demoUsers={session.signedIn ? [] : session.demoUsers}
              singleSignOn={!session.signedIn && session.singleSignOn}
              returnTo={search.redirect}
              onSignedIn={() => router.history.push(search.redirect ?? '/')}
            />
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
