import { Paper } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { PageHeader } from '#/components/page';
import { TransactionForm } from '#/features/transactions/components/transaction-form';
import { PRODUCT_OF, PRODUCT_TITLE } from '#/lib/products';
import { optionalIdSearch } from '#/lib/search';

const text = z.string().max(40).optional().catch(undefined);

export const Route = createFileRoute('/_app/transactions/$product/new')({
  // A quote from the pricing page arrives here: deposit currency, payout currency and amount.
  validateSearch: z.object({
    from: text,
    to: text,
    amount: text,
    merchant: optionalIdSearch,
    account: optionalIdSearch,
  }),
  component: NewTransactionPage,
});

function NewTransactionPage() {
  const { product: slug } = Route.useParams();
  const product = PRODUCT_OF[slug];
  const title = PRODUCT_TITLE[product];
  useDocumentTitle(`New ${title.singular.toLowerCase()} · Partner Payments`);
  const draft = Route.useSearch();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={`New ${title.singular.toLowerCase()}`} description={title.description} />
      <Paper withBorder radius="md" p="lg">
        <TransactionForm
          product={product}
          draft={draft}
          onCreated={(t) => {
            notifications.show({
              color: 'green',
              title: `${title.singular} created`,
              message: `#${t.businessRequestId}`,
            });
            void navigate({
              to: '/transactions/$product/$id',
              params: { product: slug, id: t.businessRequestId },
            });
          }}
          onCancel={() =>
            void navigate({ to: '/transactions/$product', params: { product: slug } })
          }
        />
      </Paper>
    </>
  );
}
