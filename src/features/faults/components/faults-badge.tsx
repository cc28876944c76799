// While any fault is on, the shell's header says so (docs/decisions/023).
import { IconBolt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Fault } from '#/api/schemas/platform';
import { ButtonLink } from '#/components/links';
import { faultsQuery } from '../queries';

export function describeFault(fault: Fault): string {
  const what =
    fault.kind === 'unavailable'
      ? `503, Retry-After ${fault.retryAfterSeconds} s`
      : fault.kind === 'timeout'
        ? `no answer after ${fault.timeoutSeconds} s`
        : '500';
  return `${fault.operationId}: ${what}`;
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
    >
      {count === 1 ? `Fault on: ${describeFault(faults.data![0]!)}` : `${count} faults on`}
    </ButtonLink>
  );
}
