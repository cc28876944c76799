import { useLingui } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { showDone } from '#/components/notify';
import { FormPage } from '#/components/page';
import { MerchantForm } from '#/features/merchants/components/merchant-form';
import { optionalIdSearch, searchSchema } from '#/lib/search';

export const Route = createFileRoute('/_app/merchants/new')({
  validateSearch: searchSchema({ owner: optionalIdSearch }),
  component: NewMerchantPage,
});

function NewMerchantPage() {
  const { owner } = Route.useSearch();
  const navigate = useNavigate();
  const { t } = useLingui();
  return (
    <FormPage
      title={owner ? t`New contact` : t`New merchant`}
      description={
        owner
          ? t`A contact of a customer: its own business, paid on the customer's behalf. Every field but the registration number and region is required.`
          : t`Every field but the registration number and region is required.`
      }
    >
      <MerchantForm
        {...(owner ? { defaultOwnerId: owner } : {})}
        onSaved={(merchant) => {
          showDone(
            merchant.contactOwnerBusinessId ? t`Contact created` : t`Merchant created`,
            `${merchant.name} (#${merchant.id})`,
          );
          void navigate({ to: '/merchants/$id', params: { id: merchant.id } });
        }}
        onCancel={() => void navigate({ to: '/merchants' })}
      />
    </FormPage>
  );
}
