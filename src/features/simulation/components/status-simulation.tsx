// Forms that set a KYC or account status in the sandbox and show the event that followed.
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import { Alert, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { SelectField } from '#/components/form-fields';
import { z } from 'zod';
import {
  ACCOUNT_STATUSES,
  type AccountStatus,
  type PayoutAccount,
} from '#/api/schemas/payout-account';
import { KYC_STATUSES, type KycStatus, type Merchant } from '#/api/schemas/merchant';
import type { Event } from '#/api/schemas/platform';
import { ApiErrorAlert } from '#/components/api-error';
import { DateTime } from '#/components/date-time';
import { StatusBadge } from '#/components/status-badge';
import { valueInWords } from '#/lib/value-words';
import { useSimulateAccountStatus, useSimulateKyc } from '../queries';
import { ENVIRONMENT_COLOR } from '#/lib/environment-colors';

function Outcome({ status, event }: { status: string; event: Event | undefined }) {
  const { t } = useLingui();
  return (
    <Alert color="green" variant="light" role="status" title={t`Status applied`}>
      <Stack gap={4}>
        <Group gap="xs">
          <Text size="sm">
            <Trans>The status is now</Trans>
          </Text>
          <StatusBadge status={status} size="sm" />
        </Group>
        {event ? (
          <Text size="sm">
            <Trans>
              Event <Code>#{event.id}</Code> <Code>{event.type}</Code> emitted{' '}
              <DateTime value={event.creationTime} />.
            </Trans>
          </Text>
        ) : (
          <Text size="sm">
            <Trans>No event was found for this change.</Trans>
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

function SimulationCard<S extends string>({
  title,
  description,
  statuses,
  current,
  onApply,
  pending,
  error,
  outcome,
  selectLabel,
}: {
  title: string;
  description: string;
  statuses: readonly S[];
  current: S;
  onApply: (status: S) => void;
  pending: boolean;
  error: unknown;
  outcome?: { status: string; event: Event | undefined } | undefined;
  selectLabel: string;
}) {
  const { t } = useLingui();
  const form = useForm<{ status: string }>({
    resolver: zodResolver(
      z.object({
        status: z.string().refine((v) => (statuses as readonly string[]).includes(v), {
          error: tr(msg`Choose a status`),
        }),
      }),
    ),
    defaultValues: { status: '' },
  });
  const status = form.watch('status');
  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      style={{ borderStyle: 'dashed', borderColor: 'var(--mantine-color-orange-6)' }}
    >
      <Group gap="xs" mb={4}>
        <IconFlask size={18} color="var(--mantine-color-orange-6)" aria-hidden />
        <Title order={2} fz="lg">
          {title}
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {description}
      </Text>
      <form onSubmit={form.handleSubmit((chosen) => onApply(chosen.status as S))}>
        <Group align="flex-end" gap="sm">
          <SelectField
            form={form}
            name="status"
            label={selectLabel}
            placeholder={t`Choose a status`}
            data={statuses.map((s) => ({ value: s, label: valueInWords(s), disabled: false }))}
            w={220}
            allowDeselect={false}
          />
          <Button
            type="submit"
            color={ENVIRONMENT_COLOR.sandbox}
            disabled={!status}
            loading={pending}
          >
            <Trans>Apply</Trans>
          </Button>
        </Group>
        {status === current && (
          <Text size="xs" c="dimmed" mt={4}>
            <Trans>This is the current status; applying it records an event all the same.</Trans>
          </Text>
        )}
      </form>
      <Stack mt="md" gap="sm">
        {outcome && <Outcome status={outcome.status} event={outcome.event} />}
        {error ? <ApiErrorAlert error={error} title={t`The status was not applied`} /> : null}
      </Stack>
    </Paper>
  );
}

export function KycSimulation({ merchant }: { merchant: Merchant }) {
  const simulate = useSimulateKyc();
  const { t } = useLingui();
  return (
    <SimulationCard
      title={t`Simulate KYC status`}
      description={t`Sandbox only: sets this merchant's KYC status directly, as the verification process would.`}
      selectLabel={t`KYC status`}
      statuses={KYC_STATUSES}
      current={merchant.kycStatus}
      onApply={(status: KycStatus) => simulate.mutate({ merchant, status })}
      pending={simulate.isPending}
      error={simulate.error}
      outcome={
        simulate.data && { status: simulate.data.record.kycStatus, event: simulate.data.event }
      }
    />
  );
}

export function AccountStatusSimulation({ account }: { account: PayoutAccount }) {
  const simulate = useSimulateAccountStatus();
  const { t } = useLingui();
  return (
    <SimulationCard
      title={t`Simulate account status`}
      description={t`Sandbox only: sets this payout account's status directly. A closed account takes no further changes.`}
      selectLabel={t`Account status`}
      statuses={ACCOUNT_STATUSES}
      current={account.accountStatus}
      onApply={(status: AccountStatus) => simulate.mutate({ account, status })}
      pending={simulate.isPending}
      error={simulate.error}
      outcome={
        simulate.data && { status: simulate.data.record.accountStatus, event: simulate.data.event }
      }
    />
  );
}
