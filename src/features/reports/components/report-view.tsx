// The report of a period (docs/decisions/036): a card per payout currency with its change
// against the period before, the volume per bucket as a chart and its table, transactions by
// product and by status, time to completion, rates per pair and the largest merchants. Every
// chart has its table (the exact amounts), and says up and down in words, not only in colour.
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { valueInWords } from '#/lib/value-words';
import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { useState } from 'react';
import type { Report } from '#/api/reports';
import { type Column, DataTable } from '#/components/data-table';
import { AnchorLink } from '#/components/links';
import { EmptyState, Panel } from '#/components/page';
import { currentFormats, formatAmount, formatCount, formatMoney, formatRate } from '#/lib/format';
import { PRODUCT_TITLE } from '#/lib/products';
import { bucketLabel, changeWords, durationWords } from '../format';
import { tr } from '#/i18n/current';

type Volume = Report['payout'][number];

/** An exact figure in a table cell. */
const Figure = ({ children }: { children: React.ReactNode }) => (
  <Text ff="monospace" size="sm">
    {children}
  </Text>
);

/** "4.0% more than the period before (1,200.00)", or that there was none. */
function changeAgainst(v: Volume): string {
  const change = changeWords(v.change);
  if (v.change === null) return change;
  const before = formatAmount(v.previousTotal, v.currency);
  return tr(msg`${change} than the period before (${before})`);
}

