// The transactions of one merchant (sent or received) or of one payout account, every product
// together, from the local index: newest first, a page at a time, with links to the full lists.
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { Button, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PRODUCTS } from '#/api/schemas/transaction';
import { QueryView } from '#/components/api-error';
import { DateTime } from '#/components/date-time';
import { AnchorLink } from '#/components/links';
import { EmptyState, Panel } from '#/components/page';
import { SLUG_OF } from '#/lib/products';
import { transactionIndexQuery } from '#/features/find/queries';
import { TransactionLines } from './transaction-lines';
import { tr } from '#/i18n/current';

const PAGE = 10;

export function RecordTransactions(
  props:
    { merchantId: number; accountId?: undefined } | { accountId: number; merchantId?: undefined },
) {
  const { t } = useLingui();
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
      title={t`Transactions`}
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
                  {tr(
                    msg({
                      message:
                        '{product, select, sendc2f {All payouts} sendf2f {All end to end transfers} other {All collections}}',
                    }),
                    { product },
                  )}
                </AnchorLink>
              ))}
            </Group>
          )}
        </>
      }
    >
      <QueryView
        query={list}
        loading={t`Loading transactions`}
        empty={
          <EmptyState title={t`No transactions yet`}>
            {props.merchantId !== undefined
              ? t`Transactions this merchant sends or receives appear here.`
              : t`Transactions paid into this account appear here.`}
          </EmptyState>
        }
      >
        {(data) => (
          <Stack gap="xs">
            <TransactionLines
              rows={data.results}
              label={t`Transactions`}
              status
              note={(row) => {
                const sender = row.merchantName ?? `#${row.fromBusinessId}`;
                const recipient = row.recipientName ?? `#${row.toBusinessId}`;
                return (
                  <>
                    <DateTime value={row.creationTime} /> ·{' '}
                    {props.merchantId === undefined ? (
                      <Trans>
                        from <span translate="no">{sender}</span>
                      </Trans>
                    ) : row.fromBusinessId === props.merchantId ? (
                      <Trans>
                        sent to <span translate="no">{recipient}</span>
                      </Trans>
                    ) : (
                      <Trans>
                        received from <span translate="no">{sender}</span>
                      </Trans>
                    )}
                  </>
                );
              }}
            />
            {data.hasMore && (
              <Button
                variant="subtle"
                size="xs"
                onClick={() => setLimit((l) => Math.min(100, l + PAGE))}
                loading={list.isFetching}
                disabled={limit >= 100}
              >
                <Trans>Show more</Trans>
              </Button>
            )}
          </Stack>
        )}
      </QueryView>
    </Panel>
  );
}
