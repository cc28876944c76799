import { notFound } from '@tanstack/react-router';
import { ApiError } from '#/api/errors';
import { isProductSlug, type ProductSlug } from './products';

/** A route's `$id` as a record id; anything else is a page that does not exist. */
export function parseIdParam(id: string): number {
  if (!/^[1-9]\d{0,15}$/.test(id) || Number(id) > Number.MAX_SAFE_INTEGER) throw notFound();
  return Number(id);
}

/** Loads a record for a page; an id the API does not know is the page's not-found state. */
export async function loadRecord<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    // The request id goes along: in the sandbox, the not-found page links it to the request log.
    if (error instanceof ApiError && error.status === 404)
      throw notFound({ data: { message: error.message, requestId: error.requestId } });
    throw error;
  }
}

/** `params` of a layout route whose segment is a record id: its pages get a number. */
export const idParams = {
  parse: ({ id }: { id: string }) => ({ id: parseIdParam(id) }),
  stringify: ({ id }: { id: number }) => ({ id: String(id) }),
};

/** `params` of the layout route of a product's pages: an unknown product is not found. */
export const productParams = {
  parse: ({ product }: { product: string }) => {
    if (!isProductSlug(product)) throw notFound();
    return { product: product as ProductSlug };
  },
  stringify: ({ product }: { product: ProductSlug }) => ({ product }),
};
