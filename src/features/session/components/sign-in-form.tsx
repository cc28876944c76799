// Signing in: the demo sandbox in one click, or an environment with its API key and secret.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Divider,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFlask, IconLogin2 } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { CredentialsForm, type EnvironmentInfo, type SessionInfo } from '../../../api/dashboard';
import { ApiErrorAlert } from '../../../components/api-error';
import { applyApiFieldErrors } from '../../../components/api-field-errors';
import { fieldError } from '../../../lib/field-error';
import { useSignIn } from '../queries';

export function SignInForm({
  environments,
  onSignedIn,
}: {
  environments: EnvironmentInfo[];
  onSignedIn: (session: SessionInfo) => void;
}) {
  const signIn = useSignIn();
  const demo = environments.find((e) => e.demo);
  const form = useForm<CredentialsForm>({
    resolver: zodResolver(CredentialsForm),
    defaultValues: { environment: environments[0]?.id ?? 'sandbox', apiKey: '', apiSecret: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: onSignedIn,
      onError: (error) =>
        applyApiFieldErrors(error, ['apiKey', 'apiSecret', 'environment'], form.setError),
    }),
  );

  return (
    <Stack gap="md">
      {demo && (
        <>
          <Button
            size="md"
            color="orange.5"
            leftSection={<IconFlask size={18} aria-hidden />}
            loading={signIn.isPending && signIn.variables && 'demo' in signIn.variables}
            onClick={() =>
              signIn.mutate({ environment: 'sandbox', demo: true }, { onSuccess: onSignedIn })
            }
          >
            Open the demo sandbox
          </Button>
          <Text size="xs" c="dimmed" ta="center" mt={-8}>
            Seeded test data, no real money. No key needed.
          </Text>
          <Divider label="or sign in with an API key" labelPosition="center" />
        </>
      )}
      <form onSubmit={submit} noValidate aria-label="Sign in with an API key">
        <Stack gap="sm">
          {environments.length > 1 && (
            <Controller
              control={form.control}
              name="environment"
              render={({ field }) => (
                <div>
                  <Text
                    component="label"
                    id="environment-label"
                    size="sm"
                    fw={500}
                    display="block"
                    mb={4}
                  >
                    Environment
                  </Text>
                  <SegmentedControl
                    fullWidth
                    aria-labelledby="environment-label"
                    value={field.value}
                    onChange={(value) => field.onChange(value)}
                    data={environments.map((e) => ({ value: e.id, label: e.label }))}
                  />
                </div>
              )}
            />
          )}
          <TextInput
            label="API key"
            autoComplete="username"
            spellCheck={false}
            {...form.register('apiKey')}
            error={fieldError('API key', errors.apiKey?.message)}
          />
          <PasswordInput
            label="API secret"
            autoComplete="current-password"
            {...form.register('apiSecret')}
            error={fieldError('API secret', errors.apiSecret?.message)}
          />
          <Button
            type="submit"
            variant={demo ? 'default' : 'filled'}
            leftSection={<IconLogin2 size={18} aria-hidden />}
            loading={signIn.isPending && signIn.variables && !('demo' in signIn.variables)}
          >
            Sign in
          </Button>
        </Stack>
      </form>
      {signIn.isError && <ApiErrorAlert error={signIn.error} title="Could not sign in" />}
      <Text size="xs" c="dimmed">
        The key and secret stay on the dashboard server; this browser only keeps a session cookie.
      </Text>
    </Stack>
  );
}
