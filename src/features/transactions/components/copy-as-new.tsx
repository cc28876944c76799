// "Copy as new" on a transaction's page: the new-transaction form with everything but the quote
// filled in from it, for whoever may create that product's transactions.
import { Trans } from '@lingui/react/macro';
import { IconCopy } from '@tabler/icons-react';
import { type Product, Purpose, type Transaction } from '#/api/schemas/transaction';
import { ButtonLink } from '#/components/links';
import { SLUG_OF } from '#/lib/products';
import { usePermission } from '../../session/queries';

export function CopyAsNew({
  product,
  transaction: t,
}: {
  product: Product;
  transaction: Transaction;
}) {
  if (!usePermission(`${product}Create`).allowed) return null;
  const copied = {
    merchant: t.fromBusinessId,
    account: t.toBusinessExternalAccountId,
    from: t.fromCurrencySymbol,
    to: t.toCurrencySymbol,
    amount: t.toAmount,
    purpose: Purpose.safeParse(t.purpose).data,
    copyOf: t.businessRequestId,
  };
  return (
    <ButtonLink
      to="/transactions/$product/new"
      params={{ product: SLUG_OF[product] }}
      search={copied}
      variant="default"
      leftSection={<IconCopy size={16} aria-hidden />}
    >
      <Trans>Copy as new</Trans>
    </ButtonLink>
  );
}
