import { Paper } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '#/components/page';
import { MerchantForm } from '#/features/merchants/components/merchant-form';
import { merchantQuery } from '#/features/merchants/queries';
import { NotFound } from '#/app/route-states';
import { loadRecord } from '#/lib/params';

export const Route = createFileRoute('/_app/merchants/$id/edit')({
  loader: ({ context, params }) =>
    loadRecord(context.queryClient.ensureQueryData(merchantQuery(params.id))),
  // An unknown id shows the not-found page inside the shell.
  notFoundComponent: NotFound,
  component: EditMerchantPage,
});

function EditMerchantPage() {
  const { id } = Route.useParams();
  const { data: merchant } = useSuspenseQuery(merchantQuery(id));
  useDocumentTitle(`Edit ${merchant.name} · Partner Payments`);
  const navigate = useNavigate();
  const back = () => void navigate({ to: '/merchants/$id', params: { id: id } });
  return (
    <>
      <PageHeader title={`Edit ${merchant.name}`} description={`Merchant #${merchant.id}`} />
      <Paper withBorder radius="md" p="lg">
        <MerchantForm
          merchant={merchant}
          onSaved={() => {
            notifications.show({ color: 'green', title: 'Changes saved', message: merchant.name });
            back();
          }}
          onCancel={back}
        />
      </Paper>
    </>
  );
}
