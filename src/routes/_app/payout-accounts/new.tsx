import { useLingui } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { showDone } from '#/components/notify';
import { FormPage } from '#/components/page';
import { PayoutAccountForm } from '#/features/payout-accounts/components/payout-account-form';
import { optionalIdSearch, searchSchema } from '#/lib/search';

export const Route = createFileRoute('/_app/payout-accounts/new')({
  validateSearch: searchSchema({ businessId: optionalIdSearch }),
  component: NewPayoutAccountPage,
});

function NewPayoutAccountPage() {
  const { businessId } = Route.useSearch();
  const navigate = useNavigate();
  const { t } = useLingui();
  return (
    <FormPage
      title={t`New payout account`}
      description={t`New accounts start as Pending until they are activated.`}
    >
      <PayoutAccountForm
        {...(businessId ? { businessId } : {})}
        onSaved={(account) => {
          showDone(t`Payout account created`, `#${account.id}, ${account.currencySymbol}`);
          void navigate({ to: '/payout-accounts/$id', params: { id: account.id } });
        }}
        onCancel={() =>
          void (businessId
            ? navigate({ to: '/merchants/$id', params: { id: businessId } })
            : navigate({ to: '/payout-accounts' }))
        }
      />
    </FormPage>
  );
}
