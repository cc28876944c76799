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
  return (
    <FormPage
      title={owner ? 'New contact' : 'New merchant'}
      description={
        owner
          ? "A contact of a customer: its own business, paid on the customer's behalf. Every field but the registration number and region is required."
          : 'Every field but the registration number and region is required.'
      }
    >
      <MerchantForm
        {...(owner ? { defaultOwnerId: owner } : {})}
        onSaved={(merchant) => {
          showDone(
            merchant.contactOwnerBusinessId ? 'Contact created' : 'Merchant created',
            `${merchant.name} (#${merchant.id})`,
          );
          void navigate({ to: '/merchants/$id', params: { id: merchant.id } });
        }}
        onCancel={() => void navigate({ to: '/merchants' })}
      />
    </FormPage>
  );
}
