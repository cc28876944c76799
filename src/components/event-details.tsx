// One event of the sandbox's log with its webhook deliveries: per endpoint, where delivery stands
// (delivered, retrying and when, failed) and every attempt with its answer.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Box, Code, Group, Stack, Table, Text } from '@mantine/core';
import type { Delivery, DeliveryAttempt, Event, EventWithAttempts } from '#/api/schemas/platform';
import { type Phase, phaseOf } from '#/api/transaction-states';
import type { Product } from '#/api/schemas/transaction';
import { PRODUCT_NAME } from '#/api/words';
import { DateTime } from './date-time';
import { Dialog } from './dialog';
import { ScrollTable } from './scroll-table';
import { tr } from '#/i18n/current';

/** Each endpoint the event went to, with where its delivery stands. */
export function deliveriesOf(event: EventWithAttempts): Delivery[] {
  if (event.deliveries.length > 0) return event.deliveries;
  // An event read from an older sandbox: what its attempts tell.
  const byEndpoint = new Map<number, Delivery>();
  for (const a of event.attempts) {
    byEndpoint.set(a.webhookId, {
      webhookId: a.webhookId,
      url: a.url,
      state: a.delivered ? 'delivered' : 'failed',
      attempts: a.attempt,
      nextAttemptTime: null,
    });
  }
  return [...byEndpoint.values()];
}

const STATE_WORD: Record<Delivery['state'], MessageDescriptor> = {
  delivered: msg`Delivered`,
  pending: msg`Retrying`,
  failed: msg`Failed`,
};

const STATE_COLOR: Record<Delivery['state'], string> = {
  delivered: 'green',
  pending: 'orange',
  failed: 'red',
};

/**
 * Delivery in one short badge: delivered everywhere, or how many endpoints still retry or have
 * failed. An event delivered to one endpoint and failing at another is never "delivered".
 */
export function DeliverySummary({ event }: { event: EventWithAttempts }) {
  const deliveries = deliveriesOf(event);
  if (deliveries.length === 0)
    return (
      <Text size="xs" c="dimmed">
        {tr(msg`No deliveries`)}
      </Text>
    );
  // The worst state any endpoint is in speaks for the event.
  const worst: Delivery['state'] = deliveries.some((d) => d.state === 'failed')
    ? 'failed'
    : deliveries.some((d) => d.state === 'pending')
      ? 'pending'
      : 'delivered';
  const inWorst = deliveries.filter((d) => d.state === worst).length;
  const total = deliveries.length;
  const state = tr(STATE_WORD[worst]);
  const label =
    total === 1
      ? state
      : worst === 'delivered'
        ? tr(msg`Delivered to all ${total} endpoints`)
        : tr(msg`${state} for ${inWorst} of ${total} endpoints`);
  const attempts = event.attempts.length;
  return (
    <Group gap={6} style={{ rowGap: 2 }}>
      <Badge
        variant="light"
        color={STATE_COLOR[worst]}
        radius="sm"
        style={{ textTransform: 'none', flexShrink: 0 }}
      >
        {label}
      </Badge>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {deliveries.length > 1
          ? tr(
              msg({
                message: '{attempts, plural, one {# attempt in all} other {# attempts in all}}',
              }),
              { attempts },
            )
          : tr(msg({ message: '{attempts, plural, one {# attempt} other {# attempts}}' }), {
              attempts,
            })}
      </Text>
    </Group>
  );
}

function DeliveryState({ delivery }: { delivery: Delivery }) {
  const words =
    delivery.state === 'failed'
      ? tr(
          msg({
            message:
              '{attempts, plural, one {Failed after # attempt} other {Failed after # attempts}}',
          }),
          { attempts: delivery.attempts },
        )
      : tr(STATE_WORD[delivery.state]);
  return (
    <Group gap={6} wrap="wrap">
      <Badge
        variant="light"
        color={STATE_COLOR[delivery.state]}
        radius="sm"
        style={{ textTransform: 'none' }}
      >
        {words}
      </Badge>
      {delivery.state === 'pending' && delivery.nextAttemptTime !== null && (
        <Text size="xs" c="dimmed">
          {tr(msg`next attempt`)} <DateTime value={delivery.nextAttemptTime} />
        </Text>
      )}
    </Group>
  );
}

function AttemptResult({ attempt: a }: { attempt: DeliveryAttempt }) {
  return (
    <Text
      size="sm"
      c={
        a.delivered
          ? 'var(--mantine-color-green-light-color)'
          : 'var(--mantine-color-red-light-color)'
      }
    >
      {a.statusCode !== null ? `HTTP ${a.statusCode}` : (a.error ?? tr(msg`No answer`))}
      {a.statusCode !== null && !a.delivered && a.error && a.error !== `answered ${a.statusCode}`
        ? ` · ${a.error}`
        : ''}
    </Text>
  );
}

