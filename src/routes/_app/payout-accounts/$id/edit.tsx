import { Paper } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '#/components/page';
import { PayoutAccountForm } from '#/features/payout-accounts/components/payout-account-form';
import { payoutAccountQuery } from '#/features/payout-accounts/queries';
import { NotFound } from '#/app/route-states';
import { loadRecord } from '#/lib/params';

export const Route = createFileRoute('/_app/payout-accounts/$id/edit')({
  loader: ({ context, params }) =>
    loadRecord(context.queryClient.ensureQueryData(payoutAccountQuery(params.id))),
  // An unknown id shows the not-found page inside the shell.
  notFoundComponent: NotFound,
  component: EditPayoutAccountPage,
});

function EditPayoutAccountPage() {
  const { id } = Route.useParams();
  const { data: account } = useSuspenseQuery(payoutAccountQuery(id));
  useDocumentTitle(`Edit payout account #${id} · Partner Payments`);
  const navigate = useNavigate();
  const back = () => void navigate({ to: '/payout-accounts/$id', params: { id: id } });
  return (
    <>
      <PageHeader
        title={`Edit payout account #${id}`}
        description={`${account.currencySymbol} · owned by merchant #${account.businessId}`}
      />
      <Paper withBorder radius="md" p="lg">
        <PayoutAccountForm
          account={account}
          onSaved={() => {
            notifications.show({
              color: 'green',
              title: 'Changes saved',
              message: `Payout account #${id}`,
            });
            back();
          }}
          onHeld={() => {
            notifications.show({
              color: 'orange',
              title: 'Sent for approval',
              message: `The new bank details of payout account #${id} apply once someone else approves them.`,
            });
            back();
          }}
          onCancel={back}
        />
      </Paper>
    </>
  );
}
