import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { BatchSummary } from '#/api/batches';
import { hasRole } from '#/api/roles';
import { type Column, DataTable } from '#/components/data-table';
import { DateTime } from '#/components/date-time';
import { AnchorLink } from '#/components/links';
import { EmptyState, PageHeader, Panel } from '#/components/page';
import { BatchStatusBadge, Totals } from '#/features/batches/components/batch-bits';
import { UploadCard } from '#/features/batches/components/upload-card';
import { batchesQuery } from '#/features/batches/queries';
import { sessionQuery } from '#/features/session/queries';
import { PRODUCT_TITLE } from '#/lib/products';
import { loaderOf } from '#/lib/route-loader';
import { tr } from '#/i18n/current';

export const Route = createFileRoute('/_app/batches/')({
  // The bulk payouts' contract loads with the page, not with every first load (loaders are).
  loader: loaderOf(() => import('#/features/batches/queries'), 'batchesQuery'),
  component: BatchesPage,
});

const columns = (): Column<BatchSummary>[] => [
  {
    header: tr(msg`File`),
    cell: (b) => (
      <AnchorLink to="/batches/$id" params={{ id: b.id }} fw={600} translate="no">
        {b.fileName}
      </AnchorLink>
    ),
  },
  { header: tr(msg`Product`), cell: (b) => tr(PRODUCT_TITLE[b.product].plural) },
  { header: tr(msg`Status`), cell: (b) => <BatchStatusBadge status={b.status} size="sm" /> },
  {
    header: tr(msg`Rows`),
    cell: (b) => (
      <Text size="sm" span>
        {tr(msg`${b.counts.ready + b.counts.done} to pay`)}
        {b.counts.invalid > 0 && tr(msg`, ${b.counts.invalid} with problems`)}
        {b.counts.excluded > 0 && tr(msg`, ${b.counts.excluded} left out`)}
      </Text>
    ),
  },
  { header: tr(msg`Total`), cell: (b) => <Totals totals={b.totals} rows={false} /> },
  {
    header: tr(msg`Uploaded by`),
    cell: (b) =>
      b.uploadedBy.name ? (
        <span translate="no">{b.uploadedBy.name}</span>
      ) : (
        tr(msg`a former member`)
      ),
  },
  { header: tr(msg`Uploaded`), cell: (b) => <DateTime value={b.createdAt} /> },
];

function BatchesPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Bulk payouts · Partner Payments`);
  const { data: batches } = useSuspenseQuery(batchesQuery);
  const { data: session } = useSuspenseQuery(sessionQuery);
  const roles = session.signedIn ? session.user.roles : [];
  const mayUpload = hasRole(roles, ['finance']);
  return (
    <Stack gap="lg">
      <PageHeader
        title={t`Bulk payouts`}
        description={t`Pay many accounts from one file: checked row by row, quoted, approved once, then submitted and followed to completion.`}
      />
      {mayUpload && <UploadCard />}
      <Panel title={t`Files`}>
        {batches.length === 0 ? (
          <EmptyState title={t`No file uploaded yet`}>
            {mayUpload
              ? t`Download a template above, fill it in and upload it.`
              : t`A finance team member uploads files here.`}
          </EmptyState>
        ) : (
          <DataTable
            label={t`Bulk payout files`}
            rows={batches}
            columns={columns()}
            minWidth={860}
            striped
            highlightOnHover
          />
        )}
      </Panel>
    </Stack>
  );
}
