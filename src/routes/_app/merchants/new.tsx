import { Paper } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { PageHeader } from '#/components/page';
import { MerchantForm } from '#/features/merchants/components/merchant-form';
import { optionalIdSearch } from '#/lib/search';

export const Route = createFileRoute('/_app/merchants/new')({
  validateSearch: z.object({ owner: optionalIdSearch }),
  component: NewMerchantPage,
});

function NewMerchantPage() {
  useDocumentTitle('New merchant · Partner Payments');
  const { owner } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="New merchant"
        description="Every field but the registration number and region is required."
      />
      <Paper withBorder radius="md" p="lg">
        <MerchantForm
          {...(owner ? { defaultOwnerId: owner } : {})}
          onSaved={(merchant) => {
            notifications.show({
              color: 'green',
              title: 'Merchant created',
              message: `${merchant.name} (#${merchant.id})`,
            });
            void navigate({ to: '/merchants/$id', params: { id: merchant.id } });
          }}
          onCancel={() => void navigate({ to: '/merchants' })}
        />
      </Paper>
    </>
  );
}
