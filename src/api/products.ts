// The three transaction products as the dashboard names them, in one table for the SPA and the
// server alike: the URL slug, the words on screen and in files, and where the dashboard shows a
// record (the links notifications and mails carry).

import type { Words } from '#/i18n/words';

/** The three products, as the API names them. */
export const PRODUCTS = ['sendc2f', 'sendf2f', 'receive'] as const;
export type Product = (typeof PRODUCTS)[number];

interface ProductWords {
  /** In the SPA's URLs and in file names: /transactions/payouts, payouts-template.csv. */
  slug: 'payouts' | 'end-to-end' | 'collections';
  /** Words, translated where they show (decision 091). */
  plural: Words;
  /** A transaction of the product, as people name it: "Payout #12". */
  singular: Words;
}

export const PRODUCTS_IN_WORDS = {
  sendc2f: {
    slug: 'payouts',
    plural: /*i18n*/ { id: 'product.sendc2f.plural', message: 'Payouts' },
    singular: /*i18n*/ { id: 'product.sendc2f.singular', message: 'Payout' },
  },
  sendf2f: {
    slug: 'end-to-end',
    plural: /*i18n*/ { id: 'product.sendf2f.plural', message: 'End to end' },
    singular: /*i18n*/ { id: 'product.sendf2f.singular', message: 'End to end transfer' },
  },
  receive: {
    slug: 'collections',
    plural: /*i18n*/ { id: 'product.receive.plural', message: 'Collections' },
    singular: /*i18n*/ { id: 'product.receive.singular', message: 'Collection' },
  },
} as const satisfies Record<Product, ProductWords>;

export type ProductSlug = ProductWords['slug'];

export const PRODUCT_SLUGS: readonly ProductSlug[] = ['payouts', 'end-to-end', 'collections'];

export const SLUG_OF: Record<Product, ProductSlug> = {
  sendc2f: PRODUCTS_IN_WORDS.sendc2f.slug,
  sendf2f: PRODUCTS_IN_WORDS.sendf2f.slug,
  receive: PRODUCTS_IN_WORDS.receive.slug,
};

export const PRODUCT_OF = Object.fromEntries(
  (Object.keys(SLUG_OF) as Product[]).map((product) => [SLUG_OF[product], product]),
) as Record<ProductSlug, Product>;

export function isProductSlug(value: string): value is ProductSlug {
  return (PRODUCT_SLUGS as readonly string[]).includes(value);
}

/** A transaction of each product, as people name it (words, translated where they show). */
export const PRODUCT_NAME: Record<Product, Words> = {
  sendc2f: PRODUCTS_IN_WORDS.sendc2f.singular,
  sendf2f: PRODUCTS_IN_WORDS.sendf2f.singular,
  receive: PRODUCTS_IN_WORDS.receive.singular,
};

/** "Payout #12", "Collection #7", in English (the server's words not yet translated). */
export const transactionNoun = (product: Product, id: number) =>
  `${PRODUCT_NAME[product].message} #${id}`;

/**
 * Where the dashboard shows a record: the SPA's routes, as the server's notifications and mails
 * link to them (src/api/products.test.ts checks that each route exists).
 */
export const DASHBOARD_LINKS = {
  transaction: (product: Product, id: number) => `/transactions/${SLUG_OF[product]}/${id}`,
  payoutAccount: (id: number) => `/payout-accounts/${id}`,
  batch: (id: string) => `/batches/${id}`,
  schedules: '/transactions/payouts#scheduled',
  account: '/account',
  webhooks: '/sandbox#webhooks',
  signInSettings: '/settings/sign-in',
  settings: '/settings',
  setPassword: (token: string) => `/reset-password?token=${encodeURIComponent(token)}`,
} as const;
