// Status badges: one colour per meaning, the words spelled out.
import { Badge } from '@mantine/core';
import { humanize } from '#/lib/format';

const COLORS: Record<string, string> = {
  // KYC
  NEW: 'gray',
  PENDING: 'yellow',
  PENDING_REVIEW: 'blue',
  UNDER_REVIEW: 'blue',
  ACTION_NEEDED: 'orange',
  VALID: 'green',
  FLAGGED: 'red',
  ABANDONED: 'dark',
  // Payout accounts
  ACTIVE: 'green',
  FROZEN: 'cyan',
  CLOSED: 'dark',
  // Transactions
  AWAITING_QUOTE_APPROVAL: 'violet',
  AWAITING_DEPOSIT: 'orange',
  IN_PROGRESS: 'blue',
  COMPLETED: 'green',
  CANCELED: 'gray',
};

export function StatusBadge({
  status,
  size = 'md',
}: {
  status: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  const key = status.replace(/^(OnOff|Receive)_/, '');
  return (
    <Badge
      color={COLORS[key] ?? 'gray'}
      variant="light"
      size={size}
      radius="sm"
      style={{ textTransform: 'none', overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {humanize(status)}
    </Badge>
  );
}
