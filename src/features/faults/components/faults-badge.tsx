// While a fault is on or the automatic moves are held, every page in the sandbox says so to
// everyone, with who did it and until when (docs/decisions/023, 029): a short badge in the header
// and the whole notice above the page.
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconBolt, IconPlayerPause } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Fault } from '#/api/schemas/platform';
import { ButtonLink } from '#/components/links';
import { faultsQuery, movesHeldQuery, noteOfFault, sandboxNotesQuery } from '../queries';
import { formatTime } from '#/lib/format';

function describeFault(fault: Fault): string {
  const what =
    fault.kind === 'unavailable'
      ? `503, Retry-After ${fault.retryAfterSeconds} s`
      : fault.kind === 'timeout'
        ? `no answer after ${fault.timeoutSeconds} s`
        : '500';
  return `${fault.operationId}: ${what}`;
}

/** Until when a fault lasts: its remaining requests (or until it is switched off). */
function faultLasts(fault: Fault): string {
  return fault.remaining === 1
    ? 'for the next request'
    : `for the next ${fault.remaining} requests`;
}

/** In the shell's header while any fault is on: a reminder that answers are not as usual. */
export function FaultsOnBadge() {
  const faults = useQuery(faultsQuery);
  const count = faults.data?.length ?? 0;
  if (count === 0) return null;
  return (
    <ButtonLink
      to="/sandbox"
      hash="faults"
      size="compact-sm"
      color="red.9"
      leftSection={<IconBolt size={14} aria-hidden />}
      // On a phone the notice above the page says it: the header has no room.
      visibleFrom="sm"
    >
      {count === 1 ? `Fault on: ${faults.data![0]!.operationId}` : `${count} faults on`}
    </ButtonLink>
  );
}

/**
 * Above every page while a fault is on or the moves are held: what, who and until when, so that
 * a failing page or a transaction that does not move explains itself to whoever sees it.
 */
export function SandboxNotice() {
  const faults = useQuery(faultsQuery);
  const held = useQuery(movesHeldQuery);
  const list = faults.data ?? [];
  const hold = held.data?.held ? held.data : undefined;
  // Who did it is asked only while something is on: most of the time nothing is.
  const notes = useQuery({ ...sandboxNotesQuery, enabled: list.length > 0 || Boolean(hold) });
  if (list.length === 0 && !hold) return null;
  const holder = notes.data?.find((n) => n.kind === 'hold')?.byName;
  return (
    <Alert
      color={list.length > 0 ? 'red' : 'yellow'}
      variant="light"
      mb="md"
      p="xs"
      icon={list.length > 0 ? <IconBolt size={16} /> : <IconPlayerPause size={16} />}
      role="status"
      aria-label="Sandbox notice"
    >
      <Stack gap={2}>
        {list.map((fault) => {
          const who = noteOfFault(notes.data, fault)?.byName;
          return (
            <Text size="sm" key={fault.id} data-testid="fault-notice">
              Fault on {describeFault(fault)}, {faultLasts(fault)}
              {who ? `, switched on by ${who}` : ''}.
            </Text>
          );
        })}
        {hold && (
          <Text size="sm" data-testid="hold-notice">
            Automatic moves held{holder ? ` by ${holder}` : ''}
            {hold.heldSince ? ` since ${formatTime(hold.heldSince, 'short')}` : ''}, until released:
            quotes, settlements and KYC reviews wait.
          </Text>
        )}
        <Text size="sm">
          <Anchor
            component={Link}
            to="/sandbox"
            hash={list.length > 0 ? 'faults' : 'moves'}
            c="inherit"
            underline="always"
            fw={600}
          >
            Sandbox tools
          </Anchor>
        </Text>
      </Stack>
    </Alert>
  );
}
