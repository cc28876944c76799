import { Alert } from '@mantine/core';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PURPOSES } from '#/api/list-choices';
import { showDone } from '#/components/notify';
import { FormPage } from '#/components/page';
import { TransactionForm } from '#/features/transactions/components/transaction-form';
import { PRODUCT_OF } from '#/lib/products';
import { productTitle } from '#/lib/product-title';
import { oneOf, optionalIdSearch, searchSchema, text } from '#/lib/search';

const quoted = text(40);

export const Route = createFileRoute('/_app/transactions/$product/new')({
  // A quote from the pricing page arrives here (deposit currency, payout currency and amount);
  // an account page's "Pay this account" (sender and account); a transaction's "Copy as new"
  // (all of it, and the transaction it copies).
  validateSearch: searchSchema({
    from: quoted,
    to: quoted,
    amount: quoted,
    merchant: optionalIdSearch,
    account: optionalIdSearch,
    purpose: oneOf(PURPOSES),
    copyOf: optionalIdSearch,
  }),
  component: NewTransactionPage,
});

function NewTransactionPage() {
  const { product: slug } = Route.useParams();
  const product = PRODUCT_OF[slug];
  const title = productTitle(product);
  const { copyOf, ...draft } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <FormPage title={`New ${title.singular.toLowerCase()}`} description={title.description}>
      {copyOf !== undefined && (
        <Alert
          variant="light"
          mb="md"
          title={`A copy of ${title.singular.toLowerCase()} #${copyOf}`}
        >
          The sender, account, currencies, amount and purpose are filled in from it
          {product === 'receive' ? '; the invoice is not copied' : ''}. Check them, then create it:
          it is priced again, at today&apos;s rate.
        </Alert>
      )}
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
        onScheduled={(s) => {
          showDone(
            'Payout scheduled',
            s.nextRun ? `Its first run is on ${s.nextRun} (UTC).` : 'It has no run left.',
          );
          void navigate({
            to: '/transactions/$product',
            params: { product: slug },
            hash: 'scheduled',
          });
        }}
        onCancel={() => void navigate({ to: '/transactions/$product', params: { product: slug } })}
      />
    </FormPage>
  );
}
