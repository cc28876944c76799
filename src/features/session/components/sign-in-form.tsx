// Signing in as oneself: email and password, and the authenticator's code when the server asks
// for it; through the workspace's identity provider where one is set up (docs/decisions/051);
// in the sandbox demo workspace, one click as any of its people.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Badge,
  Button,
  Divider,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFlask, IconKey, IconLogin2 } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '#/api/errors';
import { type SessionInfo, SignInForm as SignInSchema, type UserInfo } from '#/api/dashboard';
import { ROLE_LABEL } from '#/api/roles';
import { ApiErrorAlert } from '#/components/api-error';
import { applyApiFieldErrors } from '#/components/api-field-errors';
import { ENVIRONMENT_COLOR } from '#/lib/environment-colors';
import { useSignIn } from '../queries';
import { singleSignOnUrl } from '../sso-url';
import { textField } from '#/components/text-field';

/** A person of the sandbox demo workspace, one click each. */
type DemoUser = Pick<UserInfo, 'email' | 'name' | 'roles'>;

type Values = { email: string; password: string; code?: string | undefined };
const FIELDS = Object.keys(SignInSchema.shape);

export function SignInForm({
  demoUsers,
  singleSignOn,
  returnTo,
  onSignedIn,
}: {
  demoUsers: DemoUser[];
  /** An identity provider is set up: offer to sign in through it. */
  singleSignOn: boolean;
  /** Where to land afterwards, a path of this dashboard. */
  returnTo?: string | undefined;
  onSignedIn: (session: SessionInfo) => void;
}) {
  const signIn = useSignIn();
  const [askCode, setAskCode] = useState(false);
  // A demo person who has enrolled an authenticator: one click, then their code.
  const [demoCodeFor, setDemoCodeFor] = useState<DemoUser | null>(null);
  const [demoCode, setDemoCode] = useState('');
  const form = useForm<Values>({
    resolver: zodResolver(SignInSchema),
    defaultValues: { email: '', password: '', code: '' },
  });
  // Field errors sit under their fields; a general error shows once, above the button.
  const ssoRequired =
    signIn.error instanceof ApiError && signIn.error.problem.code === 'SSO_REQUIRED';
  const generalError =
    signIn.error instanceof ApiError &&
    ['SECOND_FACTOR_REQUIRED', 'SSO_REQUIRED'].includes(signIn.error.problem.code)
      ? null
      : signIn.error;
  const [leaving, setLeaving] = useState(false);
  /** To the identity provider that covers the address typed (the server finds it). */
  const continueWithSso = async () => {
    if (!(await form.trigger('email', { shouldFocus: true }))) return;
    setLeaving(true);
    window.location.assign(singleSignOnUrl(form.getValues('email'), returnTo));
  };
  const demoCodeError =
    demoCodeFor && signIn.error instanceof ApiError && signIn.error.problem.code === 'UNAUTHORIZED'
      ? 'Code is wrong or already used'
      : undefined;
  const signInAsDemo = (person: DemoUser, code?: string) =>
    signIn.mutate(
      { demoUser: person.email, ...(code ? { code } : {}) },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          if (error instanceof ApiError && error.problem.code === 'SECOND_FACTOR_REQUIRED') {
            setDemoCodeFor(person);
          }
        },
      },
    );

  const submit = form.handleSubmit(
    (values) =>
      signIn.mutate(
        {
          email: values.email,
          password: values.password,
          ...(values.code ? { code: values.code } : {}),
        },
        {
          onSuccess: onSignedIn,
          onError: (error) => {
            if (error instanceof ApiError && error.problem.code === 'SECOND_FACTOR_REQUIRED') {
              setAskCode(true);
              return;
            }
            applyApiFieldErrors(error, FIELDS, form.setError);
          },
        },
      ),
    // A new attempt that the form itself refuses: the last attempt's answer no longer applies.
    () => signIn.reset(),
  );

  return (
    <Stack gap="md">
      {demoUsers.length > 0 && (
        <Stack gap="xs" aria-label="Demo workspace">
          <Group gap="xs">
            <Badge
              color={ENVIRONMENT_COLOR.sandbox}
              leftSection={<IconFlask size={12} aria-hidden />}
            >
              Sandbox demo
            </Badge>
            <Text size="xs" c="dimmed">
              Seeded test data, no real money. Sign in as one of the team:
            </Text>
          </Group>
          {demoUsers.map((person) => (
            <Button
              key={person.email}
              variant="default"
              h="auto"
              py={6}
              justify="flex-start"
              loading={
                signIn.isPending &&
                signIn.variables !== undefined &&
                'demoUser' in signIn.variables &&
                signIn.variables.demoUser === person.email
              }
              onClick={() => {
                setDemoCodeFor(null);
                signInAsDemo(person);
              }}
            >
              <Stack gap={0} align="flex-start">
                <Text span size="sm" fw={600}>
                  Sign in as {person.name}
                </Text>
                <Text span size="xs" c="dimmed" fw={400}>
                  {person.roles.map((r) => ROLE_LABEL[r]).join(', ')}
                </Text>
              </Stack>
            </Button>
          ))}
          {demoCodeFor && (
            <form
              aria-label={`Authenticator code for ${demoCodeFor.name}`}
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                signInAsDemo(demoCodeFor, demoCode.trim());
              }}
            >
              <Group align="flex-end" gap="xs">
                <TextInput
                  label={`${demoCodeFor.name}'s authenticator code`}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  data-autofocus
                  value={demoCode}
                  onChange={(e) => setDemoCode(e.currentTarget.value)}
                  error={demoCodeError}
                />
                <Button type="submit">Sign in</Button>
              </Group>
            </form>
          )}
          <Divider label="or with your own account" labelPosition="center" />
        </Stack>
      )}
      <form onSubmit={submit} noValidate aria-label="Sign in">
        <Stack gap="sm">
          <TextInput
            type="email"
            autoComplete="username"
            spellCheck={false}
            {...textField(form, 'email', 'Email')}
          />
          <PasswordInput
            autoComplete="current-password"
            {...textField(form, 'password', 'Password')}
          />
          {askCode && (
            <TextInput
              description="The 6 digits your app shows, or one of your recovery codes"
              autoComplete="one-time-code"
              inputMode="numeric"
              data-autofocus
              {...textField(form, 'code', 'Authenticator code', { errorLabel: 'Code' })}
            />
          )}
          <Button
            type="submit"
            variant={demoUsers.length > 0 ? 'default' : 'filled'}
            leftSection={<IconLogin2 size={18} aria-hidden />}
            loading={
              signIn.isPending && signIn.variables !== undefined && 'email' in signIn.variables
            }
          >
            Sign in
          </Button>
          <Anchor component={Link} to="/reset-password" size="sm" ta="center">
            Forgot your password?
          </Anchor>
        </Stack>
      </form>
      {generalError && (
        <ApiErrorAlert error={generalError} title="Could not sign in" placed={FIELDS} />
      )}
      {(singleSignOn || ssoRequired) && (
        <Stack gap="xs">
          {!ssoRequired && <Divider label="or" labelPosition="center" />}
          {ssoRequired && (
            <Text size="sm" role="alert">
              {signIn.error instanceof ApiError && signIn.error.problem.detail} Your company&apos;s
              sign-in page checks who you are.
            </Text>
          )}
          <Button
            variant={ssoRequired ? 'filled' : 'default'}
            leftSection={<IconKey size={18} aria-hidden />}
            loading={leaving}
            onClick={() => void continueWithSso()}
          >
            Sign in with single sign-on
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            With the email above, through your company&apos;s identity provider.
          </Text>
        </Stack>
      )}
      <Text size="xs" c="dimmed">
        The partner&apos;s API credentials stay on the dashboard server; this browser only keeps a
        session cookie.
      </Text>
    </Stack>
  );
}
