// The transactions of one merchant (sent or received) or of one payout account, every product
// together, from the local index: newest first, a page at a time, with links to the full lists.
import { Button, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PRODUCTS } from '#/api/schemas/transaction';
import { QueryView } from '#/components/api-error';
import { DateTime } from '#/components/date-time';
import { AnchorLink } from '#/components/links';
import { EmptyState, Panel } from '#/components/page';
import { PRODUCT_TITLE, SLUG_OF } from '#/lib/products';
import { transactionIndexQuery } from '#/features/find/queries';
import { TransactionLines } from './transaction-lines';
import { tr } from '#/i18n/current';

const PAGE = 10;

export function RecordTransactions(
  props:
    { merchantId: number; accountId?: undefined } | { accountId: number; merchantId?: undefined },
) {
  const [limit, setLimit] = useState(PAGE);
  const list = useQuery(
    transactionIndexQuery({
      businessId: props.merchantId,
      accountId: props.accountId,
      start: 0,
      limit,
    }),
  );
  return (
    <Panel
      title="Transactions"
      actions={
        <>
          {' '}
          {props.merchantId !== undefined && (
            <Group gap="md">
              {PRODUCTS.map((product) => (
                <AnchorLink
                  key={product}
                  size="sm"
                  to="/transactions/$product"
                  params={{ product: SLUG_OF[product] }}
                  search={{ businessId: props.merchantId }}
                >
                  All {tr(PRODUCT_TITLE[product].plural).toLowerCase()}
                </AnchorLink>
              ))}
            </Group>
          )}
        </>
      }
    >
      <QueryView
        query={list}
        loading="Loading transactions"
        empty={
          <EmptyState title="No transactions yet">
            {props.merchantId !== undefined
              ? 'Transactions this merchant sends or receives appear here.'
              : 'Transactions paid into this account appear here.'}
          </EmptyState>
        }
      >
        {(data) => (
          <Stack gap="xs">
            <TransactionLines
              rows={data.results}
              label="Transactions"
              status
              note={(t) => (
                <>
                  <DateTime value={t.creationTime} /> ·{' '}
                  {props.merchantId === undefined
                    ? `from ${t.merchantName ?? `#${t.fromBusinessId}`}`
                    : t.fromBusinessId === props.merchantId
                      ? `sent to ${t.recipientName ?? `#${t.toBusinessId}`}`
                      : `received from ${t.merchantName ?? `#${t.fromBusinessId}`}`}
                </>
              )}
            />
            {data.hasMore && (
              <Button
                variant="subtle"
                size="xs"
                onClick={() => setLimit((l) => Math.min(100, l + PAGE))}
                loading={list.isFetching}
                disabled={limit >= 100}
              >
                Show more
              </Button>
            )}
          </Stack>
        )}
      </QueryView>
    </Panel>
  );
}
