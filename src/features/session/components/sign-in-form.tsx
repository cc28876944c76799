// Signing in as oneself: email and password, and the authenticator's code when the server asks
// for it; through the workspace's identity provider where one is set up (docs/decisions/051);
// in the sandbox demo workspace, one click as any of its people.
//
// The one form without react-hook-form: it is the first page most people load, and that load
// goes without the form library, zod and the contract (docs/decisions/058). Its checks are still
// the contract's schema, loaded when the form is first sent.
import { passwordToggle } from '#/components/password-toggle';
import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { type FormEvent, useRef, useState } from 'react';
import { ApiError } from '#/api/errors';
import type { SessionInfo, SignInForm as SignInValues, UserInfo } from '#/api/dashboard';
import { rolesIn } from '#/i18n/react';
import { ApiErrorAlert } from '#/components/api-error';
import { applyApiFieldErrors } from '#/components/api-field-errors';
import { ENVIRONMENT_COLOR } from '#/lib/environment-colors';
import { fieldError } from '#/lib/field-error';
import { useSignIn } from '../queries';

/** A person of the sandbox demo workspace, one click each. */
type DemoUser = Pick<UserInfo, 'email' | 'name' | 'roles'>;

type Field = keyof SignInValues;
/** The form's fields, as the contract's SignInForm names them (a test keeps the two equal). */
export const SIGN_IN_FIELDS = ['email', 'password', 'code'] as const satisfies readonly Field[];
type Errors = Partial<Record<Field, string>>;

/**
 * `values` read by the contract's sign-in schema (only the field `only` when given): what it
 * makes of them when they pass, else the first message of each field that does not.
 */
