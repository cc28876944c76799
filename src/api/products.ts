// The three transaction products as the dashboard names them, in one table for the SPA and the
// server alike: the URL slug, the words on screen and in files, and where the dashboard shows a
// record (the links notifications and mails carry).

/** The three products, as the API names them. */
export const PRODUCTS = ['sendc2f', 'sendf2f', 'receive'] as const;
export type Product = (typeof PRODUCTS)[number];

interface ProductWords {
  /** In the SPA's URLs and in file names: /transactions/payouts, payouts-template.csv. */
  slug: 'payouts' | 'end-to-end' | 'collections';
  plural: string;
  /** A transaction of the product, as people name it: "Payout #12". */
  singular: string;
  description: string;
}

export const PRODUCTS_IN_WORDS = {
  sendc2f: {
    slug: 'payouts',
    plural: 'Payouts',
    singular: 'Payout',
    description:
      'Crypto in, fiat out: the service quotes, the client sends crypto to a wallet address, and a bank account is paid in fiat.',
  },
  sendf2f: {
    slug: 'end-to-end',
    plural: 'End to end',
    singular: 'End to end transfer',
    description:
      "Fiat in, fiat out, to someone else: the service quotes, the client transfers fiat with the reference, and the recipient's bank account is paid.",
  },
  receive: {
    slug: 'collections',
    plural: 'Collections',
    singular: 'Collection',
    description:
      "Collecting what a merchant is owed: you approve the price to get the bank details, the payer transfers fiat with the reference, you confirm the deposit with the bank's confirmation, and the merchant's own account is paid.",
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

/** A transaction of each product, as people name it. */
export const PRODUCT_NAME: Record<Product, string> = {
  sendc2f: PRODUCTS_IN_WORDS.sendc2f.singular,
  sendf2f: PRODUCTS_IN_WORDS.sendf2f.singular,
  receive: PRODUCTS_IN_WORDS.receive.singular,
};

/** "Payout #12", "Collection #7". */
export const transactionNoun = (product: Product, id: number) => `${PRODUCT_NAME[product]} #${id}`;

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
