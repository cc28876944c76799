// "Pay this account" on a payout account's page: a new transaction of each product that can pay
// into it, with the sender and the account filled in (a saved recipient, one click away).
import { Trans } from '@lingui/react/macro';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconSend } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { Merchant } from '#/api/schemas/merchant';
import type { PayoutAccount } from '#/api/schemas/payout-account';
import { PRODUCTS, type Product } from '#/api/schemas/transaction';
import { SLUG_OF } from '#/lib/products';
import { usePermission } from '../../session/queries';
import { productTitle } from '#/lib/product-title';

/**
 * Who sends to an account, and with which products: a contact's account is paid by its customer
 * (payouts, end to end); a customer's own account by the customer itself, collections included.
 */
export function payersOf(owner: Pick<Merchant, 'id' | 'contactOwnerBusinessId'>): {
  sender: number;
  products: Product[];
} {
  return owner.contactOwnerBusinessId == null
    ? { sender: owner.id, products: [...PRODUCTS] }
    : { sender: owner.contactOwnerBusinessId, products: ['sendc2f', 'sendf2f'] };
}

export function PayAccount({
  account,
  owner,
}: {
  account: Pick<PayoutAccount, 'id' | 'accountStatus' | 'currencySymbol'>;
  owner: Pick<Merchant, 'id' | 'contactOwnerBusinessId'> | undefined;
}) {
  const navigate = useNavigate();
  const { sender, products } = owner ? payersOf(owner) : { sender: 0, products: [] };
  const allowed = {
    sendc2f: usePermission('sendc2fCreate').allowed,
    sendf2f: usePermission('sendf2fCreate').allowed,
    receive: usePermission('receiveCreate').allowed,
  };
  const offered = products.filter((p) => allowed[p]);
  if (account.accountStatus !== 'ACTIVE' || offered.length === 0) return null;
  return (
    <Menu position="bottom-end" withArrow>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconSend size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          <Trans>Pay this account</Trans>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {offered.map((product) => (
          <Menu.Item
            key={product}
            onClick={() =>
              void navigate({
                to: '/transactions/$product/new',
                params: { product: SLUG_OF[product] },
                search: { merchant: sender, account: account.id, to: account.currencySymbol },
              })
            }
          >
            {productTitle(product).create}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
