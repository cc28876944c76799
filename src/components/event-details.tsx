// One event of the sandbox's log with its webhook delivery attempts.
import { Badge, Box, Code, Group, Stack, Table, Text } from '@mantine/core';
import type { Event, EventWithAttempts } from '../api/schemas/platform';
import { type Phase, phaseOf } from '../api/transaction-states';
import { DateTime } from './date-time';

/**
 * Delivery per endpoint: delivered to how many of the endpoints it went to, and the attempts in
 * all. An event delivered to one endpoint and failing at another is not "delivered".
 */
export function DeliverySummary({ event }: { event: EventWithAttempts }) {
  if (event.attempts.length === 0)
    return (
      <Text size="xs" c="dimmed">
        No deliveries
      </Text>
    );
  const endpoints = new Set(event.attempts.map((a) => a.webhookId));
  const reached = new Set(event.attempts.filter((a) => a.delivered).map((a) => a.webhookId));
  const all = reached.size === endpoints.size;
  const attempts = `${event.attempts.length} attempt${event.attempts.length === 1 ? '' : 's'}`;
  return (
    <Badge
      variant="light"
      color={all ? 'green' : reached.size > 0 ? 'orange' : 'red'}
      radius="sm"
      style={{ textTransform: 'none' }}
    >
      {endpoints.size === 1
        ? `${all ? 'Delivered' : 'Not delivered'} · ${attempts}`
        : `Delivered to ${reached.size} of ${endpoints.size} endpoints · ${attempts}`}
    </Badge>
  );
}

export function EventDetails({ event }: { event: EventWithAttempts }) {
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Code>{event.type}</Code>
        <Text size="sm">
          <DateTime value={event.creationTime} />
        </Text>
      </Group>
      <div>
        <Text fw={600} size="sm" mb={4}>
          Delivery attempts
        </Text>
        {event.attempts.length === 0 ? (
          <Text size="sm" c="dimmed">
            None: no webhook endpoint was registered when this event happened.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing={4} aria-label={`Delivery attempts of event ${event.id}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">#</Table.Th>
                  <Table.Th scope="col">When</Table.Th>
                  <Table.Th scope="col">Endpoint</Table.Th>
                  <Table.Th scope="col">Result</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {event.attempts.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>{a.attempt}</Table.Td>
                    <Table.Td>
                      <DateTime value={a.attemptTime} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                        {a.url}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text
                        size="sm"
                        c={
                          a.delivered
                            ? 'var(--mantine-color-green-light-color)'
                            : 'var(--mantine-color-red-light-color)'
                        }
                      >
                        {a.delivered
                          ? `Delivered (${a.statusCode})`
                          : (a.error ?? `HTTP ${a.statusCode}`)}{' '}
                        · {a.durationMs} ms
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </div>
      <div>
        <Text fw={600} size="sm" mb={4}>
          Payload
        </Text>
        <Box
          mah={260}
          style={{ overflow: 'auto' }}
          tabIndex={0}
          role="region"
          aria-label="Event payload"
        >
          <Code block>
            {JSON.stringify(event, (k, v) => (k === 'attempts' ? undefined : v), 2)}
          </Code>
        </Box>
      </div>
    </Stack>
  );
}

const PRODUCT_NAMES: Record<string, string> = {
  sendc2f: 'Payout',
  sendf2f: 'End to end transfer',
  receive: 'Collection',
};

/** What reaching each phase means, as an event's change. */
const PHASE_CHANGE: Record<Phase, string> = {
  pending: 'created',
  quoted: 'quote ready',
  quoteApproved: 'quote approved',
  inProgress: 'deposit approved',
  completed: 'paid out',
  cancelled: 'cancelled',
};

/** An event in a few words: what changed, on which record. */
export function describeEvent(event: Event): { subject: string; change: string; status: string } {
  const data = event.data;
  if (event.objectType === 'transaction') {
    const status = String(data.clientStatus ?? '');
    const phase = phaseOf({
      clientStatus: status,
      quoteApprovedDate: data.quoteApprovedDate as number | null | undefined,
    });
    const change = phase ? PHASE_CHANGE[phase] : 'changed';
    return {
      subject: `${PRODUCT_NAMES[event.product ?? ''] ?? 'Transaction'} #${event.objectId}`,
      change,
      status,
    };
  }
  // Created and updated events name the record; status events say what was set.
  const change = event.type.endsWith('.created')
    ? 'created'
    : event.type.endsWith('.updated')
      ? 'updated'
      : undefined;
  if (event.objectType === 'merchant') {
    return {
      subject: `Merchant #${event.objectId}`,
      change: change ?? 'KYC status set',
      status: String(data.kycStatus ?? ''),
    };
  }
  return {
    subject: `Payout account #${event.objectId}`,
    change: change ?? 'status set',
    status: String(data.accountStatus ?? ''),
  };
}
