import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCalculator } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { ApiErrorAlert, QueryView } from '#/components/api-error';
import { DateTime } from '#/components/date-time';
import { describeEvent } from '#/components/event-details';
import { AnchorLink, ButtonLink, NewRecordLink, TransactionLink } from '#/components/links';
import { EmptyState, LoadingState, PageHeader } from '#/components/page';
import { StatusBadge } from '#/components/status-badge';
import { approvalSettingsQuery } from '#/features/controls/queries';
import { recentActivityQuery } from '#/features/events/queries';
import { merchantIndexQuery, transactionIndexQuery } from '#/features/find/queries';
import { WaitingList, WaitingState } from '#/features/transactions/components/needs-action';
import { Permitted } from '#/features/session/components/permitted';
import { sessionQuery } from '#/features/session/queries';
import { hasRole, WORKSPACE_ROLES } from '#/api/roles';
import type { Product } from '#/api/products';

// The money card draws charts: it loads on its own, after the queues.
const OverviewVolume = lazy(() => import('#/features/reports/components/overview-volume'));

export const Route = createFileRoute('/_app/')({
  component: OverviewPage,
});

function Card({
  title,
  count,
  children,
}: {
  title: string;
  count?: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {count !== undefined && count !== '0' && (
          <Badge color="violet" variant="filled" radius="sm" style={{ flexShrink: 0 }}>
            {count}
          </Badge>
        )}
      </Group>
      {children}
    </Paper>
  );
}

/** How many of each queue the overview shows. */
const QUEUE = 6;

const countOf = (page: { results: unknown[]; hasMore: boolean } | undefined) =>
  page ? `${page.results.length}${page.hasMore ? '+' : ''}` : undefined;

function OverviewPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Overview · Partner Payments`);
  const queue = (awaiting: 'quote' | 'deposit' | undefined, stalled?: '1') =>
    transactionIndexQuery({ awaiting, stalled, sort: 'updated', start: 0, limit: QUEUE });
  const quotes = useQuery(queue('quote'));
  const deposits = useQuery(queue('deposit'));
  const stalled = useQuery(queue(undefined, '1'));
  const needAction = useQuery(
    merchantIndexQuery({ kycStatus: ['ACTION_NEEDED'], start: 0, limit: QUEUE }),
  );
  const activity = useQuery(recentActivityQuery);
  // How long a quote may be approved: the quotes queue marks those that expired.
  const settings = useQuery(approvalSettingsQuery);
  // An approver's queues are theirs to act on; anyone else sees what waits for the approvers.
  const session = useQuery(sessionQuery).data;
  const approves =
    session?.signedIn === true && hasRole(session.user.roles, WORKSPACE_ROLES.decideApprovals);

  return (
    <>
      <PageHeader
        title={t`Overview`}
        description={t`What needs your attention now, and what happened lately.`}
        actions={
          <>
            <ButtonLink
              to="/pricing"
              variant="default"
              leftSection={<IconCalculator size={16} aria-hidden />}
            >
              <Trans>Get a quote</Trans>
            </ButtonLink>
            <Permitted operation="createMerchant">
              <NewRecordLink to="/merchants/new">{t`New merchant`}</NewRecordLink>
            </Permitted>
          </>
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2, xl: 4 }} spacing="lg" mb="lg">
        {(
          [
            [
              'quotes',
              approves ? t`Quotes to approve` : t`Quotes waiting for an approver`,
              quotes,
              t`No quote waits for approval.`,
              'waiting',
            ],
            [
              'deposits',
              approves ? t`Deposits to approve` : t`Deposits waiting for an approver`,
              deposits,
              t`No deposit waits for approval.`,
              'waiting',
            ],
            [
              'stalled',
              t`In progress for over a day`,
              stalled,
              t`Nothing has been stuck for a day.`,
              'unchanged',
            ],
          ] as const
        ).map(([key, title, list, empty, since]) => (
          <Card key={key} title={title} count={countOf(list.data)}>
            <WaitingState
              isPending={list.isPending}
              error={list.error}
              onRetry={() => void list.refetch()}
            />
            {list.data && (
              <WaitingList
                rows={list.data.results}
                more={list.data.hasMore}
                empty={empty}
                label={title}
                since={since}
                quoteValidityMinutes={
                  list === quotes ? settings.data?.quoteValidityMinutes : undefined
                }
              />
            )}
          </Card>
        ))}
        <Card title={t`Merchants needing action`} count={countOf(needAction.data)}>
          <QueryView
            query={needAction}
            empty={
              <EmptyState title={t`Nothing waiting`}>{t`No merchant needs action.`}</EmptyState>
            }
          >
            {(data) => (
              <Stack gap="xs">
                <Text size="xs" c="dimmed">
                  <Trans>Their review asked for more: open one to see what to do.</Trans>
                </Text>
                {data.results.map((m) => (
                  <Group key={m.id} justify="space-between" wrap="nowrap">
                    <AnchorLink to="/merchants/$id" params={{ id: m.id }} translate="no">
                      {m.name}
                    </AnchorLink>
                    <StatusBadge status={m.kycStatus} size="sm" />
                  </Group>
                ))}
                {data.hasMore && (
                  <AnchorLink to="/merchants" search={{ kycStatus: ['ACTION_NEEDED'] }} size="xs">
                    <Trans>All merchants needing action</Trans>
                  </AnchorLink>
                )}
              </Stack>
            )}
          </QueryView>
        </Card>
      </SimpleGrid>
      <Suspense fallback={<LoadingState rows={2} />}>
        <OverviewVolume />
      </Suspense>
      <Card title={t`Recent activity`}>
        {activity.isPending ? (
          <LoadingState />
        ) : activity.isError ? (
          <ApiErrorAlert error={activity.error} onRetry={() => void activity.refetch()} />
        ) : activity.data === null ? (
          <Text size="sm" c="dimmed">
            <Trans>This environment does not offer an event log.</Trans>
          </Text>
        ) : activity.data.length === 0 ? (
          <EmptyState title={t`No activity yet`} />
        ) : (
          <Stack gap={6}>
            {activity.data.map((e) => {
              const { subject, change, status } = describeEvent(e);
              const link =
                e.objectType === 'transaction' && e.product ? (
                  <TransactionLink
                    underline="always"
                    product={e.product as Product}
                    id={e.objectId}
                  >
                    {subject}
                  </TransactionLink>
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
                <Group key={e.id} justify="space-between" gap="sm" style={{ rowGap: 0 }}>
                  <Group gap="xs" wrap="nowrap" miw={0}>
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
    </>
  );
}
