import { Anchor, Badge, Paper, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { DateTime } from '../../components/date-time';
import { AnchorLink } from '../../components/links';
import { Money } from '../../components/money';
import { EmptyState, PageHeader } from '../../components/page';
import { approvalsInboxQuery } from '../../features/workspace/queries';
import { humanize } from '../../lib/format';
import { PRODUCT_TITLE, SLUG_OF } from '../../lib/products';
import { ScrollTable } from '../../components/scroll-table';

export const Route = createFileRoute('/_app/approvals')({
  loader: ({ context }) => context.queryClient.ensureQueryData(approvalsInboxQuery),
  component: ApprovalsPage,
});

function ApprovalsPage() {
  useDocumentTitle('Approvals · Partner Payments');
  const { data: approvals } = useSuspenseQuery(approvalsInboxQuery);
  return (
    <>
      <PageHeader
        title="Approvals"
        description="Quotes and deposits that wait for more approvers. Whoever created a transaction cannot approve it."
      />
      {approvals.length === 0 ? (
        <EmptyState title="Nothing waits for approval">
          Approvals that need more than one approver appear here until the last one is in.
        </EmptyState>
      ) : (
        <Paper withBorder radius="md">
          <ScrollTable minWidth={720} label="Approvals waiting">
            <Table verticalSpacing="sm" aria-label="Approvals waiting">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Transaction</Table.Th>
                  <Table.Th>Approval</Table.Th>
                  <Table.Th ta="right">Payout</Table.Th>
                  <Table.Th>Approved by</Table.Th>
                  <Table.Th>Asked</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {approvals.map((a) => {
                  const given = a.decisions.filter((d) => d.decision === 'approve');
                  const product = a.product as keyof typeof SLUG_OF;
                  return (
                    <Table.Tr key={a.id}>
                      <Table.Td>
                        <AnchorLink
                          to="/transactions/$product/$id"
                          params={{ product: SLUG_OF[product], id: a.transactionId }}
                        >
                          {PRODUCT_TITLE[product].singular} #{a.transactionId}
                        </AnchorLink>
                      </Table.Td>
                      <Table.Td>
                        {humanize(a.action)}{' '}
                        <Badge variant="light" size="sm" radius="sm">
                          {given.length} of {a.required}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Money amount={a.amount} symbol={a.currency} />
                      </Table.Td>
                      <Table.Td>
                        {given.length === 0 ? (
                          <Text size="sm" c="dimmed">
                            nobody yet
                          </Text>
                        ) : (
                          given.map((d) => d.userName).join(', ')
                        )}
                      </Table.Td>
                      <Table.Td>
                        <DateTime value={a.createdAt} />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </Paper>
      )}
      <Text size="sm" c="dimmed" mt="md">
        Policies decide how many approvers an amount needs;{' '}
        <Anchor href="/audit" size="sm" underline="always">
          the audit trail
        </Anchor>{' '}
        records every decision.
      </Text>
    </>
  );
}
