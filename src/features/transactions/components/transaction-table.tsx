import { Text } from '@mantine/core';
import type { Product, Transaction } from '#/api/schemas/transaction';
import { type Column, DateCell, IdNote, recordTable } from '#/components/data-table';
import { AnchorLink, TransactionLink } from '#/components/links';
import { Money } from '#/components/money';
import { StatusBadge } from '#/components/status-badge';

/** With the local index's names when it has them (TransactionRow). */
type Row = Transaction & {
  merchantName?: string | null;
  accountHolderName?: string | null;
  accountTail?: string | null;
};

function columnsFor(product: Product): Array<Column<Row>> {
  return [
    {
      header: 'Transaction',
      cell: (t) => (
        <TransactionLink product={product} id={t.businessRequestId} fw={500}>
          #{t.businessRequestId}
        </TransactionLink>
      ),
    },
    {
      header: 'Status',
      cell: (t) => (
        <>
          <StatusBadge status={t.clientStatus} />
          {product === 'receive' && t.clientStatus === 'Receive_PENDING' && t.quoteApprovedDate && (
            <Text size="xs" c="dimmed" mt={2}>
              Quote approved
            </Text>
          )}
        </>
      ),
      td: { style: { whiteSpace: 'nowrap' } },
    },
    {
      header: 'Payout',
      align: 'right',
      cell: (t) => <Money amount={t.toAmount} symbol={t.toCurrencySymbol} size="sm" />,
    },
    {
      header: 'Deposit',
      align: 'right',
      cell: (t) => <Money amount={t.fromAmount} symbol={t.fromCurrencySymbol} size="sm" />,
    },
    {
      header: 'Sender → recipient',
      // Narrow enough for every column to show at 1280 px; names wrap.
      th: { miw: 170 },
      cell: (t) => (
        <>
          <Text size="sm">
            <AnchorLink to="/merchants/$id" params={{ id: t.fromBusinessId }} underline="always">
              {t.merchantName ?? `#${t.fromBusinessId}`}
            </AnchorLink>{' '}
            →{' '}
            <AnchorLink
              to="/payout-accounts/$id"
              params={{ id: t.toBusinessExternalAccountId }}
              underline="always"
            >
              {t.accountHolderName ? (
                <>
                  {t.accountHolderName}
                  {t.accountTail && (
                    <span style={{ whiteSpace: 'nowrap' }}>{` …${t.accountTail}`}</span>
                  )}
                </>
              ) : (
                `account #${t.toBusinessExternalAccountId}`
              )}
            </AnchorLink>
          </Text>
          {t.merchantName && (
            <IdNote>
              #{t.fromBusinessId} → account #{t.toBusinessExternalAccountId}
            </IdNote>
          )}
        </>
      ),
    },
    { header: 'Created', cell: (t) => <DateCell value={t.creationTime} /> },
  ];
}

const tableOf = (product: Product) =>
  recordTable({
    columns: () => columnsFor(product),
    rowKey: (t) => t.businessRequestId,
    minWidth: 900,
  });
const TABLES = {
  sendc2f: tableOf('sendc2f'),
  sendf2f: tableOf('sendf2f'),
  receive: tableOf('receive'),
} satisfies Record<Product, unknown>;

/** A product's transactions as a table, with that product's columns. */
export function TransactionTable({
  product,
  rows,
  label,
}: {
  product: Product;
  rows: readonly Row[];
  label: string;
}) {
  const Table = TABLES[product];
  return <Table rows={rows} label={label} />;
}
