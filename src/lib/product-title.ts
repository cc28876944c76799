// A product's words in the page's language (decision 091), for its own pages: the description
// stays out of the first load, which names products through ./products.
import { type Product, PRODUCTS_IN_WORDS } from '#/api/products';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import { PRODUCT_DESCRIPTION } from './product-descriptions';

/** A product's words in the page's language (decision 091). */
export function productTitle(product: Product) {
  const words = PRODUCTS_IN_WORDS[product];
  return {
    plural: tr(words.plural),
    singular: tr(words.singular),
    description: tr(PRODUCT_DESCRIPTION[product]),
    /** "New payout": a new one's title, and the link that makes one. */
    create: tr(
      msg({
        message:
          '{product, select, sendc2f {New payout} sendf2f {New end to end transfer} other {New collection}}',
      }),
      { product },
    ),
  };
}
