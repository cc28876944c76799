// Transactions as short lines (the overview's queues, a merchant's or an account's latest): a link
// with the product and id, a dimmed note under it, the status when asked for, and the amount.
import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TransactionRow } from '#/api/local-index';
import { TransactionLink } from '#/components/links';
import { Money } from '#/components/money';
import { StatusBadge } from '#/components/status-badge';

export function TransactionLines({
  rows,
  label,
  note,
  status = false,
}: {
  rows: readonly TransactionRow[];
  label: string;
  /** The dimmed line under the link: when, and who. */
  note: (t: TransactionRow) => ReactNode;
  /** Show each one's status badge. */
  status?: boolean;
}) {
  return (
    <Stack gap="xs" aria-label={label} role="list">
      {rows.map((t) => (
        <Group
          key={`${t.product}-${t.businessRequestId}`}
          justify="space-between"
          wrap="nowrap"
          gap="sm"
          role="listitem"
        >
          <Group gap="sm" miw={0} style={{ flex: 1, rowGap: 4 }}>
            <div>
              <TransactionLink product={t.product} id={t.businessRequestId} fw={500} />
              <Text size="xs" c="dimmed">
                {note(t)}
              </Text>
            </div>
            {status && <StatusBadge status={t.clientStatus} size="sm" />}
          </Group>
          <Money
            amount={t.toAmount}
            symbol={t.toCurrencySymbol}
            size="sm"
            ta="right"
            style={{ flexShrink: 0 }}
          />
        </Group>
      ))}
    </Stack>
  );
}
