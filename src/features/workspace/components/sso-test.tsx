// A test sign-in through the workspace's provider (docs/decisions/085): the admin is sent to the
// provider, signs in there, and comes back to Settings, where what the provider sent (every
// claim or attribute), whether that person would be let in and with which roles, or why not, is
// shown. Nobody is signed in or made by it.
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ROLE_LABEL } from '#/api/roles';
import type { SsoTestResult } from '#/api/sso';
import { DateTime } from '#/components/date-time';
import { errorMessage } from '#/components/api-error';
import { startSsoTest } from '../sso-queries';

/** The button that starts a test sign-in through one protocol's provider. */
export function TestSignInButton({ protocol }: { protocol: 'oidc' | 'saml' }) {
  const start = useMutation({
    mutationFn: () => startSsoTest(protocol),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  return (
    <Stack gap={4}>
      <Group>
        <Button
          variant="default"
          size="xs"
          loading={start.isPending}
          onClick={() => start.mutate()}
        >
          <Trans>Test sign-in…</Trans>
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        <Trans>
          Sign in at the provider as yourself or a test person: Settings then shows what it sent and
          which roles it would give. Nobody is signed in by it.
        </Trans>
      </Text>
      {start.error && (
        <Text size="xs" c="red" role="alert">
          {errorMessage(start.error)}
        </Text>
      )}
    </Stack>
  );
}

/** The last test sign-in: what the provider sent, and what it would give. */
export function LastTest({ test }: { test: SsoTestResult }) {
  const { t, i18n } = useLingui();
  const email = test.email ?? '';
  // Back from the provider (`?test=done`): the result is brought into view.
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get('test') === 'done')
      ref.current?.scrollIntoView?.({ block: 'center' });
  }, []);
  return (
    <Alert
      ref={ref}
      color={test.wouldSignIn ? 'teal' : 'orange'}
      variant="light"
      title={
        test.wouldSignIn
          ? t`Test sign-in: ${email} would sign in`
          : test.email
            ? t`Test sign-in: ${email} would not sign in`
            : t`Test sign-in: the person would not sign in`
      }
      aria-live="polite"
      styles={{ message: { overflowWrap: 'anywhere' }, title: { overflowWrap: 'anywhere' } }}
    >
      <Stack gap="xs">
        <Text size="sm">
          <Trans>
            Through {test.protocol === 'saml' ? 'SAML' : 'OpenID Connect'} ({test.provider}), by{' '}
            {test.by}, <DateTime value={test.at} />.
          </Trans>
        </Text>
        {test.refusal && <Text size="sm">{test.refusal}</Text>}
        <Group gap="xs">
          <Text size="sm" fw={600}>
            <Trans>Roles it would give:</Trans>
          </Text>
          {test.roles.length === 0 ? (
            <Text size="sm">
              <Trans>none</Trans>
            </Text>
          ) : (
            test.roles.map((role) => (
              <Badge key={role} variant="light">
                {i18n._(ROLE_LABEL[role])}
              </Badge>
            ))
          )}
        </Group>
        <Text size="sm">
          <b>
            <Trans>Groups sent:</Trans>
          </b>{' '}
          {test.groups.length === 0 ? t`none` : test.groups.join(', ')}
        </Text>
        {test.claims.length > 0 && (
          <Stack gap={6} component="dl" m={0} aria-label={t`What the provider sent`}>
            {test.claims.map((claim) => (
              <div key={claim.name}>
                <Text component="dt" size="xs" ff="monospace" c="dimmed">
                  {claim.name}
                </Text>
                <Text component="dd" size="sm" m={0}>
                  {claim.values.join(', ')}
                </Text>
              </div>
            ))}
          </Stack>
        )}
      </Stack>
    </Alert>
  );
}
