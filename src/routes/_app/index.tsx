import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ApiErrorAlert } from '../../components/api-error';
import { DateTime } from '../../components/date-time';
import { EmptyState, LoadingState, PageHeader } from '../../components/page';
import { StatusBadge } from '../../components/status-badge';
import { merchantListQuery } from '../../features/merchants/queries';
import { AnchorLink, ButtonLink } from '../../components/links';

export const Route = createFileRoute('/_app/')({
  component: OverviewPage,
});

function OverviewPage() {
  useDocumentTitle('Overview · Partner Payments');
  const merchants = useQuery(merchantListQuery({ start: 0, limit: 100 }));
  const needAction = merchants.data?.results.filter((m) => m.kycStatus === 'ACTION_NEEDED') ?? [];
  const recent = merchants.data?.results.slice(0, 5) ?? [];
  return (
    <>
      <PageHeader
        title="Overview"
        description="What needs your attention now."
        actions={
          <ButtonLink to="/merchants/new" leftSection={<IconPlus size={16} aria-hidden />}>
            New merchant
          </ButtonLink>
        }
      />
      {merchants.isError && (
        <ApiErrorAlert error={merchants.error} onRetry={() => void merchants.refetch()} />
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder p="lg" radius="md">
          <Title order={2} fz="lg" mb="sm">
            Merchants needing action
          </Title>
          {merchants.isPending ? (
            <LoadingState />
          ) : needAction.length === 0 ? (
            <EmptyState title="Nothing waiting">No merchant needs action.</EmptyState>
          ) : (
            <Stack gap="xs">
              {needAction.map((m) => (
                <Group key={m.id} justify="space-between">
                  <AnchorLink to="/merchants/$id" params={{ id: m.id }}>
                    {m.name}
                  </AnchorLink>
                  <StatusBadge status={m.kycStatus} size="sm" />
                </Group>
              ))}
            </Stack>
          )}
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Title order={2} fz="lg" mb="sm">
            Newest merchants
          </Title>
          {merchants.isPending ? (
            <LoadingState />
          ) : (
            <Stack gap="xs">
              {recent.map((m) => (
                <Group key={m.id} justify="space-between" wrap="nowrap">
                  <div>
                    <AnchorLink to="/merchants/$id" params={{ id: m.id }}>
                      {m.name}
                    </AnchorLink>
                    <Text size="xs" c="dimmed">
                      <DateTime value={m.creationTime} />
                    </Text>
                  </div>
                  <StatusBadge status={m.kycStatus} size="sm" />
                </Group>
              ))}
            </Stack>
          )}
        </Paper>
      </SimpleGrid>
    </>
  );
}
