import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
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

const accountColumns = (): Array<Column<AccountRow>> => [
  {
    header: tr(msg`Account`),
    cell: (a) => (
      <>
        <AnchorLink
          to="/payout-accounts/$id"
          params={{ id: a.id }}
          ff="monospace"
          size="sm"
          translate="no"
        >
          {accountLabel(a)}
        </AnchorLink>
        <IdNote>#{a.id}</IdNote>
      </>
    ),
  },
  {
    header: tr(msg`Holder and bank`),
    cell: (a) => (
      <>
        <Text size="sm" translate="no">
          {a.accountHolderName}
        </Text>
        <IdNote translate="no">
          {a.bankName} · {a.countryIso}
        </IdNote>
      </>
    ),
  },
  {
    id: 'merchant',
    header: tr(msg`Merchant`),
    cell: (a) => (
      <>
        <AnchorLink to="/merchants/$id" params={{ id: a.businessId }} size="sm" translate="no">
          {a.merchantName ?? `#${a.businessId}`}
        </AnchorLink>
        {a.merchantName && <IdNote>#{a.businessId}</IdNote>}
      </>
    ),
  },
  { header: tr(msg`Currency`), cell: (a) => a.currencySymbol },
  { header: tr(msg`Status`), cell: (a) => <StatusBadge status={a.accountStatus} /> },
  { header: tr(msg`Created`), cell: (a) => <DateCell value={a.creationTime} /> },
];

/** With the owner's name from the local index when it has it (AccountRow). */
export const PayoutAccountTable = recordTable({
  columns: accountColumns,
  rowKey: (a) => a.id,
  minWidth: 720,
});
