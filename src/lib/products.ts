// The three transaction products as the dashboard names them in URLs and on screen.
import type { Product } from '#/api/schemas/transaction';

export const PRODUCT_SLUGS = ['payouts', 'end-to-end', 'collections'] as const;
export type ProductSlug = (typeof PRODUCT_SLUGS)[number];

export const PRODUCT_OF: Record<ProductSlug, Product> = {
  payouts: 'sendc2f',
  'end-to-end': 'sendf2f',
  collections: 'receive',
};

export const SLUG_OF: Record<Product, ProductSlug> = {
  sendc2f: 'payouts',
  sendf2f: 'end-to-end',
  receive: 'collections',
};

export const PRODUCT_TITLE: Record<
  Product,
  { plural: string; singular: string; description: string }
> = {
  sendc2f: {
    plural: 'Payouts',
    singular: 'Payout',
    description: 'The client deposits crypto to a wallet; the payout is made in fiat.',
  },
  sendf2f: {
    plural: 'End to end',
    singular: 'End to end transfer',
    description: 'Fiat in, fiat out: the client deposits to a bank account, the payout follows.',
  },
  receive: {
    plural: 'Collections',
    singular: 'Collection',
    description: 'The client deposits fiat to a bank account and the funds are paid out.',
  },
};

export function isProductSlug(value: string): value is ProductSlug {
  return (PRODUCT_SLUGS as readonly string[]).includes(value);
}
