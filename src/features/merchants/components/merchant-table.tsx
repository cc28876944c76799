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
  if (merchant.contactOwnerBusinessId == null) return <Text size="sm">Customer</Text>;
  return (
    <Text size="sm">
      Contact of{' '}
      <AnchorLink
        to="/merchants/$id"
        params={{ id: merchant.contactOwnerBusinessId }}
        underline="always"
      >
        {merchant.ownerName ?? `#${merchant.contactOwnerBusinessId}`}
      </AnchorLink>
    </Text>
  );
}

type MerchantRow = Merchant & { ownerName?: string | null | undefined };

const MERCHANT_COLUMNS: Array<Column<MerchantRow>> = [
  {
    header: 'Merchant',
    cell: (m) => (
      <>
        <AnchorLink to="/merchants/$id" params={{ id: m.id }} fw={500}>
          {m.name}
        </AnchorLink>
        <IdNote>#{m.id}</IdNote>
      </>
    ),
  },
  { header: 'Kind', cell: (m) => <MerchantKind merchant={m} /> },
  { header: 'Country', cell: (m) => m.countryIso },
  { header: 'Industry', cell: (m) => industryLabel(m.industry) || '—' },
  { header: 'KYC status', cell: (m) => <StatusBadge status={m.kycStatus} /> },
  { header: 'Created', cell: (m) => <DateCell value={m.creationTime} /> },
];

export const MerchantTable = recordTable({
  columns: MERCHANT_COLUMNS,
  rowKey: (m) => m.id,
  minWidth: 720,
});
