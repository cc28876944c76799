// While a fault is on or the automatic moves are held, the shell's header says so to everyone in
// the sandbox, with who did it and until when (docs/decisions/023, 029).
import { IconBolt, IconPlayerPause } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Fault } from '#/api/schemas/platform';
import { ButtonLink } from '#/components/links';
import { faultsQuery, movesHeldQuery, noteOfFault, sandboxNotesQuery } from '../queries';

export function describeFault(fault: Fault): string {
  const what =
    fault.kind === 'unavailable'
      ? `503, Retry-After ${fault.retryAfterSeconds} s`
      : fault.kind === 'timeout'
        ? `no answer after ${fault.timeoutSeconds} s`
        : '500';
  return `${fault.operationId}: ${what}`;
}

/** Until when a fault lasts: its remaining requests, or until it is switched off. */
export function faultLasts(fault: Fault): string {
  return fault.remaining === 1
    ? 'for the next request'
    : `for the next ${fault.remaining} requests`;
}

const clock = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/** In the shell's header while any fault is on: a reminder that answers are not as usual. */
export function FaultsOnBadge() {
  const faults = useQuery(faultsQuery);
  const notes = useQuery(sandboxNotesQuery);
  const list = faults.data ?? [];
  if (list.length === 0) return null;
  const only = list.length === 1 ? list[0]! : undefined;
  const by = only && noteOfFault(notes.data, only)?.byName;
  return (
    <ButtonLink
      to="/sandbox"
      hash="faults"
      size="compact-sm"
      color="red.9"
      leftSection={<IconBolt size={14} aria-hidden />}
      title={list
        .map((f) => {
          const who = noteOfFault(notes.data, f)?.byName;
          return `${describeFault(f)}, ${faultLasts(f)}${who ? `, switched on by ${who}` : ''}`;
        })
        .join('\n')}
    >
      {only
        ? `Fault on: ${describeFault(only)} · ${faultLasts(only)}${by ? ` · ${by}` : ''}`
        : `${list.length} faults on`}
    </ButtonLink>
  );
}

/** In the header while the partner's automatic moves are held: nothing moves on its own. */
export function MovesHeldBadge() {
  const held = useQuery(movesHeldQuery);
  const notes = useQuery(sandboxNotesQuery);
  if (!held.data?.held) return null;
  const by = notes.data?.find((n) => n.kind === 'hold')?.byName;
  const since = held.data.heldSince;
  return (
    <ButtonLink
      to="/sandbox"
      hash="moves"
      size="compact-sm"
      color="yellow.5"
      autoContrast
      leftSection={<IconPlayerPause size={14} aria-hidden />}
    >
      {`Moves held${by ? ` by ${by}` : ''}${since ? ` since ${clock.format(since)}` : ''}, until released`}
    </ButtonLink>
  );
}
