import { expect, it } from 'vitest';
import { payersOf } from './pay-account';

it.each([
  [
    'a customer pays its own account, collections included',
    { id: 4, contactOwnerBusinessId: null },
    { sender: 4, products: ['sendc2f', 'sendf2f', 'receive'] },
  ],
  [
    "a contact's account is paid by its customer, never collected into",
    { id: 9, contactOwnerBusinessId: 4 },
    { sender: 4, products: ['sendc2f', 'sendf2f'] },
  ],
])('%s', (_, owner, payers) => {
  expect(payersOf(owner)).toEqual(payers);
});
