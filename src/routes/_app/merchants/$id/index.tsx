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
  useDocumentTitle(`${merchant.name} · Partner Payments`);
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
            Merchants
          </AnchorLink>
        }
        id={id}
        title={merchant.name}
        badge={<StatusBadge status={merchant.kycStatus} size="lg" />}
        description={`Merchant #${merchant.id} · ${merchant.countryIso}`}
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
          title="Payout accounts"
          actions={
            <Permitted operation="createPayoutAccount">
              <NewRecordLink
                to="/payout-accounts/new"
                search={{ businessId: id }}
                size="xs"
                variant="light"
              >
                Add payout account
              </NewRecordLink>
            </Permitted>
          }
        >
          <QueryView
            query={accounts}
            loading="Loading payout accounts"
            empty={
              <EmptyState title="No payout accounts">
                Add the bank account this merchant is paid into.
              </EmptyState>
            }
          >
            {(data) => (
              <PayoutAccountTable
                rows={data.results}
                label={`Payout accounts of ${merchant.name}`}
                hide={['Merchant']}
              />
            )}
          </QueryView>
        </Panel>
        {isCustomer && (
          <Panel
            title="Contacts"
            actions={
              <Permitted operation="createMerchant">
                <NewRecordLink to="/merchants/new" search={{ owner: id }} size="xs" variant="light">
                  Add contact
                </NewRecordLink>
              </Permitted>
            }
          >
            <QueryView
              query={contacts}
              loading="Loading contacts"
              empty={
                <EmptyState title="No contacts">
                  Contacts are the people and businesses this customer pays or is paid by.
                </EmptyState>
              }
            >
              {(data) => (
                <MerchantTable rows={data.results} label={`Contacts of ${merchant.name}`} />
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
