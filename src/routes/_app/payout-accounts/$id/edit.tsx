import { useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { showDone } from '#/components/notify';
import { FormPage } from '#/components/page';
import { PayoutAccountForm } from '#/features/payout-accounts/components/payout-account-form';
import { payoutAccountQuery } from '#/features/payout-accounts/queries';
import { recordPage } from '#/app/route-states';

export const Route = createFileRoute('/_app/payout-accounts/$id/edit')({
  ...recordPage(
    async () => (await import('#/features/payout-accounts/queries')).payoutAccountQuery,
  ),
  component: EditPayoutAccountPage,
});

function EditPayoutAccountPage() {
  const { id } = Route.useParams();
  const { data: account } = useSuspenseQuery(payoutAccountQuery(id));
  const navigate = useNavigate();
  const { t } = useLingui();
  const back = () => void navigate({ to: '/payout-accounts/$id', params: { id } });
  return (
    <FormPage
      title={t`Edit payout account #${id}`}
      description={t`${account.currencySymbol} · owned by merchant #${account.businessId}`}
    >
      <PayoutAccountForm
        account={account}
        onSaved={() => {
          showDone(t`Changes saved`, t`Payout account #${id}`);
          back();
        }}
        onHeld={() => {
          notifications.show({
            color: 'orange',
            title: t`Sent for approval`,
            message: t`The new bank details of payout account #${id} apply once someone else approves them.`,
          });
          back();
        }}
        onCancel={back}
      />
    </FormPage>
  );
}