export function EventDetails({ event }: { event: EventWithAttempts }) {
  const { t } = useLingui();
  const deliveries = deliveriesOf(event);
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
          <Trans>Deliveries</Trans>
        </Text>
        {deliveries.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>None: no webhook endpoint was registered when this event happened.</Trans>
          </Text>
        ) : (
          <Stack gap="md">
            {deliveries.map((delivery) => {
              const attempts = event.attempts.filter((a) => a.webhookId === delivery.webhookId);
              return (
                <Box key={delivery.webhookId} data-testid={`delivery-${delivery.webhookId}`}>
                  <Text size="xs" ff="monospace" mb={4} style={{ wordBreak: 'break-all' }}>
                    {delivery.url}
                  </Text>
                  <DeliveryState delivery={delivery} />
                  {attempts.length > 0 && (
                    <ScrollTable minWidth={520} label={t`Attempts to ${delivery.url}`}>
                      <Table
                        verticalSpacing={4}
                        mt={4}
                        aria-label={t`Attempts of event ${event.id} to ${delivery.url}`}
                      >
                        <Table.Thead>
                          <Table.Tr>
                            <Table.Th scope="col">#</Table.Th>
                            <Table.Th scope="col">
                              <Trans>When</Trans>
                            </Table.Th>
                            <Table.Th scope="col">
                              <Trans>Answer</Trans>
                            </Table.Th>
                            <Table.Th scope="col">
                              <Trans>Took</Trans>
                            </Table.Th>
                            <Table.Th scope="col">
                              <Trans>Response starts with</Trans>
                            </Table.Th>
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {attempts.map((a) => (
                            <Table.Tr key={a.id}>
                              <Table.Td>{a.attempt}</Table.Td>
                              <Table.Td>
                                <Text size="sm">
                                  <DateTime value={a.attemptTime} />
                                </Text>
                              </Table.Td>
                              <Table.Td>
                                <AttemptResult attempt={a} />
                              </Table.Td>
                              <Table.Td>
                                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                                  {t`${a.durationMs} ms`}
                                </Text>
                              </Table.Td>
                              <Table.Td maw={220}>
                                {a.responseBody ? (
                                  <Text
                                    size="xs"
                                    ff="monospace"
                                    lineClamp={2}
                                    title={a.responseBody}
                                    style={{ wordBreak: 'break-all' }}
                                  >
                                    {a.responseBody}
                                  </Text>
                                ) : (
                                  <Text size="xs" c="dimmed">
                                    <Trans>(empty)</Trans>
                                  </Text>
                                )}
                              </Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    </ScrollTable>
                  )}
                </Box>
              );
            })}
          </Stack>
        )}
      </div>
      <div>
        <Text fw={600} size="sm" mb={4}>
          <Trans>Payload</Trans>
        </Text>
        <Box
          mah={260}
          style={{ overflow: 'auto' }}
          tabIndex={0}
          role="region"
          aria-label={t`Event payload`}
        >
          <Code block>
            {JSON.stringify(
              event,
              (k, v) => (k === 'attempts' || k === 'deliveries' ? undefined : v),
              2,
            )}
          </Code>
        </Box>
      </div>
    </Stack>
  );
}

/** What reaching each phase means, as an event's change. */
const PHASE_CHANGE: Record<Phase, MessageDescriptor> = {
  pending: msg`created`,
  quoted: msg`quote ready`,
  quoteApproved: msg`quote approved`,
  inProgress: msg`deposit approved`,
  completed: msg`paid out`,
  cancelled: msg`cancelled`,
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
    const change = tr(phase ? PHASE_CHANGE[phase] : msg`changed`);
    const product = PRODUCT_NAME[event.product as Product];
    const id = event.objectId;
    return {
      subject: product ? `${tr(product)} #${id}` : tr(msg`Transaction #${id}`),
      change,
      status,
    };
  }
  // Created and updated events name the record; status events say what was set.
  const change = event.type.endsWith('.created')
    ? tr(msg`created`)
    : event.type.endsWith('.updated')
      ? tr(msg`updated`)
      : undefined;
  const id = event.objectId;
  if (event.objectType === 'merchant') {
    return {
      subject: tr(msg`Merchant #${id}`),
      change: change ?? tr(msg`KYC status set`),
      status: String(data.kycStatus ?? ''),
    };
  }
  return {
    subject: tr(msg`Payout account #${id}`),
    change: change ?? tr(msg`status set`),
    status: String(data.accountStatus ?? ''),
  };
}

/** An event with its deliveries in a dialog, open while `event` is set. */
export function EventDialog({
  event,
  onClose,
}: {
  event: EventWithAttempts | undefined;
  onClose: () => void;
}) {
  return (
    <Dialog
      opened={event !== undefined}
      onClose={onClose}
      title={event ? tr(msg`Event #${event.id}`) : ''}
      size="lg"
    >
      {event && <EventDetails event={event} />}
    </Dialog>
  );
}
