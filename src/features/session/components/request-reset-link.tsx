// Forgot one's password: the sign-in address gets a link to choose a new one. The page says the
// same whether or not the address has an account, as the server answers.
import { zodResolver } from '@hookform/resolvers/zod';
import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { ResetRequest } from '#/api/account';
import { ApiErrorAlert } from '#/components/api-error';
import { MutationForm } from '#/components/mutation-form';
import { textField } from '#/components/text-field';
import { useRequestPasswordReset } from '../queries';

export function RequestResetLink() {
  const { t } = useLingui();
  const request = useRequestPasswordReset();
  const form = useForm<ResetRequest>({
    resolver: zodResolver(ResetRequest),
    defaultValues: { email: '' },
  });
  const back = (
    <Anchor component={Link} to="/sign-in" size="sm">
      <Trans>Back to sign in</Trans>
    </Anchor>
  );
  if (request.isSuccess)
    return (
      <Stack gap="sm">
        <Alert color="green" variant="light" icon={<IconMailForward size={18} aria-hidden />}>
          <Trans>
            If {ph({ email: request.variables.email })} has an account, a link to choose a new
            password is on its way. It works once, for 24 hours.
          </Trans>
        </Alert>
        <Text size="sm" c="dimmed">
          <Trans>
            No mail after a few minutes? Look in the spam folder, or ask an admin of your workspace
            for a reset link.
          </Trans>
        </Text>
        {back}
      </Stack>
    );
  return (
    <MutationForm label={t`Ask for a reset link`} form={form} mutation={request} fields={['email']}>
      <Stack gap="sm">
        <Text size="sm">
          <Trans>
            Enter the address you sign in with: we mail it a link to choose a new password.
          </Trans>
        </Text>
        <TextInput
          type="email"
          autoComplete="username"
          spellCheck={false}
          {...textField(form, 'email', t`Email`)}
        />
        {request.isError && (
          <ApiErrorAlert error={request.error} title={t`No link was sent`} placed={['email']} />
        )}
        <Button type="submit" loading={request.isPending}>
          <Trans>Mail me a link</Trans>
        </Button>
        {back}
      </Stack>
    </MutationForm>
  );
}
