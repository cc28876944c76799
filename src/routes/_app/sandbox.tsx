import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  type QueryKey,
  type UseQueryOptions,
  useQuery,
  useSuspenseQuery,
} from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { useState } from 'react';
import { refusalFor } from '#/api/roles';
import type { Merchant } from '#/api/schemas/merchant';
import type { PayoutAccount } from '#/api/schemas/payout-account';
import { ApiErrorAlert } from '#/components/api-error';
import { LoadingState, PageHeader, Panel } from '#/components/page';
import { EventLog } from '#/features/events/components/event-log';
import { FaultsPanel } from '#/features/faults/components/faults-panel';
import { ScenariosPanel } from '#/features/scenarios/components/scenarios-panel';
import { WebhookEndpoints } from '#/features/events/components/webhook-endpoints';
import { sessionQuery } from '#/features/session/queries';
import {
  AccountStatusSimulation,
  KycSimulation,
} from '#/features/simulation/components/status-simulation';
import { type RecordChoices, useAccountChoices, useMerchantChoices } from '#/features/find/queries';
import { merchantQuery } from '#/features/merchants/queries';
import { payoutAccountQuery } from '#/features/payout-accounts/queries';
import { HoldMoves } from '#/features/moves/components/automatic-move';
import { apiReferenceHref } from '#/components/links';
import { valueInWords } from '#/lib/value-words';

export const Route = createFileRoute('/_app/sandbox')({
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery);
    // Sandbox tools: in the sandbox only, for testers, onboarding and admins.
    if (!session.signedIn || refusalFor('createWebhook', session.user.roles, session.environment))
      throw redirect({ to: '/' });
  },
  component: SandboxPage,
});

function RecordPicker<T>({
  label,
  useChoices,
  query,
  link,
  render,
}: {
  label: string;
  /** The records to offer, searched in the local index as one types. */
  useChoices: (selected: number | undefined) => RecordChoices<unknown>;
  /** The record's query factory (`merchantQuery`…): its key is the one mutations refresh. */
  query: (id: number) => { queryKey: QueryKey };
  /** The record's page and name, linked above what `render` shows of it. */
  link: (record: T) => [href: string, name: string];
  render: (record: T) => React.ReactNode;
}) {
  const { t } = useLingui();
  const [id, setId] = useState<string | null>(null);
  const choices = useChoices(id === null ? undefined : Number(id));
  const record = useQuery({
    ...(query(Number(id)) as UseQueryOptions<T, Error, T, QueryKey>),
    enabled: id !== null,
  });
  return (
    <Stack gap="sm">
      <Select
        label={label}
        placeholder={t`Search by name or id`}
        searchable
        data={choices.options}
        filter={({ options }) => options}
        onSearchChange={choices.onSearchChange}
        value={id}
        onChange={setId}
        nothingFoundMessage={choices.searching ? t`Searching…` : t`Nothing matches`}
        maw={420}
      />
      {id !== null && record.isPending && <LoadingState />}
      {record.isError && <ApiErrorAlert error={record.error} title={t`Could not load it`} />}
      {record.data && (
        <Stack gap="xs">
          <Text size="sm">
            <Anchor href={link(record.data)[0]}>{link(record.data)[1]}</Anchor>
          </Text>
          {render(record.data)}
        </Stack>
      )}
    </Stack>
  );
}

const useAnyMerchant = (selected: number | undefined) => useMerchantChoices({}, selected);
const useAnyAccount = (selected: number | undefined) =>
  useAccountChoices(
    {},
    selected,
    (a) =>
      `#${a.id} · ${a.currencySymbol} · ${a.accountHolderName} · ${valueInWords(a.accountStatus)}`,
  );

function SandboxPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Sandbox tools · Partner Payments`);
  const { data: session } = useSuspenseQuery(sessionQuery);
  const base = session.signedIn ? session.baseUrl : '';
  return (
    <>
      <PageHeader
        title={t`Sandbox tools`}
        description={t`Build situations from scenarios, set statuses that the live service decides by itself, steer time and failures, receive webhooks, and see every event and its deliveries.`}
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Panel title={t`Merchant KYC status`}>
          <RecordPicker
            label={t`Merchant`}
            useChoices={useAnyMerchant}
            query={merchantQuery}
            link={(merchant: Merchant) => [`/merchants/${merchant.id}`, merchant.name]}
            render={(merchant: Merchant) => <KycSimulation merchant={merchant} />}
          />
        </Panel>
        <Panel title={t`Payout account status`}>
          <RecordPicker
            label={t`Payout account`}
            useChoices={useAnyAccount}
            query={payoutAccountQuery}
            link={(account: PayoutAccount) => [
              `/payout-accounts/${account.id}`,
              t`${account.currencySymbol} account of ${account.accountHolderName}`,
            ]}
            render={(account: PayoutAccount) => <AccountStatusSimulation account={account} />}
          />
        </Panel>
      </SimpleGrid>
      <Stack gap="lg" mt="lg">
        <ScenariosPanel />
        <Panel title={t`Automatic moves`} id="moves">
          <HoldMoves />
        </Panel>
        <FaultsPanel />
        <WebhookEndpoints />
        <EventLog />
      </Stack>
      <Text size="sm" c="dimmed" mt="lg">
        <Trans>
          The sandbox API’s reference:{' '}
          <Anchor href={apiReferenceHref(base)} target="_blank" rel="noopener noreferrer">
            {base}/docs
          </Anchor>
        </Trans>
      </Text>
    </>
  );
}
