import { Trans, useLingui } from '@lingui/react/macro';
import { SimpleGrid, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { unlessLive } from '#/lib/live';
import { createFileRoute } from '@tanstack/react-router';
import { QueryView } from '#/components/api-error';
import { EmptyState, Panel } from '#/components/page';
import { StatusBadge } from '#/components/status-badge';
import { MerchantProfile } from '#/features/merchants/components/merchant-profile';
import { OnboardingPanel } from '#/features/merchants/components/onboarding-panel';
import { KycDocumentsPanel } from '#/features/merchants/components/kyc-documents';
import { merchantQuery } from '#/features/merchants/queries';
import { PayoutAccountTable } from '#/features/payout-accounts/components/payout-account-table';
import { usePermission } from '#/features/session/queries';
import { RecordTransactions } from '#/features/transactions/components/record-transactions';
import { accountIndexQuery, merchantIndexQuery } from '#/features/find/queries';
import { MerchantTable } from '#/features/merchants/components/merchant-table';
import { KycSimulation } from '#/features/simulation/components/status-simulation';
import { recordPage } from '#/app/route-states';
import { AnchorLink, EditRecordLink, NewRecordLink } from '#/components/links';
import { RecordHeader } from '#/components/record-header';
import { Permitted } from '#/features/session/components/permitted';
import { RecordRequests } from '#/features/requests/components/request-log';
import { useInSandbox } from '#/features/session/queries';
import { AutomaticMove } from '#/features/moves/components/automatic-move';

export const Route = createFileRoute('/_app/merchants/$id/')({
  ...recordPage(async () => (await import('#/features/merchants/queries')).merchantQuery),
  component: MerchantPage,
});

const REVIEWING = ['UNDER_REVIEW', 'PENDING_REVIEW'];

function MerchantPage() {
  const inSandbox = useInSandbox();
  const { id } = Route.useParams();
  const { data: merchant } = useSuspenseQuery({
    ...merchantQuery(id),
    // While a review runs, look again every few seconds for its verdict.
    refetchInterval: (query) =>
      REVIEWING.includes(query.state.data?.kycStatus ?? '') ? unlessLive(2000)() : false,
  });
  const { t } = useLingui();
  useDocumentTitle(t`${merchant.name} · Partner Payments`);
  // The status simulation: in the sandbox, for whoever may send one (testers, onboarding, admins).
  const simulate = usePermission('updateMerchant', true).allowed;
  const accounts = useQuery(accountIndexQuery({ businessId: id, start: 0, limit: 100 }));
  const isCustomer = merchant.contactOwnerBusinessId == null;
  const owner = useQuery({
    ...merchantQuery(merchant.contactOwnerBusinessId ?? 0),
    enabled: !isCustomer,
  });
  const contacts = useQuery({
    ...merchantIndexQuery({ owner: id, start: 0, limit: 100 }),
    enabled: isCustomer,
  });

  return (
    <>
      <RecordHeader
        list={
          <AnchorLink to="/merchants" size="sm">
            <Trans>Merchants</Trans>
          </AnchorLink>
        }
        id={id}
        title={merchant.name}
        badge={<StatusBadge status={merchant.kycStatus} size="lg" />}
        description={t`Merchant #${merchant.id} · ${merchant.countryIso}`}
        actions={
          <Permitted operation="updateMerchant">
            <EditRecordLink to="/merchants/$id/edit" params={{ id }} />
          </Permitted>
        }
      />
      <Stack gap="lg">
        {inSandbox && <AutomaticMove target={{ objectType: 'merchant', objectId: id }} />}
        <MerchantProfile merchant={{ ...merchant, ownerName: owner.data?.name }} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <OnboardingPanel merchant={merchant} />
          <KycDocumentsPanel merchant={merchant} />
          {simulate && <KycSimulation merchant={merchant} />}
        </SimpleGrid>
        <Panel
          title={t`Payout accounts`}
          actions={
            <Permitted operation="createPayoutAccount">
              <NewRecordLink
                to="/payout-accounts/new"
                search={{ businessId: id }}
                size="xs"
                variant="light"
              >
                <Trans>Add payout account</Trans>
              </NewRecordLink>
            </Permitted>
          }
        >
          <QueryView
            query={accounts}
            loading={t`Loading payout accounts`}
            empty={
              <EmptyState title={t`No payout accounts`}>
                <Trans>Add the bank account this merchant is paid into.</Trans>
              </EmptyState>
            }
          >
            {(data) => (
              <PayoutAccountTable
                rows={data.results}
                label={t`Payout accounts of ${merchant.name}`}
                hide={['merchant']}
              />
            )}
          </QueryView>
        </Panel>
        {isCustomer && (
          <Panel
            title={t`Contacts`}
            actions={
              <Permitted operation="createMerchant">
                <NewRecordLink to="/merchants/new" search={{ owner: id }} size="xs" variant="light">
                  <Trans>Add contact</Trans>
                </NewRecordLink>
              </Permitted>
            }
          >
            <QueryView
              query={contacts}
              loading={t`Loading contacts`}
              empty={
                <EmptyState title={t`No contacts`}>
                  <Trans>
                    Contacts are the people and businesses this customer pays or is paid by.
                  </Trans>
                </EmptyState>
              }
            >
              {(data) => (
                <MerchantTable rows={data.results} label={t`Contacts of ${merchant.name}`} />
              )}
            </QueryView>
          </Panel>
        )}
        <RecordTransactions merchantId={id} />
        {inSandbox && <RecordRequests objectType="merchant" objectId={id} />}
      </Stack>
    </>
  );
}
