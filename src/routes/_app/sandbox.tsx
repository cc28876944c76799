import { Anchor, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { useState } from 'react';
import { getMerchant, getPayoutAccount } from '../../api/client';
import { ApiErrorAlert } from '../../components/api-error';
import { LoadingState, PageHeader } from '../../components/page';
import { sessionQuery } from '../../features/session/queries';
import {
  AccountStatusSimulation,
  KycSimulation,
} from '../../features/simulation/components/status-simulation';
import { api } from '../../lib/api';

export const Route = createFileRoute('/_app/sandbox')({
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery);
    if (!session.signedIn || session.environment !== 'sandbox') throw redirect({ to: '/' });
  },
  component: SandboxPage,
});

function RecordPicker<T>({
  label,
  load,
  queryKey,
  render,
}: {
  label: string;
  load: (id: number) => Promise<T>;
  queryKey: string;
  render: (record: T) => React.ReactNode;
}) {
  const [id, setId] = useState<number | string>('');
  const [debounced] = useDebouncedValue(id, 300);
  const valid = typeof debounced === 'number' && debounced > 0;
  const record = useQuery({
    queryKey: [queryKey, 'detail', debounced],
    queryFn: () => load(debounced as number),
    enabled: valid,
  });
  return (
    <Stack gap="sm">
      <NumberInput
        label={label}
        placeholder="An id, such as 1"
        min={1}
        allowDecimal={false}
        allowNegative={false}
        value={id}
        onChange={setId}
        w={220}
      />
      {valid && record.isPending && <LoadingState />}
      {record.isError && <ApiErrorAlert error={record.error} title="Not found" />}
      {record.data && render(record.data)}
    </Stack>
  );
}

function SandboxPage() {
  useDocumentTitle('Sandbox tools · Partner Payments');
  const { data: session } = useSuspenseQuery(sessionQuery);
  const base = session.signedIn ? session.baseUrl : '';
  return (
    <>
      <PageHeader
        title="Sandbox tools"
        description="Set statuses that the live service decides by itself, and see the events they emit."
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Paper withBorder p="lg" radius="md">
          <Title order={2} fz="lg" mb="sm">
            Merchant KYC status
          </Title>
          <RecordPicker
            label="Merchant id"
            queryKey="merchants"
            load={(id) => getMerchant(api, id)}
            render={(merchant) => (
              <Stack gap="xs">
                <Text size="sm">
                  <Anchor href={`/merchants/${merchant.id}`}>{merchant.name}</Anchor>
                </Text>
                <KycSimulation merchant={merchant} />
              </Stack>
            )}
          />
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Title order={2} fz="lg" mb="sm">
            Payout account status
          </Title>
          <RecordPicker
            label="Payout account id"
            queryKey="payout-accounts"
            load={(id) => getPayoutAccount(api, id)}
            render={(account) => (
              <Stack gap="xs">
                <Text size="sm">
                  <Anchor href={`/payout-accounts/${account.id}`}>
                    {account.currencySymbol} account of {account.accountHolderName}
                  </Anchor>
                </Text>
                <AccountStatusSimulation account={account} />
              </Stack>
            )}
          />
        </Paper>
      </SimpleGrid>
      <Text size="sm" c="dimmed" mt="lg">
        The sandbox API&apos;s reference:{' '}
        <Anchor
          href={`${base.replace(/^https?:\/\/[^/]+/, '')}/docs`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {base}/docs
        </Anchor>
      </Text>
    </>
  );
}
