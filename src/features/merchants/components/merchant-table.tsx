import { Trans } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import { Text } from '@mantine/core';
import type { Merchant } from '#/api/schemas/merchant';
import { type Column, DateCell, IdNote, recordTable } from '#/components/data-table';
import { StatusBadge } from '#/components/status-badge';
import { industryLabel } from '#/lib/industries';
import { AnchorLink } from '#/components/links';

export function MerchantKind({
  merchant,
}: {
  merchant: Merchant & { ownerName?: string | null | undefined };
}) {
  if (merchant.contactOwnerBusinessId == null)
    return (
      <Text size="sm">
        <Trans>Customer</Trans>
      </Text>
    );
  const owner = merchant.ownerName ?? `#${merchant.contactOwnerBusinessId}`;
  return (
    <Text size="sm">
      <Trans>
        Contact of{' '}
        <AnchorLink
          to="/merchants/$id"
          params={{ id: merchant.contactOwnerBusinessId }}
          underline="always"
          translate="no"
        >
          {owner}
        </AnchorLink>
      </Trans>
    </Text>
  );
}

type MerchantRow = Merchant & { ownerName?: string | null | undefined };

const merchantColumns = (): Array<Column<MerchantRow>> => [
  {
    id: 'merchant',
    header: tr(msg`Merchant`),
    cell: (m) => (
      <>
        <AnchorLink to="/merchants/$id" params={{ id: m.id }} fw={500} translate="no">
          {m.name}
        </AnchorLink>
        <IdNote>#{m.id}</IdNote>
      </>
    ),
  },
  { header: tr(msg`Kind`), cell: (m) => <MerchantKind merchant={m} /> },
  { header: tr(msg`Country`), cell: (m) => m.countryIso },
  { header: tr(msg`Industry`), cell: (m) => industryLabel(m.industry) || '—' },
  { header: tr(msg`KYC status`), cell: (m) => <StatusBadge status={m.kycStatus} /> },
  { header: tr(msg`Created`), cell: (m) => <DateCell value={m.creationTime} /> },
];

export const MerchantTable = recordTable({
  columns: merchantColumns,
  rowKey: (m) => m.id,
  minWidth: 720,
});
