import { useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  return yes ? (
    <IconCheck
      size={18}
      color="var(--mantine-color-green-7)"
      aria-label={t`${label}: yes`}
      role="img"
    />
  ) : (
    <IconMinus
      size={18}
      color="var(--mantine-color-dimmed)"
      aria-label={t`${label}: no`}
      role="img"
    />
  );
}

/** A currency's name in the page's language where Intl knows its code, else the API's (data). */
function currencyName(symbol: string, given: string, language: string) {
  try {
    const named = /^[A-Z]{3}$/.test(symbol)
      ? new Intl.DisplayNames([language], { type: 'currency', fallback: 'none' }).of(symbol)
      : undefined;
    return named ? <span>{named}</span> : <span translate="no">{given}</span>;
  } catch {
    return <span translate="no">{given}</span>;
  }
}

function CurrenciesPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Currencies · Partner Payments`);
  const { data } = useSuspenseQuery(currenciesQuery);
  return (
    <>
      <PageHeader
        title={t`Currencies`}
        description={t`What can be deposited (send from) and what can be paid out (send to).`}
      />
      <Paper withBorder radius="md" p="md">
        <DataTable
          label={t`Currencies`}
          minWidth={560}
          rows={data}
          rowKey={(c) => c.symbol}
          striped
          verticalSpacing="sm"
          columns={[
            {
              header: t`Symbol`,
              cell: (c) => (
                <Text ff="monospace" size="sm" fw={600}>
                  {c.symbol}
                </Text>
              ),
            },
            { header: t`Name`, cell: (c) => currencyName(c.symbol, c.name, i18n.locale) },
            {
              header: t`Type`,
              cell: (c) => (
                <Badge
                  variant="light"
                  color={c.currencyType === 'CRYPTO' ? 'grape' : 'blue'}
                  style={{ textTransform: 'none', overflow: 'visible' }}
                  // Its word whole, in any language (a label's last letter was clipped).
                  styles={{ label: { overflow: 'visible' } }}
                >
                  {c.currencyType === 'CRYPTO' ? t`Crypto` : t`Fiat`}
                </Badge>
              ),
            },
            { header: t`Decimals`, cell: (c) => currencyDecimals(c.symbol) ?? '—' },
            {
              header: t`Send from (deposit)`,
              cell: (c) => <Capability yes={c.sendFrom} label={t`Send from`} />,
            },
            {
              header: t`Send to (payout)`,
              cell: (c) => <Capability yes={c.sendTo} label={t`Send to`} />,
            },
          ]}
        />
      </Paper>
    </>
  );
}
