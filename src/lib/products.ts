// The three transaction products as the dashboard names them in URLs and on screen: the one table
// is src/api/products.ts, which the server's links and files use too.
export {
  isProductSlug,
  PRODUCT_OF,
  PRODUCT_SLUGS,
  PRODUCTS_IN_WORDS as PRODUCT_TITLE,
  type ProductSlug,
  SLUG_OF,
} from '#/api/products';
