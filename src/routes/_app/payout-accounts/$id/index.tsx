import { Trans, useLingui } from '@lingui/react/macro';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Field, RecordTimes } from '#/components/field';
import { CopyValue } from '#/components/copy-value';
import { Panel } from '#/components/page';
import { StatusBadge } from '#/components/status-badge';
import { accountLabel } from '#/features/payout-accounts/components/payout-account-table';
import { payoutAccountQuery } from '#/features/payout-accounts/queries';
import { merchantQuery } from '#/features/merchants/queries';
import { PayAccount } from '#/features/transactions/components/pay-account';
import { RecordTransactions } from '#/features/transactions/components/record-transactions';
import { usePermission } from '#/features/session/queries';
import { AccountStatusSimulation } from '#/features/simulation/components/status-simulation';
import { recordPage } from '#/app/route-states';
import { AnchorLink, EditRecordLink } from '#/components/links';
import { RecordHeader } from '#/components/record-header';
import { Permitted } from '#/features/session/components/permitted';
import { RecordRequests } from '#/features/requests/components/request-log';
import { useInSandbox } from '#/features/session/queries';
import { PayeeChanges } from '#/features/controls/components/payee-changes';

export const Route = createFileRoute('/_app/payout-accounts/$id/')({
  ...recordPage(
    async () => (await import('#/features/payout-accounts/queries')).payoutAccountQuery,
  ),
  component: PayoutAccountPage,
});

function PayoutAccountPage() {
  const inSandbox = useInSandbox();
  const { id } = Route.useParams();
  const { data: account } = useSuspenseQuery(payoutAccountQuery(id));
  const owner = useQuery(merchantQuery(account.businessId));
  const { t } = useLingui();
  useDocumentTitle(t`Payout account #${id} · Partner Payments`);
  // The status simulation: in the sandbox, for whoever may send one (testers, onboarding, admins).
  const simulate = usePermission('updatePayoutAccount', true).allowed;
  const address = [
    [account.address, account.streetNumber].filter(Boolean).join(' '),
    [account.zipCode, account.city].filter(Boolean).join(' '),
    account.state,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <>
      <RecordHeader
        list={
          <AnchorLink to="/payout-accounts" size="sm">
            <Trans>Payout accounts</Trans>
          </AnchorLink>
        }
        id={id}
        title={t`${account.currencySymbol} account of ${account.accountHolderName}`}
        badge={<StatusBadge status={account.accountStatus} size="lg" />}
        description={t`Payout account #${account.id} · ${accountLabel(account)}`}
        actions={
          <>
            <PayAccount account={account} owner={owner.data} />
            {account.accountStatus !== 'CLOSED' && (
              <Permitted operation="updatePayoutAccount">
                <EditRecordLink to="/payout-accounts/$id/edit" params={{ id }} />
              </Permitted>
            )}
          </>
        }
      />
      <Stack gap="lg">
        <Panel title={t`Details`}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            <Field label={t`Merchant`}>
              <AnchorLink to="/merchants/$id" params={{ id: account.businessId }} translate="no">
                {owner.data
                  ? `${owner.data.name} (#${account.businessId})`
                  : `#${account.businessId}`}
              </AnchorLink>
            </Field>
            <Field label={t`Account holder`}>
              <span translate="no">{account.accountHolderName}</span>
            </Field>
            <Field label={t`Bank`}>
              <span translate="no">{account.bankName}</span>
            </Field>
            <Field label={t`IBAN`}>
              {account.iban ? <CopyValue value={account.iban} label={t`IBAN`} /> : null}
            </Field>
            <Field label={t`Account number`}>
              {account.accountNumber ? (
                <CopyValue value={account.accountNumber} label={t`account number`} />
              ) : null}
            </Field>
            <Field label={t`BIC`}>{account.swiftCode}</Field>
            <Field label={t`Routing number`}>{account.routingNumber}</Field>
            <Field label={t`Bank country`}>{account.countryIso}</Field>
            <Field label={t`Bank address`}>
              {address ? <span translate="no">{address}</span> : null}
            </Field>
            <Field label={t`Currency`}>{account.currencySymbol}</Field>
            <RecordTimes record={account} />
          </SimpleGrid>
          {account.accountStatus === 'CLOSED' && (
            <Text size="sm" c="dimmed" mt="md">
              <Trans>This account is closed and takes no further changes.</Trans>
            </Text>
          )}
        </Panel>
        <PayeeChanges accountId={id} />
        {simulate && <AccountStatusSimulation account={account} />}
        <RecordTransactions accountId={id} />
        {inSandbox && <RecordRequests objectType="payout_account" objectId={id} />}
      </Stack>
    </>
  );
}
