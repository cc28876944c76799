// What a payment went to, as the payout account was when the dashboard created the payment
// (docs/decisions/025), or as it reads now for one made elsewhere: shown on the transaction's
// page, with a warning when the account's bank details have changed since.
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const rows: [string, string | null][] = [
    [t`Account holder`, recipient.accountHolderName],
    [t`IBAN or account number`, recipient.number],
    [t`Bank`, recipient.bankName],
    [t`BIC`, recipient.swiftCode],
    [t`Bank country`, recipient.countryIso],
    [t`Currency`, recipient.currency],
  ];
  const account = withLink ? (
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
  );
  const when = <DateTime value={recipient.recordedAt} />;
  return (
    <>
      <Table variant="vertical" layout="fixed" aria-label={t`Paid to`} data-testid="recipient">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={190}>{label}</Table.Th>
              <Table.Td translate="no">{value ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt={4}>
        {recipient.recorded ? (
          <Trans>
            As payout account {account} was when the payment was created, {when}.
          </Trans>
        ) : (
          <Trans>
            As payout account {account} reads now. This payment was not created in the dashboard: if
            the account changed after it was created, the API pays the details it was created with.
          </Trans>
        )}
        {recipient.firstPayment ? ` ${t`The first payment to this account.`}` : ''}
      </Text>
      {recipient.changedSince && (
        <WarningAlert
          mt="sm"
          title={t`The account has changed since`}
          data-testid="recipient-changed"
        >
          {recipient.numberNow
            ? t`Its bank details are no longer these (its number is now ${recipient.numberNow}). This payment keeps paying the account above, as approved.`
            : t`Its bank details are no longer these. This payment keeps paying the account above, as approved.`}
        </WarningAlert>
      )}
    </>
  );
}

export function RecipientPanel({ recipient }: { recipient: RecipientRecord }) {
  const { t } = useLingui();
  return (
    <Panel title={t`Paid to`}>
      <RecipientDetails recipient={recipient} />
    </Panel>
  );
}
