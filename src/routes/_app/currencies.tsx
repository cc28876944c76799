import { Badge, Paper, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCheck, IconMinus } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { currencyDecimals } from '#/api/money';
import { PageHeader } from '#/components/page';
import { currenciesQuery } from '#/lib/reference';
import { ScrollTable } from '#/components/scroll-table';

export const Route = createFileRoute('/_app/currencies')({
  loader: ({ context }) => context.queryClient.ensureQueryData(currenciesQuery),
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
        <ScrollTable minWidth={560} label="Currencies">
          <Table striped verticalSpacing="sm" aria-label="Currencies">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Symbol</Table.Th>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Type</Table.Th>
                <Table.Th scope="col">Decimals</Table.Th>
                <Table.Th scope="col">Send from (deposit)</Table.Th>
                <Table.Th scope="col">Send to (payout)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((c) => (
                <Table.Tr key={c.symbol}>
                  <Table.Td>
                    <Text ff="monospace" size="sm" fw={600}>
                      {c.symbol}
                    </Text>
                  </Table.Td>
                  <Table.Td>{c.name}</Table.Td>
                  <Table.Td>
                    <Badge
                      variant="light"
                      color={c.currencyType === 'CRYPTO' ? 'grape' : 'blue'}
                      style={{ textTransform: 'none' }}
                    >
                      {c.currencyType === 'CRYPTO' ? 'Crypto' : 'Fiat'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{currencyDecimals(c.symbol) ?? '—'}</Table.Td>
                  <Table.Td>
                    <Capability yes={c.sendFrom} label="Send from" />
                  </Table.Td>
                  <Table.Td>
                    <Capability yes={c.sendTo} label="Send to" />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Paper>
    </>
  );
}
