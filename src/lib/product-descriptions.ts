// What each product does, in a sentence for its pages (decision 091): apart from the products'
// names, which the sign-in page's first load carries.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Product } from '#/api/products';

export const PRODUCT_DESCRIPTION: Record<Product, MessageDescriptor> = {
  sendc2f: msg`Crypto in, fiat out: the service quotes, the client sends crypto to a wallet address, and a bank account is paid in fiat.`,
  sendf2f: msg`Fiat in, fiat out, to someone else: the service quotes, the client transfers fiat with the reference, and the recipient's bank account is paid.`,
  receive: msg`Collecting what a merchant is owed: you approve the price to get the bank details, the payer transfers fiat with the reference, you confirm the deposit with the bank's confirmation, and the merchant's own account is paid.`,
};
