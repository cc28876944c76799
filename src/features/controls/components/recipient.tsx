// What a payment went to, as the payout account was when the dashboard created the payment
// (docs/decisions/025), or as it reads now for one made elsewhere: shown on the transaction's
// page, with a warning when the account's bank details have changed since.
import { Table, Text } from '@mantine/core';
import type { RecipientRecord } from '#/api/controls';
import { DateTime } from '#/components/date-time';
import { AnchorLink } from '#/components/links';
import { Panel } from '#/components/page';
import { WarningAlert } from '#/components/api-error';

export function RecipientDetails({
  recipient,
  withLink = true,
}: {
  recipient: RecipientRecord;
  /** A link to the account (not on a printed confirmation). */
  withLink?: boolean;
}) {
  const rows: [string, string | null][] = [
    ['Account holder', recipient.accountHolderName],
    ['IBAN or account number', recipient.number],
    ['Bank', recipient.bankName],
    ['BIC', recipient.swiftCode],
    ['Bank country', recipient.countryIso],
    ['Currency', recipient.currency],
  ];
  return (
    <>
      <Table variant="vertical" layout="fixed" aria-label="Paid to" data-testid="recipient">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={190}>{label}</Table.Th>
              <Table.Td>{value ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt={4}>
        As payout account{' '}
        {withLink ? (
          <AnchorLink
            to="/payout-accounts/$id"
            params={{ id: recipient.accountId }}
            size="xs"
            underline="always"
          >
            #{recipient.accountId}
          </AnchorLink>
        ) : (
          `#${recipient.accountId}`
        )}{' '}
        {recipient.recorded ? (
          <>
            was when the payment was created, <DateTime value={recipient.recordedAt} />.
          </>
        ) : (
          <>
            reads now. This payment was not created in the dashboard: if the account changed after
            it was created, the API pays the details it was created with.
          </>
        )}
        {recipient.firstPayment ? ' The first payment to this account.' : ''}
      </Text>
      {recipient.changedSince && (
        <WarningAlert mt="sm" title="The account has changed since" data-testid="recipient-changed">
          Its bank details are no longer these
          {recipient.numberNow ? ` (its number is now ${recipient.numberNow})` : ''}. This payment
          keeps paying the account above, as approved.
        </WarningAlert>
      )}
    </>
  );
}

export function RecipientPanel({ recipient }: { recipient: RecipientRecord }) {
  return (
    <Panel title="Paid to">
      <RecipientDetails recipient={recipient} />
    </Panel>
  );
}
