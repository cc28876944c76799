// A merchant's latest transactions of every product, with links to the full filtered lists.
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import type { Product } from '../../../api/schemas/transaction';
import { ApiErrorAlert } from '../../../components/api-error';
import { DateTime } from '../../../components/date-time';
import { AnchorLink } from '../../../components/links';
import { Money } from '../../../components/money';
import { EmptyState, LoadingState } from '../../../components/page';
import { StatusBadge } from '../../../components/status-badge';
import { PRODUCT_TITLE, SLUG_OF } from '../../../lib/products';
import { transactionListQuery } from '../queries';

const PRODUCTS: Product[] = ['sendc2f', 'sendf2f', 'receive'];

export function MerchantTransactions({ merchantId }: { merchantId: number }) {
  const lists = useQueries({
    queries: PRODUCTS.map((product) =>
      transactionListQuery(product, { start: 0, limit: 5, businessId: merchantId }),
    ),
  });
  const rows = lists
    .flatMap((list, i) => (list.data?.results ?? []).map((t) => ({ product: PRODUCTS[i]!, t })))
    .sort((a, b) => b.t.creationTime - a.t.creationTime)
    .slice(0, 8);
  const error = lists.find((l) => l.isError)?.error;

  return (
    <Paper withBorder p="lg" radius="md">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} fz="lg">
          Transactions
        </Title>
        <Group gap="md">
          {PRODUCTS.map((product) => (
            <AnchorLink
              key={product}
              size="sm"
              to="/transactions/$product"
              params={{ product: SLUG_OF[product] }}
              search={{ businessId: merchantId }}
            >
              All {PRODUCT_TITLE[product].plural.toLowerCase()}
            </AnchorLink>
          ))}
        </Group>
      </Group>
      {lists.some((l) => l.isPending) ? (
        <LoadingState label="Loading transactions" />
      ) : error ? (
        <ApiErrorAlert error={error} onRetry={() => lists.forEach((l) => void l.refetch())} />
      ) : rows.length === 0 ? (
        <EmptyState title="No transactions yet">
          Transactions this merchant sends or receives appear here.
        </EmptyState>
      ) : (
        <Stack gap="xs">
          {rows.map(({ product, t }) => (
            <Group key={t.businessRequestId} justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="sm" wrap="nowrap">
                <div>
                  <AnchorLink
                    to="/transactions/$product/$id"
                    params={{ product: SLUG_OF[product], id: t.businessRequestId }}
                    fw={500}
                  >
                    {PRODUCT_TITLE[product].singular} #{t.businessRequestId}
                  </AnchorLink>
                  <Text size="xs" c="dimmed">
                    <DateTime value={t.creationTime} /> ·{' '}
                    {t.fromBusinessId === merchantId ? 'sent' : 'received'}
                  </Text>
                </div>
                <StatusBadge status={t.clientStatus} size="sm" />
              </Group>
              <Money amount={t.toAmount} symbol={t.toCurrencySymbol} size="sm" />
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
