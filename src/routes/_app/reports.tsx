// Reports (docs/decisions/036): how much money moved in a period, where the person is. The
// period is a preset (last month by default) or two days chosen; the charts load with this
// page only (route-level code splitting), never with the first page.
import '@mantine/dates/styles.css';
import { Group, Select } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { BUCKETS, PRESET_LABEL, PRESETS } from '#/api/period-names';
import { PRODUCTS } from '#/api/schemas/transaction';
import { PageHeader } from '#/components/page';
import { ReportView } from '#/features/reports/components/report-view';
import { StatementPanel } from '#/features/reports/components/statement-panel';
import { periodLabel } from '#/features/reports/format';
import { reportOf, zone } from '#/features/reports/period-query';
import { DAY_PATTERN } from '#/lib/dates';
import { PRODUCT_TITLE } from '#/lib/products';

const day = z.string().regex(DAY_PATTERN).optional().catch(undefined);
export const ReportSearch = z.object({
  period: z
    .enum([...PRESETS, 'custom'])
    .optional()
    .catch(undefined),
  from: day,
  to: day,
  bucket: z.enum(BUCKETS).optional().catch(undefined),
  product: z.enum(PRODUCTS).optional().catch(undefined),
  merchant: z.coerce.number().int().positive().optional().catch(undefined),
  currency: z.string().max(20).optional().catch(undefined),
});
export type ReportSearch = z.infer<typeof ReportSearch>;

export const Route = createFileRoute('/_app/reports')({
  validateSearch: ReportSearch,
  loaderDeps: ({ search }) => search,
  // The period's arithmetic (and its time-zone data) loads with the page, not the first load.
  loader: async ({ context, deps }) => {
    const { reportOf } = await import('#/features/reports/period-query');
    return context.queryClient.ensureQueryData(reportOf(deps));
  },
  component: ReportsPage,
});

function ReportsPage() {
  useDocumentTitle('Reports · Partner Payments');
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const tz = zone();
  const { data: report } = useSuspenseQuery(reportOf(search));
  const set = (next: Partial<ReportSearch>) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true });
  const currencies = [...new Set(report.payout.map((v) => v.currency))];
  if (search.currency && !currencies.includes(search.currency)) currencies.push(search.currency);
  return (
    <>
      <PageHeader
        title="Reports"
        description={`${periodLabel(report.period.from, report.period.to, tz)}, ${tz} time, from the dashboard's index of your records.`}
      />
      <Group gap="sm" align="end" mb="lg" wrap="wrap">
        <Select
          label="Period"
          w={170}
          allowDeselect={false}
          value={search.period ?? 'lastMonth'}
          data={[
            ...PRESETS.map((p) => ({ value: p, label: PRESET_LABEL[p] })),
            { value: 'custom', label: 'Days I choose' },
          ]}
          onChange={(value) => set({ period: (value ?? 'lastMonth') as ReportSearch['period'] })}
        />
        {search.period === 'custom' && (
          <DatePickerInput
            type="range"
            label="Days"
            placeholder="Choose two days"
            valueFormat="D MMM YYYY"
            leftSection={<IconCalendar size={16} aria-hidden />}
            w={260}
            value={[search.from ?? null, search.to ?? null]}
            onChange={([from, to]) => {
              if (from && to) set({ from, to });
            }}
          />
        )}
        <Select
          label="Per"
          w={120}
          placeholder="Best fit"
          clearable
          value={search.bucket ?? null}
          data={BUCKETS.map((b) => ({ value: b, label: b[0]!.toUpperCase() + b.slice(1) }))}
          onChange={(value) => set({ bucket: (value ?? undefined) as ReportSearch['bucket'] })}
        />
        <Select
          label="Product"
          w={170}
          placeholder="Every product"
          clearable
          value={search.product ?? null}
          data={PRODUCTS.map((p) => ({ value: p, label: PRODUCT_TITLE[p].plural }))}
          onChange={(value) => set({ product: (value ?? undefined) as ReportSearch['product'] })}
        />
        <Select
          label="Payout currency"
          w={150}
          placeholder="Every currency"
          clearable
          value={search.currency ?? null}
          data={currencies}
          onChange={(value) => set({ currency: value ?? undefined })}
        />
      </Group>
      <ReportView report={report} zone={tz} />
      <StatementPanel
        period={{
          from: String(report.period.from),
          to: String(report.period.to),
          tz,
          label: periodLabel(report.period.from, report.period.to, tz),
        }}
        currencies={[
          ...new Set([...report.payout, ...report.deposit].map((v) => v.currency)),
        ].sort()}
      />
    </>
  );
}
