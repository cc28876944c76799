import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
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
  const { t } = useLingui();
  return (
    <FormPage title={title.create} description={title.description}>
      {copyOf !== undefined && (
        <Alert
          variant="light"
          mb="md"
          title={tr(
            msg({
              message:
                '{product, select, sendc2f {A copy of payout #{id}} sendf2f {A copy of end to end transfer #{id}} other {A copy of collection #{id}}}',
            }),
            { product, id: copyOf },
          )}
        >
          {product === 'receive'
            ? t`The sender, account, currencies, amount and purpose are filled in from it; the invoice is not copied. Check them, then create it: it is priced again, at today's rate.`
            : t`The sender, account, currencies, amount and purpose are filled in from it. Check them, then create it: it is priced again, at today's rate.`}
        </Alert>
      )}
      <TransactionForm
        product={product}
        draft={draft}
        onCreated={(created) => {
          showDone(
            tr(
              msg({
                message:
                  '{product, select, sendc2f {Payout created} sendf2f {End to end transfer created} other {Collection created}}',
              }),
              { product },
            ),
            `#${created.businessRequestId}`,
          );
          void navigate({
            to: '/transactions/$product/$id',
            params: { product: slug, id: created.businessRequestId },
          });
        }}
        onScheduled={(s) => {
          showDone(
            t`Payout scheduled`,
            s.nextRun ? t`Its first run is on ${s.nextRun} (UTC).` : t`It has no run left.`,
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
