import { Badge, Paper, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCheck, IconMinus } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { currencyDecimals } from '#/api/money';
import { PageHeader } from '#/components/page';
import { currenciesQuery } from '#/lib/reference';
import { DataTable } from '#/components/data-table';
import { loaderOf } from '#/lib/route-loader';

export const Route = createFileRoute('/_app/currencies')({
  loader: loaderOf(() => import('#/lib/reference'), 'currenciesQuery'),
  component: CurrenciesPage,
});

function Capability({ yes, label }: { yes: boolean; label: string }) {
  return yes ? (
    <IconCheck
      size={18}
      color="var(--mantine-color-green-7)"
      aria-label={`${label}: yes`}
      role="img"
    />
  ) : (
    <IconMinus
      size={18}
      color="var(--mantine-color-dimmed)"
      aria-label={`${label}: no`}
      role="img"
    />
  );
}

function CurrenciesPage() {
  useDocumentTitle('Currencies · Partner Payments');
  const { data } = useSuspenseQuery(currenciesQuery);
  return (
    <>
      <PageHeader
        title="Currencies"
        description="What can be deposited (send from) and what can be paid out (send to)."
      />
      <Paper withBorder radius="md" p="md">
        <DataTable
          label="Currencies"
          minWidth={560}
          rows={data}
          rowKey={(c) => c.symbol}
          striped
          verticalSpacing="sm"
          columns={[
            {
              header: 'Symbol',
              cell: (c) => (
                <Text ff="monospace" size="sm" fw={600}>
                  {c.symbol}
                </Text>
              ),
            },
            { header: 'Name', cell: (c) => c.name },
            {
              header: 'Type',
              cell: (c) => (
                <Badge
                  variant="light"
                  color={c.currencyType === 'CRYPTO' ? 'grape' : 'blue'}
                  style={{ textTransform: 'none' }}
                >
                  {c.currencyType === 'CRYPTO' ? 'Crypto' : 'Fiat'}
                </Badge>
              ),
            },
            { header: 'Decimals', cell: (c) => currencyDecimals(c.symbol) ?? '—' },
            {
              header: 'Send from (deposit)',
              cell: (c) => <Capability yes={c.sendFrom} label="Send from" />,
            },
            {
              header: 'Send to (payout)',
              cell: (c) => <Capability yes={c.sendTo} label="Send to" />,
            },
          ]}
        />
      </Paper>
    </>
  );
}
