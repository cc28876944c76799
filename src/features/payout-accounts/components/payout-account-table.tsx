import { Table, Text } from '@mantine/core';
import type { PayoutAccount } from '#/api/schemas/payout-account';
import { DateTime } from '#/components/date-time';
import { StatusBadge } from '#/components/status-badge';
import { AnchorLink } from '#/components/links';
import { ScrollTable } from '#/components/scroll-table';

/** IBAN in groups of four, or the account number, for reading. */
export function accountLabel(account: PayoutAccount): string {
  if (account.iban) return account.iban.replace(/(.{4})(?=.)/g, '$1 ');
  return account.accountNumber ?? '—';
}

export function PayoutAccountTable({
  accounts,
  caption,
  showOwner = true,
}: {
  /** With the owner's name from the local index when it has it (AccountRow). */
  accounts: Array<PayoutAccount & { merchantName?: string | null }>;
  caption: string;
  showOwner?: boolean;
}) {
  return (
    <ScrollTable minWidth={720} label={caption}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Account</Table.Th>
            <Table.Th scope="col">Holder and bank</Table.Th>
            {showOwner && <Table.Th scope="col">Merchant</Table.Th>}
            <Table.Th scope="col">Currency</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Created</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>
                <AnchorLink
                  to="/payout-accounts/$id"
                  params={{ id: a.id }}
                  ff="monospace"
                  size="sm"
                >
                  {accountLabel(a)}
                </AnchorLink>
                <Text size="xs" c="dimmed">
                  #{a.id}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{a.accountHolderName}</Text>
                <Text size="xs" c="dimmed">
                  {a.bankName} · {a.countryIso}
                </Text>
              </Table.Td>
              {showOwner && (
                <Table.Td>
                  <AnchorLink to="/merchants/$id" params={{ id: a.businessId }} size="sm">
                    {a.merchantName ?? `#${a.businessId}`}
                  </AnchorLink>
                  {a.merchantName && (
                    <Text size="xs" c="dimmed">
                      #{a.businessId}
                    </Text>
                  )}
                </Table.Td>
              )}
              <Table.Td>{a.currencySymbol}</Table.Td>
              <Table.Td>
                <StatusBadge status={a.accountStatus} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  <DateTime value={a.creationTime} />
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