export async function checkSignIn(
  values: SignInValues,
  only?: Field,
): Promise<{ errors: Errors; values?: SignInValues }> {
  const { SignInForm } = await import('#/api/dashboard');
  const parsed = only
    ? SignInForm.pick({ [only]: true } as Record<Field, true>).safeParse(values)
    : SignInForm.safeParse(values);
  if (parsed.success) return { errors: {}, values: { ...values, ...parsed.data } };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= issue.message;
  return { errors };
}

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
  const { t, i18n } = useLingui();
  const signIn = useSignIn();
  const [askCode, setAskCode] = useState(false);
  // A demo person who has enrolled an authenticator: one click, then their code.
  const [demoCodeFor, setDemoCodeFor] = useState<DemoUser | null>(null);
  const [demoCode, setDemoCode] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Errors>({});
  const valuesOf = (): SignInValues => {
    const data = new FormData(formRef.current ?? undefined);
    const text = (name: Field) => String(data.get(name) ?? '');
    return { email: text('email'), password: text('password'), code: text('code') };
  };
  /** Shows `found` under their fields, the first of them focused; false when there are some. */
  const show = (found: Errors) => {
    setErrors(found);
    const first = SIGN_IN_FIELDS.find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
    return !first;
  };
  /** A field changed: its error no longer applies. */
  const edited = (field: Field) => () =>
    setErrors((before) => (before[field] ? { ...before, [field]: undefined } : before));
  /** The input props of a field: its name, label and error as a sentence. */
  const inputOf = (field: Field, label: string, errorLabel = label) => ({
    name: field,
    label,
    onChange: edited(field),
    error: fieldError(errorLabel, errors[field]),
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
    const checked = await checkSignIn(valuesOf(), 'email');
    if (!show(checked.errors) || !checked.values) return;
    setLeaving(true);
    const { singleSignOnUrl } = await import('../sso-url');
    window.location.assign(singleSignOnUrl(checked.values.email, returnTo));
  };
  const demoCodeError =
    demoCodeFor && signIn.error instanceof ApiError && signIn.error.problem.code === 'UNAUTHORIZED'
      ? t`Code is wrong or already used`
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

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { errors: found, values } = await checkSignIn(valuesOf());
    // A new attempt that the form itself refuses: the last attempt's answer no longer applies.
    if (!show(found) || !values) return signIn.reset();
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
          const placed: Errors = {};
          applyApiFieldErrors(error, SIGN_IN_FIELDS, (field, { message }) => {
            placed[field as Field] = message;
          });
          show(placed);
        },
      },
    );
  };

  return (
    <Stack gap="md">
      {demoUsers.length > 0 && (
        <Stack gap="xs" aria-label={t`Demo workspace`}>
          <Group gap="xs">
            <Badge
              color={ENVIRONMENT_COLOR.sandbox}
              leftSection={<IconFlask size={12} aria-hidden />}
            >
              <Trans>Sandbox demo</Trans>
            </Badge>
            <Text size="xs" c="dimmed">
              <Trans>Seeded test data, no real money. Sign in as one of the team:</Trans>
            </Text>
          </Group>
          {demoUsers.map((person) => (
            <Button
              key={person.email}
              variant="default"
              h="auto"
              py={6}
              justify="flex-start"
              // Longer words (another language, many roles) wrap rather than being cut off.
              styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
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
                  <Trans>Sign in as {ph({ name: person.name })}</Trans>
                </Text>
                <Text span size="xs" c="dimmed" fw={400}>
                  {rolesIn(i18n, person.roles)}
                </Text>
              </Stack>
            </Button>
          ))}
          {demoCodeFor && (
            <form
              aria-label={t`Authenticator code for ${ph({ name: demoCodeFor.name })}`}
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                signInAsDemo(demoCodeFor, demoCode.trim());
              }}
            >
              <Group align="flex-end" gap="xs">
                <TextInput
                  label={t`${ph({ name: demoCodeFor.name })}’s authenticator code`}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  data-autofocus
                  value={demoCode}
                  onChange={(e) => setDemoCode(e.currentTarget.value)}
                  error={demoCodeError}
                />
                <Button type="submit">
                  <Trans>Sign in</Trans>
                </Button>
              </Group>
            </form>
          )}
          <Divider label={t`or with your own account`} labelPosition="center" />
        </Stack>
      )}
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-label={t`Sign in`}>
        <Stack gap="sm">
          <TextInput
            type="email"
            autoComplete="username"
            spellCheck={false}
            {...inputOf('email', t`Email`)}
          />
          <PasswordInput
            {...passwordToggle()}
            autoComplete="current-password"
            {...inputOf('password', t`Password`)}
          />
          {askCode && (
            <TextInput
              description={t`The 6 digits your app shows, or one of your recovery codes`}
              autoComplete="one-time-code"
              inputMode="numeric"
              data-autofocus
              {...inputOf('code', t`Authenticator code`, t`Code`)}
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
            <Trans>Sign in</Trans>
          </Button>
          <Anchor component={Link} to="/reset-password" size="sm" ta="center">
            <Trans>Forgot your password?</Trans>
          </Anchor>
        </Stack>
      </form>
      {generalError && (
        <ApiErrorAlert error={generalError} title={t`Could not sign in`} placed={SIGN_IN_FIELDS} />
      )}
      {(singleSignOn || ssoRequired) && (
        <Stack gap="xs">
          {!ssoRequired && <Divider label={t`or`} labelPosition="center" />}
          {ssoRequired && (
            <Text size="sm" role="alert">
              {signIn.error instanceof ApiError && signIn.error.problem.detail}{' '}
              <Trans>Your company’s sign-in page checks who you are.</Trans>
            </Text>
          )}
          <Button
            variant={ssoRequired ? 'filled' : 'default'}
            leftSection={<IconKey size={18} aria-hidden />}
            loading={leaving}
            onClick={() => void continueWithSso()}
          >
            <Trans>Sign in with single sign-on</Trans>
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            <Trans>With the email above, through your company’s identity provider.</Trans>
          </Text>
        </Stack>
      )}
      <Text size="xs" c="dimmed">
        <Trans>
          The partner’s API credentials stay on the dashboard server; this browser only keeps a
          session cookie.
        </Trans>
      </Text>
    </Stack>
  );
}
