// The event log: every status change, its deliveries, and a way to send one again.
import {
  Anchor,
  Button,
  Code,
  Group,
  Paper,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { EventWithAttempts } from '#/api/schemas/platform';
import { ApiErrorAlert } from '#/components/api-error';
import { DateTime } from '#/components/date-time';
import { Dialog } from '#/components/dialog';
import { DeliverySummary, describeEvent, EventDetails } from '#/components/event-details';
import { LoadingState } from '#/components/page';
import { Pager } from '#/components/pager';
import { StatusBadge } from '#/components/status-badge';
import { eventLogQuery, useResendEvent } from '../queries';
import { ScrollTable } from '#/components/scroll-table';

export function EventLog() {
  const [page, setPage] = useState({ start: 0, limit: 20 });
  const events = useQuery(eventLogQuery(page));
  const resend = useResendEvent();
  const [shown, setShown] = useState<EventWithAttempts | undefined>();

  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} fz="lg" mb={4}>
        Event log
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Newest first; refreshes every few seconds.
      </Text>
      {events.isPending ? (
        <LoadingState />
      ) : events.isError ? (
        <ApiErrorAlert error={events.error} onRetry={() => void events.refetch()} />
      ) : (
        <>
          <ScrollTable minWidth={900} label="Event log">
            <Table verticalSpacing="xs" striped aria-label="Event log">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Event</Table.Th>
                  <Table.Th scope="col">Object</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">When</Table.Th>
                  <Table.Th scope="col">Deliveries</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {events.data.results.map((e) => {
                  const { subject, change, status } = describeEvent(e);
                  return (
                    <Table.Tr key={e.id}>
                      <Table.Td>
                        <Anchor
                          component="button"
                          type="button"
                          size="sm"
                          onClick={() => setShown(e)}
                        >
                          #{e.id}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          <Code>{e.type}</Code>
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {subject}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {change}
                        </Text>
                      </Table.Td>
                      <Table.Td>{status && <StatusBadge status={status} size="sm" />}</Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          <DateTime value={e.creationTime} />
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <DeliverySummary event={e} />
                      </Table.Td>
                      <Table.Td>
                        <Button
                          size="compact-xs"
                          variant="default"
                          leftSection={<IconSend size={12} aria-hidden />}
                          loading={resend.isPending && resend.variables === e.id}
                          onClick={() =>
                            resend.mutate(e.id, {
                              onSuccess: () =>
                                notifications.show({
                                  color: 'green',
                                  title: 'Queued again',
                                  message: `Event #${e.id}`,
                                }),
                            })
                          }
                          aria-label={`Resend event ${e.id}`}
                        >
                          Resend
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          <Group>
            <Pager
              label="events"
              start={events.data.start}
              limit={events.data.limit}
              shown={events.data.results.length}
              hasMore={events.data.hasMore}
              onChange={setPage}
            />
          </Group>
        </>
      )}
      {resend.isError && (
        <ApiErrorAlert error={resend.error} title="The event was not sent again" />
      )}
      <Dialog
        opened={shown !== undefined}
        onClose={() => setShown(undefined)}
        title={`Event #${shown?.id ?? ''}`}
        size="lg"
      >
        {shown && <EventDetails event={shown} />}
      </Dialog>
    </Paper>
  );
}
