// What the team must act on now: a queue of transactions from the local index (quotes or
// deposits waiting for approval, transfers that have not moved for a day), newest change first.
import { Group, Stack, Text } from '@mantine/core';
import type { TransactionRow } from '#/api/local-index';
import { ApiErrorAlert } from '#/components/api-error';
import { DateTime } from '#/components/date-time';
import { AnchorLink } from '#/components/links';
import { Money } from '#/components/money';
import { EmptyState, LoadingState } from '#/components/page';
import { PRODUCT_TITLE, SLUG_OF } from '#/lib/products';

export function WaitingList({
  rows,
  more,
  empty,
  label,
}: {
  rows: TransactionRow[];
  /** More wait than are shown. */
  more: boolean;
  empty: string;
  label: string;
}) {
  if (rows.length === 0) return <EmptyState title="Nothing waiting">{empty}</EmptyState>;
  return (
    <Stack gap="xs">
      <Stack gap="xs" aria-label={label} role="list">
        {rows.map((t) => (
          <Group
            key={`${t.product}-${t.businessRequestId}`}
            justify="space-between"
            wrap="nowrap"
            gap="sm"
            role="listitem"
          >
            <div>
              <AnchorLink
                to="/transactions/$product/$id"
                params={{ product: SLUG_OF[t.product], id: t.businessRequestId }}
                fw={500}
              >
                {PRODUCT_TITLE[t.product].singular} #{t.businessRequestId}
              </AnchorLink>
              <Text size="xs" c="dimmed">
                {t.merchantName ? `${t.merchantName} · ` : ''}
                <DateTime value={t.lastUpdateTime} />
              </Text>
            </div>
            <Money amount={t.toAmount} symbol={t.toCurrencySymbol} size="sm" />
          </Group>
        ))}
      </Stack>
      {more && (
        <Text size="xs" c="dimmed">
          and more
        </Text>
      )}
    </Stack>
  );
}

export function WaitingState({
  isPending,
  error,
  onRetry,
}: {
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  if (isPending) return <LoadingState />;
  if (error) return <ApiErrorAlert error={error} onRetry={onRetry} />;
  return null;
}
