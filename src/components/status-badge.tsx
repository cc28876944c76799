// Status badges: one colour per meaning, the words spelled out.
import { Badge } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { valueInWords } from '#/lib/value-words';
import { WRAPPING_BADGE } from './wrapping';

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
      style={{ textTransform: 'none' }}
      // A long status ("Wartet auf Freigabe des Kursangebots") wraps within its column on a phone.
      styles={WRAPPING_BADGE}
    >
      {valueInWords(status)}
    </Badge>
  );
}

/** A step done, ticked: "Accepted", "Given". */
export function DoneBadge({ children }: { children: ReactNode }) {
  return (
    <Badge
      color="green"
      variant="light"
      leftSection={<IconCheck size={12} aria-hidden />}
      style={{ textTransform: 'none', flexShrink: 0 }}
    >
      {children}
    </Badge>
  );
}

/** A step not done yet, in words: "Not accepted", "Missing", "Asked for" (orange). */
export function PendingBadge({
  children,
  urgent = false,
}: {
  children: ReactNode;
  urgent?: boolean;
}) {
  return (
    <Badge
      color={urgent ? 'orange' : 'gray'}
      variant="light"
      radius="sm"
      style={{ textTransform: 'none', flexShrink: 0 }}
    >
      {children}
    </Badge>
  );
}
