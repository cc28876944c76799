// From an uploaded file to checked rows, with the partner's records read from a real local index
// on SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import type { Merchant } from '#/api/schemas/merchant';
import type { PayoutAccount } from '#/api/schemas/payout-account';
import { EXAMPLE_ACCOUNT, EXAMPLE_MERCHANT } from '#/api/examples';
import { localIndex } from '../local-index/store';
import { dashboardDbFor, DIALECTS } from '../store/testing';
import { readBatchFile } from './file';
import { batchLookups } from './lookups';
import { validateRows } from './validate';

const lumen: Merchant = {
  ...EXAMPLE_MERCHANT,
  id: 1,
  creationTime: 1,
  lastUpdateTime: 1,
  kycStatus: 'VALID',
  contactOwnerBusinessId: null,
};
const contact: Merchant = {
  ...lumen,
  id: 2,
  name: 'Dhaka Stitchworks Ltd',
  contactOwnerBusinessId: 1,
  localRegNumber: 'C-42',
};
const account = (id: number, businessId: number, extra: Partial<PayoutAccount>): PayoutAccount => ({
  ...EXAMPLE_ACCOUNT,
  id,
  businessId,
  creationTime: 2,
  lastUpdateTime: 2,
  currencySymbol: 'EUR',
  accountStatus: 'ACTIVE',
  accountNumber: null,
  ...extra,
});

describe.each(DIALECTS)('a file checked against the local index on %s', (dialect) => {
  const index = () => localIndex(store());
  const store = dashboardDbFor(dialect, async (db) => {
    await localIndex(db).putMerchants('sandbox', [lumen, contact]);
    await localIndex(db).putAccounts('sandbox', [
      account(1, 1, {}),
      account(7, 2, { iban: null, accountNumber: '000123456789', currencySymbol: 'USD' }),
    ]);
  });

  it('resolves names, registration numbers and account numbers, and names what is wrong', async () => {
    const file = await readBatchFile(
      Buffer.from(
        'merchant;payout_account;deposit_currency;payout_amount;purpose;reference\n' +
          'Lumen Textiles GmbH;DE89370400440532013000;USDT(TRC20);1.250,50;SUPPLIER_PAYMENT;A-1\n' +
          'C-42;000123456789;USDT(TRC20);99;SALARY;A-2\n' +
          'HRB 204518;123456789;USDT(TRC20);10;SALARY;A-3\n',
      ),
    );
    const lookups = await batchLookups(
      index(),
      'sandbox',
      file,
      [
        {
          name: 'Tether',
          symbol: 'USDT(TRC20)',
          currencyType: 'CRYPTO',
          sendFrom: true,
          sendTo: false,
        },
        { name: 'Euro', symbol: 'EUR', currencyType: 'FIAT', sendFrom: true, sendTo: true },
        { name: 'US dollar', symbol: 'USD', currencyType: 'FIAT', sendFrom: true, sendTo: true },
      ],
      [],
    );
    const [first, second, third] = validateRows('sendc2f', file, lookups);
    expect(first!.valid).toMatchObject({
      fromBusinessId: 1,
      toBusinessExternalAccountId: 1,
      toAmount: '1250.50',
    });
    expect(second!.valid).toMatchObject({
      fromBusinessId: 2,
      toBusinessExternalAccountId: 7,
      toCurrencySymbol: 'USD',
    });
    // Leading zeros are part of the number: without them it is another account.
    expect(third!.problems.map((p) => p.message)).toEqual([
      'payout_account "123456789" is not an account Lumen Textiles GmbH may pay (its own, its customer\'s or their contacts\')',
    ]);
  });
});