function VolumeCards({ report }: { report: Report }) {
  const { t } = useLingui();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
      {report.payout.map((v) => (
        <Paper
          key={v.currency}
          withBorder
          p="md"
          radius="md"
          aria-label={t`Paid out in ${v.currency}`}
        >
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {t`Paid out in ${v.currency}`}
          </Text>
          <Text fz={22} fw={700} ff="monospace">
            {formatMoney(v.total, v.currency)}
          </Text>
          <Text size="sm">
            {tr(
              msg({
                message: '{count, plural, one {{shown} transaction} other {{shown} transactions}}',
              }),
              { count: v.count, shown: formatCount(v.count) },
            )}
          </Text>
          <Text size="sm">
            {v.change !== null &&
              (v.change.startsWith('-') ? (
                <IconArrowDownRight size={14} color="var(--mantine-color-orange-9)" aria-hidden />
              ) : (
                <IconArrowUpRight size={14} color="var(--mantine-color-teal-9)" aria-hidden />
              ))}{' '}
            {changeAgainst(v)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function VolumePanel({ report, zone }: { report: Report; zone: string }) {
  const { t } = useLingui();
  const [side, setSide] = useState<'payout' | 'deposit'>('payout');
  const list = report[side];
  const [chosen, setChosen] = useState<string | null>(null);
  const volume: Volume | undefined = list.find((v) => v.currency === chosen) ?? list[0];
  if (!volume) return null;
  const unit = report.period.bucket;
  const all = report.buckets.map((b, i) => ({
    key: b.start,
    label: bucketLabel(b.start, unit, zone),
    count: volume.series[i]!.count,
    total: volume.series[i]!.total,
  }));
  // The chart draws every bucket; the table lists those with transactions, and the total.
  const rows = [
    ...all.filter((r) => r.count > 0),
    { key: -1, label: t`Total`, count: volume.count, total: volume.total },
  ];
  const currency = volume.currency;
  const columns: Array<Column<(typeof rows)[number]>> = [
    {
      header: unit === 'day' ? t`Day` : unit === 'week' ? t`Week` : t`Month`,
      cell: (r) => r.label,
    },
    { header: t`Transactions`, align: 'right', cell: (r) => formatCount(r.count) },
    {
      header: t`Amount (${currency})`,
      align: 'right',
      cell: (r) => <Figure>{formatAmount(r.total, volume.currency)}</Figure>,
    },
  ];
  return (
    <Panel
      title={
        unit === 'day'
          ? t`Volume per day`
          : unit === 'week'
            ? t`Volume per week`
            : t`Volume per month`
      }
      description={t`Completed transactions, by when they completed.`}
      actions={
        <Group gap="xs">
          <SegmentedControl
            size="xs"
            aria-label={t`Side`}
            value={side}
            onChange={(value) => setSide(value as 'payout' | 'deposit')}
            data={[
              { value: 'payout', label: t`Paid out` },
              { value: 'deposit', label: t`Deposited` },
            ]}
          />
          <Select
            size="xs"
            w={150}
            aria-label={t`Currency`}
            value={volume.currency}
            allowDeselect={false}
            data={list.map((v) => v.currency)}
            onChange={setChosen}
          />
        </Group>
      }
    >
      <Stack gap="md">
        <BarChart
          h={260}
          data={all.map((r) => ({ label: r.label, [volume.currency]: Number(r.total) }))}
          dataKey="label"
          series={[{ name: volume.currency, color: 'blue.6', label: t`Amount (${currency})` }]}
          valueFormatter={(value) => new Intl.NumberFormat(currentFormats().locale).format(value)}
          barChartProps={{ accessibilityLayer: false }}
          aria-hidden
        />
        <Text size="xs" c="dimmed">
          {unit === 'day'
            ? t`Days without transactions are left out of the table.`
            : unit === 'week'
              ? t`Weeks without transactions are left out of the table.`
              : t`Months without transactions are left out of the table.`}
        </Text>
        <DataTable
          label={
            unit === 'day'
              ? t`Volume per day in ${currency}`
              : unit === 'week'
                ? t`Volume per week in ${currency}`
                : t`Volume per month in ${currency}`
          }
          rows={rows}
          rowKey={(r) => r.key}
          columns={columns}
          minWidth={360}
        />
      </Stack>
    </Panel>
  );
}

function RatesPanel({ report, zone }: { report: Report; zone: string }) {
  const { t } = useLingui();
  const [chosen, setChosen] = useState<string | null>(null);
  const pairs = report.rates;
  const pair = pairs.find((p) => `${p.from} → ${p.to}` === chosen) ?? pairs[0];
  if (!pair) return null;
  const rows = report.buckets
    .map((b, i) => ({
      key: b.start,
      label: bucketLabel(b.start, report.period.bucket, zone),
      rate: pair.series[i] ?? null,
    }))
    .filter((r) => r.rate !== null);
  return (
    <Panel
      title={t`Effective rate`}
      description={t`${pair.to} paid out per ${pair.from} deposited, weighted by amount. Over the period: ${pair.rate ?? '–'}.`}
      actions={
        <Select
          size="xs"
          w={220}
          aria-label={t`Currency pair`}
          value={`${pair.from} → ${pair.to}`}
          allowDeselect={false}
          data={pairs.map((p) => `${p.from} → ${p.to}`)}
          onChange={setChosen}
        />
      }
    >
      <Stack gap="md">
        <LineChart
          h={220}
          data={rows.map((r) => ({ label: r.label, rate: Number(r.rate) }))}
          dataKey="label"
          series={[{ name: 'rate', color: 'grape.6', label: `${pair.from} → ${pair.to}` }]}
          curveType="linear"
          lineChartProps={{ accessibilityLayer: false }}
          aria-hidden
        />
        <DataTable
          label={t`Effective rate ${pair.from} to ${pair.to}`}
          rows={rows}
          rowKey={(r) => r.key}
          columns={[
            { header: t`When`, cell: (r) => r.label },
            {
              header: t`Rate`,
              align: 'right',
              cell: (r) => <Figure>{formatRate(Number(r.rate))}</Figure>,
            },
          ]}
          minWidth={300}
        />
      </Stack>
    </Panel>
  );
}

/** Statuses in words, those of the two families that read the same counted together. */
function statusRows(statuses: Report['statuses']) {
  const counts = new Map<string, number>();
  for (const s of statuses)
    counts.set(valueInWords(s.status), (counts.get(valueInWords(s.status)) ?? 0) + s.count);
  return [...counts].map(([label, count]) => ({ label, count })).sort((a, b) => b.count - a.count);
}

export function ReportView({ report, zone }: { report: Report; zone: string }) {
  const { t } = useLingui();
  const completed = report.completion.count;
  if (completed === 0 && report.statuses.length === 0)
    return (
      <EmptyState title={t`Nothing in this period`}>
        <Trans>No transaction was created or completed in this period with these filters.</Trans>
      </EmptyState>
    );
  return (
    <Stack gap="lg">
      {!report.exact && (
        <Text size="sm" c="dimmed">
          <Trans>Some amounts have more than nine decimals: totals are rounded at the ninth.</Trans>
        </Text>
      )}
      <VolumeCards report={report} />
      <VolumePanel report={report} zone={zone} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Panel title={t`By product`} description={t`Completed in the period, per payout currency.`}>
          <DataTable
            label={t`Volume by product`}
            minWidth={380}
            rows={report.byProduct}
            rowKey={(p) => `${p.product} ${p.currency}`}
            columns={[
              { header: t`Product`, cell: (p) => tr(PRODUCT_TITLE[p.product].plural) },
              { header: t`Transactions`, align: 'right', cell: (p) => formatCount(p.count) },
              {
                header: t`Amount`,
                align: 'right',
                cell: (p) => <Figure>{formatMoney(p.total, p.currency)}</Figure>,
              },
            ]}
          />
        </Panel>
        <Panel
          title={t`By status`}
          description={tr(
            msg({
              message:
                'Created in the period, by where they stand now. Time to complete: median {median}, 90% within {p90}.',
            }),
            {
              median:
                report.completion.medianMs === null
                  ? '–'
                  : durationWords(report.completion.medianMs),
              p90: report.completion.p90Ms === null ? '–' : durationWords(report.completion.p90Ms),
            },
          )}
        >
          <DataTable
            label={t`Transactions by status`}
            minWidth={300}
            rows={statusRows(report.statuses)}
            rowKey={(s) => s.label}
            columns={[
              { header: t`Status`, cell: (s) => s.label },
              { header: t`Transactions`, align: 'right', cell: (s) => formatCount(s.count) },
            ]}
          />
        </Panel>
      </SimpleGrid>
      <RatesPanel report={report} zone={zone} />
      <Panel title={t`Largest merchants`} description={t`By amount paid out, five per currency.`}>
        <DataTable
          label={t`Largest merchants`}
          rows={report.merchants}
          rowKey={(m) => `${m.merchantId} ${m.currency}`}
          columns={[
            {
              header: t`Merchant`,
              cell: (m) => (
                <AnchorLink
                  to="/merchants/$id"
                  params={{ id: m.merchantId }}
                  translate={m.name ? 'no' : undefined}
                >
                  {m.name ?? t`Merchant #${m.merchantId}`}
                </AnchorLink>
              ),
            },
            { header: t`Transactions`, align: 'right', cell: (m) => formatCount(m.count) },
            {
              header: t`Amount`,
              align: 'right',
              cell: (m) => <Figure>{formatMoney(m.total, m.currency)}</Figure>,
            },
          ]}
          minWidth={420}
        />
      </Panel>
    </Stack>
  );
}
