import { Text } from '@mantine/core';
import type { PayoutAccount } from '#/api/schemas/payout-account';
import { type Column, DateCell, IdNote, recordTable } from '#/components/data-table';
import { StatusBadge } from '#/components/status-badge';
import { AnchorLink } from '#/components/links';

/** IBAN in groups of four, or the account number, for reading. */
export function accountLabel(account: PayoutAccount): string {
  if (account.iban) return account.iban.replace(/(.{4})(?=.)/g, '$1 ');
  return account.accountNumber ?? '—';
}

type AccountRow = PayoutAccount & { merchantName?: string | null };

const ACCOUNT_COLUMNS: Array<Column<AccountRow>> = [
  {
    header: 'Account',
    cell: (a) => (
      <>
        <AnchorLink to="/payout-accounts/$id" params={{ id: a.id }} ff="monospace" size="sm">
          {accountLabel(a)}
        </AnchorLink>
        <IdNote>#{a.id}</IdNote>
      </>
    ),
  },
  {
    header: 'Holder and bank',
    cell: (a) => (
      <>
        <Text size="sm">{a.accountHolderName}</Text>
        <IdNote>
          {a.bankName} · {a.countryIso}
        </IdNote>
      </>
    ),
  },
  {
    header: 'Merchant',
    cell: (a) => (
      <>
        <AnchorLink to="/merchants/$id" params={{ id: a.businessId }} size="sm">
          {a.merchantName ?? `#${a.businessId}`}
        </AnchorLink>
        {a.merchantName && <IdNote>#{a.businessId}</IdNote>}
      </>
    ),
  },
  { header: 'Currency', cell: (a) => a.currencySymbol },
  { header: 'Status', cell: (a) => <StatusBadge status={a.accountStatus} /> },
  { header: 'Created', cell: (a) => <DateCell value={a.creationTime} /> },
];

/** With the owner's name from the local index when it has it (AccountRow). */
export const PayoutAccountTable = recordTable({
  columns: ACCOUNT_COLUMNS,
  rowKey: (a) => a.id,
  minWidth: 720,
});
