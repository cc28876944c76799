import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCalculator, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ApiErrorAlert } from '../../components/api-error';
import { DateTime } from '../../components/date-time';
import { describeEvent } from '../../components/event-details';
import { AnchorLink, ButtonLink } from '../../components/links';
import { EmptyState, LoadingState, PageHeader } from '../../components/page';
import { StatusBadge } from '../../components/status-badge';
import { recentActivityQuery } from '../../features/events/queries';
import { merchantListQuery } from '../../features/merchants/queries';
import {
  useWaitingTransactions,
  WaitingList,
  WaitingState,
} from '../../features/transactions/components/needs-action';
import { humanize } from '../../lib/format';
import { SLUG_OF } from '../../lib/products';
import { Permitted } from '../../features/session/components/permitted';

export const Route = createFileRoute('/_app/')({
  component: OverviewPage,
});

function Card({
  title,
  count,
  children,
}: {
  title: string;
  count?: number | undefined;
  children: React.ReactNode;
}) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {count !== undefined && count > 0 && (
          <Badge color="violet" variant="filled" radius="sm">
            {count}
          </Badge>
        )}
      </Group>
      {children}
    </Paper>
  );
}

function OverviewPage() {
  useDocumentTitle('Overview · Partner Payments');
  const waiting = useWaitingTransactions();
  const merchants = useQuery(merchantListQuery({ start: 0, limit: 100 }));
  const needAction = merchants.data?.results.filter((m) => m.kycStatus === 'ACTION_NEEDED') ?? [];
  const activity = useQuery(recentActivityQuery);

  return (
    <>
      <PageHeader
        title="Overview"
        description="What needs your attention now, and what happened lately."
        actions={
          <>
            <ButtonLink
              to="/pricing"
              variant="default"
              leftSection={<IconCalculator size={16} aria-hidden />}
            >
              Get a quote
            </ButtonLink>
            <Permitted operation="createMerchant">
              <ButtonLink to="/merchants/new" leftSection={<IconPlus size={16} aria-hidden />}>
                New merchant
              </ButtonLink>
            </Permitted>
          </>
        }
      />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" mb="lg">
        <Card title="Quotes to approve" count={waiting.quotes.length}>
          <WaitingState
            isPending={waiting.isPending}
            error={waiting.error}
            onRetry={waiting.refetch}
          />
          {!waiting.isPending && !waiting.error && (
            <WaitingList rows={waiting.quotes} empty="No quote waits for approval." />
          )}
        </Card>
        <Card title="Deposits to approve" count={waiting.deposits.length}>
          <WaitingState
            isPending={waiting.isPending}
            error={waiting.error}
            onRetry={waiting.refetch}
          />
          {!waiting.isPending && !waiting.error && (
            <WaitingList rows={waiting.deposits} empty="No deposit waits for approval." />
          )}
        </Card>
        <Card title="Merchants needing action" count={needAction.length}>
          {merchants.isPending ? (
            <LoadingState />
          ) : merchants.isError ? (
            <ApiErrorAlert error={merchants.error} onRetry={() => void merchants.refetch()} />
          ) : needAction.length === 0 ? (
            <EmptyState title="Nothing waiting">No merchant needs action.</EmptyState>
          ) : (
            <Stack gap="xs">
              {needAction.map((m) => (
                <Group key={m.id} justify="space-between" wrap="nowrap">
                  <AnchorLink to="/merchants/$id" params={{ id: m.id }}>
                    {m.name}
                  </AnchorLink>
                  <StatusBadge status={m.kycStatus} size="sm" />
                </Group>
              ))}
            </Stack>
          )}
        </Card>
      </SimpleGrid>
      <Card title="Recent activity">
        {activity.isPending ? (
          <LoadingState />
        ) : activity.isError ? (
          <ApiErrorAlert error={activity.error} onRetry={() => void activity.refetch()} />
        ) : activity.data === null ? (
          <Text size="sm" c="dimmed">
            This environment does not offer an event log.
          </Text>
        ) : activity.data.length === 0 ? (
          <EmptyState title="No activity yet" />
        ) : (
          <Stack gap={6}>
            {activity.data.map((e) => {
              const { subject, change, status } = describeEvent(e);
              const link =
                e.objectType === 'transaction' && e.product ? (
                  <AnchorLink
                    underline="always"
                    to="/transactions/$product/$id"
                    params={{ product: SLUG_OF[e.product as 'sendc2f'], id: e.objectId }}
                  >
                    {subject}
                  </AnchorLink>
                ) : e.objectType === 'merchant' ? (
                  <AnchorLink to="/merchants/$id" params={{ id: e.objectId }} underline="always">
                    {subject}
                  </AnchorLink>
                ) : (
                  <AnchorLink
                    to="/payout-accounts/$id"
                    params={{ id: e.objectId }}
                    underline="always"
                  >
                    {subject}
                  </AnchorLink>
                );
              return (
                <Group key={e.id} justify="space-between" wrap="nowrap" gap="sm">
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm">
                      {link} {change}
                    </Text>
                    {status && <StatusBadge status={status} size="sm" />}
                  </Group>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    <DateTime value={e.creationTime} />
                  </Text>
                </Group>
              );
            })}
          </Stack>
        )}
      </Card>
      <Text size="xs" c="dimmed" mt="sm">
        Transactions of the last two weeks; {humanize('ACTION_NEEDED').toLowerCase()} merchants
        among the newest hundred.
      </Text>
    </>
  );
}
