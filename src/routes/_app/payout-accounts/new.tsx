import { Paper } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { PageHeader } from '#/components/page';
import { PayoutAccountForm } from '#/features/payout-accounts/components/payout-account-form';
import { optionalIdSearch } from '#/lib/search';

export const Route = createFileRoute('/_app/payout-accounts/new')({
  validateSearch: z.object({ businessId: optionalIdSearch }),
  component: NewPayoutAccountPage,
});

function NewPayoutAccountPage() {
  useDocumentTitle('New payout account · Partner Payments');
  const { businessId } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="New payout account"
        description="New accounts start as Pending until they are activated."
      />
      <Paper withBorder radius="md" p="lg">
        <PayoutAccountForm
          {...(businessId ? { businessId } : {})}
          onSaved={(account) => {
            notifications.show({
              color: 'green',
              title: 'Payout account created',
              message: `#${account.id}, ${account.currencySymbol}`,
            });
            void navigate({ to: '/payout-accounts/$id', params: { id: account.id } });
          }}
          onCancel={() =>
            void (businessId
              ? navigate({ to: '/merchants/$id', params: { id: businessId } })
              : navigate({ to: '/payout-accounts' }))
          }
        />
      </Paper>
    </>
  );
}
