import { Table, Text } from '@mantine/core';
import type { Merchant } from '#/api/schemas/merchant';
import { DateTime } from '#/components/date-time';
import { StatusBadge } from '#/components/status-badge';
import { humanize } from '#/lib/format';
import { AnchorLink } from '#/components/links';
import { ScrollTable } from '#/components/scroll-table';

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

export function MerchantTable({
  merchants,
  caption,
}: {
  merchants: Array<Merchant & { ownerName?: string | null | undefined }>;
  caption: string;
}) {
  return (
    <ScrollTable minWidth={720} label={caption}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Merchant</Table.Th>
            <Table.Th scope="col">Kind</Table.Th>
            <Table.Th scope="col">Country</Table.Th>
            <Table.Th scope="col">Industry</Table.Th>
            <Table.Th scope="col">KYC status</Table.Th>
            <Table.Th scope="col">Created</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {merchants.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td>
                <AnchorLink to="/merchants/$id" params={{ id: m.id }} fw={500}>
                  {m.name}
                </AnchorLink>
                <Text size="xs" c="dimmed">
                  #{m.id}
                </Text>
              </Table.Td>
              <Table.Td>
                <MerchantKind merchant={m} />
              </Table.Td>
              <Table.Td>{m.countryIso}</Table.Td>
              <Table.Td>{m.industry ? humanize(m.industry) : '—'}</Table.Td>
              <Table.Td>
                <StatusBadge status={m.kycStatus} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  <DateTime value={m.creationTime} />
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
