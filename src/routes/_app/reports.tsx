// Reports (docs/decisions/036): how much money moved in a period, where the person is. The
// period is a preset (last month by default) or two days chosen; the charts load with this
// page only (route-level code splitting), never with the first page.
import { useLingui } from '@lingui/react/macro';
import { useDocumentTitle } from '@mantine/hooks';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { matching, oneOf, optionalIdSearch, type SearchOf, searchSchema, text } from '#/lib/search';
import { BUCKETS, PRESETS } from '#/api/period-names';
import { PRODUCTS } from '#/api/products';
import { PageHeader } from '#/components/page';
import { ReportFilters } from '#/features/reports/components/report-filters';
import { ReportView } from '#/features/reports/components/report-view';
import { StatementPanel } from '#/features/reports/components/statement-panel';
import { periodLabel } from '#/features/reports/format';
import { reportOf, zone } from '#/features/reports/period-query';
import { DAY_PATTERN } from '#/lib/dates';
import { loaderWith } from '#/lib/route-loader';

const day = matching(DAY_PATTERN);
export const ReportSearch = searchSchema({
  period: oneOf([...PRESETS, 'custom']),
  from: day,
  to: day,
  bucket: oneOf(BUCKETS),
  product: oneOf(PRODUCTS),
  merchant: optionalIdSearch,
  currency: text(20),
});
export type ReportSearch = SearchOf<typeof ReportSearch>;

export const Route = createFileRoute('/_app/reports')({
  validateSearch: ReportSearch,
  loaderDeps: ({ search }) => search,
  // The period's arithmetic (and its time-zone data) loads with the page, not the first load.
  loader: loaderWith(() => import('#/features/reports/period-query'), 'reportOf'),
  component: ReportsPage,
});

function ReportsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Reports · Partner Payments`);
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const tz = zone();
  const { data: report } = useSuspenseQuery(reportOf(search));
  const set = (next: Partial<ReportSearch>) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true });
  const currencies = report.payout.map((v) => v.currency);
  return (
    <>
      <PageHeader
        title={t`Reports`}
        description={t`${periodLabel(report.period.from, report.period.to, tz)}, ${tz} time, from the dashboard's index of your records.`}
      />
      <ReportFilters search={search} currencies={currencies} onChange={set} />
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
