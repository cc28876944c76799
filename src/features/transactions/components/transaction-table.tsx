import { Trans } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
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
      header: tr(msg`Transaction`),
      cell: (t) => (
        <TransactionLink product={product} id={t.businessRequestId} fw={500}>
          #{t.businessRequestId}
        </TransactionLink>
      ),
    },
    {
      header: tr(msg`Status`),
      cell: (t) => (
        <>
          <StatusBadge status={t.clientStatus} />
          {product === 'receive' && t.clientStatus === 'Receive_PENDING' && t.quoteApprovedDate && (
            <Text size="xs" c="dimmed" mt={2}>
              <Trans>Quote approved</Trans>
            </Text>
          )}
        </>
      ),
      td: { style: { whiteSpace: 'nowrap' } },
    },
    {
      header: tr(msg`Payout`),
      align: 'right',
      cell: (t) => <Money amount={t.toAmount} symbol={t.toCurrencySymbol} size="sm" />,
    },
    {
      header: tr(msg`Deposit`),
      align: 'right',
      cell: (t) => <Money amount={t.fromAmount} symbol={t.fromCurrencySymbol} size="sm" />,
    },
    {
      header: tr(msg`Sender → recipient`),
      // Narrow enough for every column to show at 1280 px; names wrap.
      th: { miw: 170 },
      cell: (t) => (
        <>
          <Text size="sm">
            <AnchorLink
              to="/merchants/$id"
              params={{ id: t.fromBusinessId }}
              underline="always"
              translate="no"
            >
              {t.merchantName ?? `#${t.fromBusinessId}`}
            </AnchorLink>{' '}
            →{' '}
            <AnchorLink
              to="/payout-accounts/$id"
              params={{ id: t.toBusinessExternalAccountId }}
              underline="always"
              translate={t.accountHolderName ? 'no' : undefined}
            >
              {t.accountHolderName ? (
                <>
                  {t.accountHolderName}
                  {t.accountTail && (
                    <span style={{ whiteSpace: 'nowrap' }}>{` …${t.accountTail}`}</span>
                  )}
                </>
              ) : (
                tr(msg`account #${t.toBusinessExternalAccountId}`)
              )}
            </AnchorLink>
          </Text>
          {t.merchantName && (
            <IdNote>
              {tr(msg`#${t.fromBusinessId} → account #${t.toBusinessExternalAccountId}`)}
            </IdNote>
          )}
        </>
      ),
    },
    { header: tr(msg`Created`), cell: (t) => <DateCell value={t.creationTime} /> },
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
