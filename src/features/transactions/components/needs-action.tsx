// What finance must act on now: quotes and deposits waiting for approval.
import { Group, Stack, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import type { Product, Transaction } from '../../../api/schemas/transaction';
import { ApiErrorAlert } from '../../../components/api-error';
import { DateTime } from '../../../components/date-time';
import { AnchorLink } from '../../../components/links';
import { Money } from '../../../components/money';
import { EmptyState, LoadingState } from '../../../components/page';
import { PRODUCT_TITLE, SLUG_OF } from '../../../lib/products';
import { transactionListQuery } from '../queries';
import { buildTimeline } from '../timeline';

const PRODUCTS: Product[] = ['sendc2f', 'sendf2f', 'receive'];
const DAYS = 14;

export type Waiting = 'quote' | 'deposit';

/** What the partner is to approve next, read from the timeline's next step. */
export function waitingFor(product: Product, t: Transaction): Waiting | undefined {
  const next = buildTimeline(product, t).next?.step;
  return next === 'quoteApproved' ? 'quote' : next === 'depositApproved' ? 'deposit' : undefined;
}

/** The newest hundred transactions of each product from the last two weeks, waiting on you. */
export function useWaitingTransactions() {
  const since = Math.floor(Date.now() / 3_600_000) * 3_600_000 - DAYS * 86_400_000;
  const lists = useQueries({
    queries: PRODUCTS.map((product) =>
      transactionListQuery(product, { start: 0, limit: 100, fromDate: since }),
    ),
  });
  const rows = lists.flatMap((list, i) =>
    (list.data?.results ?? []).map((t) => ({
      product: PRODUCTS[i]!,
      t,
      waiting: waitingFor(PRODUCTS[i]!, t),
    })),
  );
  return {
    isPending: lists.some((l) => l.isPending),
    error: lists.find((l) => l.isError)?.error,
    quotes: rows.filter((r) => r.waiting === 'quote'),
    deposits: rows.filter((r) => r.waiting === 'deposit'),
    refetch: () => lists.forEach((l) => void l.refetch()),
  };
}

export function WaitingList({
  rows,
  empty,
}: {
  rows: Array<{ product: Product; t: Transaction }>;
  empty: string;
}) {
  if (rows.length === 0) return <EmptyState title="Nothing waiting">{empty}</EmptyState>;
  return (
    <Stack gap="xs">
      {rows
        .sort((a, b) => b.t.lastUpdateTime - a.t.lastUpdateTime)
        .slice(0, 8)
        .map(({ product, t }) => (
          <Group key={t.businessRequestId} justify="space-between" wrap="nowrap" gap="sm">
            <div>
              <AnchorLink
                to="/transactions/$product/$id"
                params={{ product: SLUG_OF[product], id: t.businessRequestId }}
                fw={500}
              >
                {PRODUCT_TITLE[product].singular} #{t.businessRequestId}
              </AnchorLink>
              <Text size="xs" c="dimmed">
                <DateTime value={t.lastUpdateTime} />
              </Text>
            </div>
            <Money amount={t.toAmount} symbol={t.toCurrencySymbol} size="sm" />
          </Group>
        ))}
      {rows.length > 8 && (
        <Text size="xs" c="dimmed">
          and {rows.length - 8} more
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
