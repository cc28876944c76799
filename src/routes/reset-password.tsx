import { Box, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { passwordToggle } from '#/components/password-toggle';
import { Trans, useLingui } from '@lingui/react/macro';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { sessionQuery } from '#/features/session/queries';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH, PasswordReset } from '#/api/account';
import { ApiErrorAlert } from '#/components/api-error';
import { MutationForm } from '#/components/mutation-form';
import { Logo } from '#/components/logo';
import { RequestResetLink } from '#/features/session/components/request-reset-link';
import { useResetPassword } from '#/features/workspace/queries';
import { fieldError } from '#/lib/field-error';
import { searchSchema, text } from '#/lib/search';

// Without a token: ask for a link by mail; with one (from the mail): choose the new password.
export const Route = createFileRoute('/reset-password')({
  validateSearch: searchSchema({ token: text(200) }),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { t } = useLingui();
  const { token } = Route.useSearch();
  const heading = token ? t`Choose a new password` : t`Reset your password`;
  useDocumentTitle(t`${heading} · Partner Payments`);
  const navigate = useNavigate();
  const reset = useResetPassword();
  const queryClient = useQueryClient();
  const form = useForm<{ password: string }>({
    resolver: zodResolver(PasswordReset.pick({ password: true })),
    defaultValues: { password: '' },
  });
  const passwordError = form.formState.errors.password?.message;
  return (
    <Box component="main" mih="100vh">
      <Center mih="100vh" p="md">
        <Paper withBorder shadow="sm" p="xl" radius="lg" w="100%" maw={420}>
          <Stack gap="md">
            <Logo size={32} />
            <Title order={1} fz={22}>
              {heading}
            </Title>
            {!token ? (
              <RequestResetLink />
            ) : (
              <MutationForm
                label={t`Choose a new password`}
                form={form}
                mutation={reset}
                fields={['password']}
                input={({ password }) => ({ token, password })}
                done={async (answer) => {
                  if (!answer.signedIn)
                    return void navigate({ to: '/sign-in', search: { redirect: undefined } });
                  // Signed in by the link: the app, with the new session.
                  await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
                  await navigate({ to: '/' });
                }}
              >
                <Stack gap="sm">
                  <PasswordInput
                    {...passwordToggle()}
                    label={t`New password`}
                    description={t`At least ${PASSWORD_MIN_LENGTH} characters`}
                    autoComplete="new-password"
                    {...form.register('password')}
                    error={fieldError(t`New password`, passwordError)}
                  />
                  {reset.isError && (
                    <ApiErrorAlert
                      error={reset.error}
                      title={t`The password was not changed`}
                      placed={['password']}
                    />
                  )}
                  <Button type="submit" loading={reset.isPending}>
                    <Trans>Set the password</Trans>
                  </Button>
                  <Text size="xs" c="dimmed">
                    <Trans>Every session you had ends; sign in again with the new password.</Trans>
                  </Text>
                </Stack>
              </MutationForm>
            )}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
