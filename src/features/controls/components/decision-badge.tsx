// Where a request for a decision stands, as one badge: waiting (orange), done as asked (green),
// or closed otherwise (grey). Bank-detail changes and changes of the controls both wear it.
import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { WRAPPING_BADGE } from '#/components/wrapping';

export function DecisionBadge({
  pending,
  done,
  children,
}: {
  pending: boolean;
  /** Approved and carried out. */
  done: boolean;
  children: ReactNode;
}) {
  return (
    <Badge
      variant="light"
      color={pending ? 'orange' : done ? 'green' : 'gray'}
      radius="sm"
      style={{ textTransform: 'none' }}
      styles={WRAPPING_BADGE}
    >
      {children}
    </Badge>
  );
}
