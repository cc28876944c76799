// A batch's rows: what each pays, its quote, what is wrong with it (fixable in place while the
// batch is open), and, once submitted, its transaction and where that stands.
import '@mantine/core/styles/List.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Batch, BatchRow } from '#/api/batches';
import { type Column, DataTable } from '#/components/data-table';
import { TransactionLink } from '#/components/links';
import { Money } from '#/components/money';
import { PairRate } from '#/components/rate';
import { StatusBadge } from '#/components/status-badge';
import { ROW_STATE_LABEL } from '../words';
import { tr } from '#/i18n/current';
import { FixRowDialog } from './fix-row';

const STATE_COLOR: Record<BatchRow['state'], string> = {
  invalid: 'orange',
  ready: 'blue',
  excluded: 'gray',
  created: 'teal',
  failed: 'red',
};

function RowState({ row }: { row: BatchRow }) {
  const lines =
    row.state === 'failed' && row.failure ? [row.failure] : row.problems.map((p) => p.message);
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} c={STATE_COLOR[row.state]}>
        {tr(ROW_STATE_LABEL[row.state])}
      </Text>
      {lines.length > 0 && (
        <List size="xs" spacing={2} c="dimmed">
          {lines.map((line, i) => (
            <List.Item key={i}>{line}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

export function BatchRows({ batch, mayFix }: { batch: Batch; mayFix: boolean }) {
  const { t } = useLingui();
  const [fixing, setFixing] = useState<BatchRow | null>(null);
  const open = mayFix && (batch.status === 'draft' || batch.status === 'validated');
  const quoted = batch.quotedAt !== null;
  const submitted = batch.rows.some((r) => r.transactionId !== null);
  const columns: Column<BatchRow>[] = [
    { header: t`Row`, cell: (r) => r.row, th: { w: 60 } },
    {
      header: t`From and to`,
      cell: (r) => (
        <Stack gap={0}>
          <Text size="sm" span>
            {r.cells.merchant || '—'}
          </Text>
          {r.payee ? (
            <>
              <Text size="xs" span>
                {r.payee.accountHolderName
                  ? t`to ${r.payee.accountHolderName}`
                  : t`to account #${r.payee.accountId}`}
              </Text>
              <Text size="xs" c="dimmed" span>
                {r.payee.bankName}, {r.payee.number}
                {r.payee.firstPayment ? ` · ${t`first payment`}` : ''}
              </Text>
            </>
          ) : (
            <Text size="xs" c="dimmed" span style={{ wordBreak: 'break-all' }}>
              {t`to ${r.cells.payout_account || '—'}`}
            </Text>
          )}
        </Stack>
      ),
      td: { miw: 180 },
    },
    {
      header: t`Payout`,
      align: 'right',
      cell: (r) =>
        r.payout ? (
          <Money amount={r.payout.amount} symbol={r.payout.currency} />
        ) : (
          // Not read (the row has problems): the cell as written, said to be that (its currency
          // is the account's, and the account is not known yet).
          <Stack gap={0}>
            <Text span size="sm">
              {r.cells.payout_amount || '—'}
            </Text>
            {r.cells.payout_amount && (
              <Text size="xs" c="dimmed" span style={{ whiteSpace: 'nowrap' }}>
                <Trans>as written</Trans>
              </Text>
            )}
          </Stack>
        ),
    },
    {
      header: t`Deposit`,
      align: 'right',
      shown: quoted,
      cell: (r) =>
        r.depositAmount && r.depositCurrency ? (
          <Stack gap={0}>
            <Money amount={r.depositAmount} symbol={r.depositCurrency} />
            {r.rate && (
              <PairRate
                from={r.depositCurrency}
                to={r.payout?.currency ?? ''}
                rate={r.rate}
                size="xs"
                c="dimmed"
              />
            )}
          </Stack>
        ) : (
          '—'
        ),
    },
    { header: t`Reference`, cell: (r) => r.cells.reference || '—' },
    // Room for a row's problems while it may have some; once submitted it is one word.
    {
      header: t`Status`,
      cell: (r) => <RowState row={r} />,
      ...(submitted ? {} : { td: { miw: 170 } }),
    },
    {
      header: t`Transaction`,
      shown: submitted,
      cell: (r) =>
        r.transactionId === null ? (
          '—'
        ) : (
          <Stack gap={4} align="flex-start">
            <TransactionLink product={batch.product} id={r.transactionId}>
              #{r.transactionId}
            </TransactionLink>
            {r.clientStatus && <StatusBadge status={r.clientStatus} size="sm" />}
          </Stack>
        ),
    },
    {
      header: t`Fix`,
      shown: open,
      cell: (r) =>
        r.state === 'invalid' || r.state === 'excluded' || r.problems.length > 0 ? (
          <Button
            size="xs"
            variant="light"
            onClick={() => setFixing(r)}
            aria-label={t`Fix row ${r.row}`}
          >
            <Trans>Fix</Trans>
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <DataTable
        label={t`Rows of the file`}
        rows={batch.rows}
        rowKey={(r) => r.row}
        columns={columns}
        minWidth={820}
        striped
        rowProps={(r) => ({ 'data-row': r.row })}
      />
      <FixRowDialog
        batchId={batch.id}
        product={batch.product}
        row={fixing}
        onClose={() => setFixing(null)}
      />
    </>
  );
}
