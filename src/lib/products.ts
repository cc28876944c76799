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
    description:
      'Crypto in, fiat out: the service quotes, the client sends crypto to a wallet address, and a bank account is paid in fiat.',
  },
  sendf2f: {
    plural: 'End to end',
    singular: 'End to end transfer',
    description:
      "Fiat in, fiat out, to someone else: the service quotes, the client transfers fiat with the reference, and the recipient's bank account is paid.",
  },
  receive: {
    plural: 'Collections',
    singular: 'Collection',
    description:
      "Collecting what a merchant is owed: you approve the price to get the bank details, the payer transfers fiat with the reference, you confirm the deposit with the bank's confirmation, and the merchant's own account is paid.",
  },
};

export function isProductSlug(value: string): value is ProductSlug {
  return (PRODUCT_SLUGS as readonly string[]).includes(value);
}
