import { Table, Text } from '@mantine/core';
import type { Product, Transaction } from '#/api/schemas/transaction';
import { DateTime } from '#/components/date-time';
import { AnchorLink } from '#/components/links';
import { Money } from '#/components/money';
import { StatusBadge } from '#/components/status-badge';
import { SLUG_OF } from '#/lib/products';
import { ScrollTable } from '#/components/scroll-table';

export function TransactionTable({
  product,
  transactions,
  caption,
}: {
  product: Product;
  /** With the local index's names when it has them (TransactionRow). */
  transactions: Array<
    Transaction & {
      merchantName?: string | null;
      accountHolderName?: string | null;
      accountTail?: string | null;
    }
  >;
  caption: string;
}) {
  return (
    <ScrollTable minWidth={980} label={caption}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Transaction</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col" ta="right">
              Payout
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Deposit
            </Table.Th>
            <Table.Th scope="col" miw={260}>
              Sender → recipient
            </Table.Th>
            <Table.Th scope="col">Created</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {transactions.map((t) => (
            <Table.Tr key={t.businessRequestId}>
              <Table.Td>
                <AnchorLink
                  to="/transactions/$product/$id"
                  params={{ product: SLUG_OF[product], id: t.businessRequestId }}
                  fw={500}
                >
                  #{t.businessRequestId}
                </AnchorLink>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <StatusBadge status={t.clientStatus} />
              </Table.Td>
              <Table.Td ta="right">
                <Money amount={t.toAmount} symbol={t.toCurrencySymbol} size="sm" />
              </Table.Td>
              <Table.Td ta="right">
                <Money amount={t.fromAmount} symbol={t.fromCurrencySymbol} size="sm" />
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  <AnchorLink
                    to="/merchants/$id"
                    params={{ id: t.fromBusinessId }}
                    underline="always"
                  >
                    {t.merchantName ?? `#${t.fromBusinessId}`}
                  </AnchorLink>{' '}
                  →{' '}
                  <AnchorLink
                    to="/payout-accounts/$id"
                    params={{ id: t.toBusinessExternalAccountId }}
                    underline="always"
                  >
                    {t.accountHolderName
                      ? `${t.accountHolderName}${t.accountTail ? ` …${t.accountTail}` : ''}`
                      : `account #${t.toBusinessExternalAccountId}`}
                  </AnchorLink>
                </Text>
                {t.merchantName && (
                  <Text size="xs" c="dimmed">
                    #{t.fromBusinessId} → account #{t.toBusinessExternalAccountId}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  <DateTime value={t.creationTime} />
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
