import { useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { showDone } from '#/components/notify';
import { FormPage } from '#/components/page';
import { MerchantForm } from '#/features/merchants/components/merchant-form';
import { merchantQuery } from '#/features/merchants/queries';
import { recordPage } from '#/app/route-states';

export const Route = createFileRoute('/_app/merchants/$id/edit')({
  ...recordPage(async () => (await import('#/features/merchants/queries')).merchantQuery),
  component: EditMerchantPage,
});

function EditMerchantPage() {
  const { id } = Route.useParams();
  const { data: merchant } = useSuspenseQuery(merchantQuery(id));
  const navigate = useNavigate();
  const { t } = useLingui();
  const back = () => void navigate({ to: '/merchants/$id', params: { id } });
  return (
    <FormPage title={t`Edit ${merchant.name}`} description={t`Merchant #${merchant.id}`}>
      <MerchantForm
        merchant={merchant}
        onSaved={() => {
          showDone(t`Changes saved`, merchant.name);
          back();
        }}
        onCancel={back}
      />
    </FormPage>
  );
}
