import {
  Alert,
  Box,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import { ApiError } from '../api/errors';
import { ApiErrorAlert } from '../components/api-error';
import { Logo } from '../components/logo';
import { useResetPassword } from '../features/workspace/queries';
import { fieldError } from '../lib/field-error';

export const Route = createFileRoute('/reset-password')({
  validateSearch: z.object({ token: z.string().max(200).optional().catch(undefined) }),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  useDocumentTitle('Choose a new password · Partner Payments');
  const { token } = Route.useSearch();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const short = password.length > 0 && password.length < 12;
  const fieldErrors = reset.error instanceof ApiError ? reset.error.fieldErrors : [];
  const passwordError = fieldErrors.find((e) => e.field === 'password')?.message;
  return (
    <Box component="main" mih="100vh">
      <Center mih="100vh" p="md">
        <Paper withBorder shadow="sm" p="xl" radius="lg" w="100%" maw={420}>
          <Stack gap="md">
            <Logo size={32} />
            <Title order={1} fz={22}>
              Choose a new password
            </Title>
            {!token ? (
              <Alert color="orange" variant="light">
                This page needs the link an admin gave you.
              </Alert>
            ) : (
              <form
                noValidate
                aria-label="Choose a new password"
                onSubmit={(e) => {
                  e.preventDefault();
                  if (short) return;
                  reset.mutate(
                    { token, password },
                    {
                      onSuccess: () =>
                        void navigate({ to: '/sign-in', search: { redirect: undefined } }),
                    },
                  );
                }}
              >
                <Stack gap="sm">
                  <PasswordInput
                    label="New password"
                    description="At least 12 characters"
                    autoComplete="new-password"
                    value={password}
                    onChange={(e) => setPassword(e.currentTarget.value)}
                    error={fieldError(
                      'New password',
                      short ? 'must be at least 12 characters' : passwordError,
                    )}
                  />
                  {reset.isError && !passwordError && (
                    <ApiErrorAlert error={reset.error} title="The password was not changed" />
                  )}
                  <Button type="submit" loading={reset.isPending}>
                    Set the password
                  </Button>
                  <Text size="xs" c="dimmed">
                    Every session you had ends; sign in again with the new password.
                  </Text>
                </Stack>
              </form>
            )}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
