import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { showDone } from '#/components/notify';
import { FormPage } from '#/components/page';
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
  const draft = Route.useSearch();
  const navigate = useNavigate();
  return (
    <FormPage title={`New ${title.singular.toLowerCase()}`} description={title.description}>
      <TransactionForm
        product={product}
        draft={draft}
        onCreated={(t) => {
          showDone(`${title.singular} created`, `#${t.businessRequestId}`);
          void navigate({
            to: '/transactions/$product/$id',
            params: { product: slug, id: t.businessRequestId },
          });
        }}
        onCancel={() => void navigate({ to: '/transactions/$product', params: { product: slug } })}
      />
    </FormPage>
  );
}
