// From an uploaded file to checked rows, with the partner's records read from a real local index
// on SQLite and PostgreSQL.
import { englishOfText } from '#/i18n/words';
import { describe, expect, it } from 'vitest';
import type { Merchant } from '#/api/schemas/merchant';
import type { PayoutAccount } from '#/api/schemas/payout-account';
import { EXAMPLE_ACCOUNT, EXAMPLE_MERCHANT } from '#/api/examples';
import { transactionRecord } from '#/api/testing';
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

const oresund: Merchant = { ...lumen, id: 8, name: 'Øresund Freight ApS', localRegNumber: null };
const stranger: Merchant = { ...lumen, id: 9, name: 'Stranger Ltd', localRegNumber: null };
const CURRENCIES = [
  { name: 'Tether', symbol: 'USDT(TRC20)', currencyType: 'CRYPTO', sendFrom: true, sendTo: false },
  { name: 'Euro', symbol: 'EUR', currencyType: 'FIAT', sendFrom: true, sendTo: true },
  { name: 'US dollar', symbol: 'USD', currencyType: 'FIAT', sendFrom: true, sendTo: true },
] as const;

describe.each(DIALECTS)('a file checked against the local index on %s', (dialect) => {
  const index = () => localIndex(store());
  const store = dashboardDbFor(dialect, async (db) => {
    await localIndex(db).putMerchants('sandbox', [lumen, contact, oresund, stranger]);
    await localIndex(db).putAccounts('sandbox', [
      account(1, 1, {}),
      account(7, 2, { iban: null, accountNumber: '000123456789', currencySymbol: 'USD' }),
      account(9, 9, { iban: null, accountNumber: '4711', currencySymbol: 'EUR' }),
    ]);
    // Øresund paid the stranger's account once, through the API.
    await localIndex(db).putTransactions('sandbox', 'sendf2f', [
      transactionRecord({
        businessRequestId: 40,
        fromBusinessId: 8,
        toBusinessId: 9,
        toBusinessExternalAccountId: 9,
      }),
    ]);
  });

  /** A file's rows as the upload checks them, with the index's names and numbers. */
  async function checkedRows(product: 'sendc2f' | 'sendf2f', text: string) {
    const file = await readBatchFile(Buffer.from(text));
    return validateRows(
      product,
      file,
      await batchLookups(index(), 'sandbox', file, [...CURRENCIES], []),
    );
  }

  it('resolves names, registration numbers and account numbers, and names what is wrong', async () => {
    const [first, second, third] = await checkedRows(
      'sendc2f',
      'merchant;payout_account;deposit_currency;payout_amount;purpose;reference\n' +
        'Lumen Textiles GmbH;DE89370400440532013000;USDT(TRC20);1.250,50;SUPPLIER_PAYMENT;A-1\n' +
        'C-42;000123456789;USDT(TRC20);99;SALARY;A-2\n' +
        'HRB 204518;123456789;USDT(TRC20);10;SALARY;A-3\n',
    );
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
    expect(third!.problems.map((p) => englishOfText(p.message))).toEqual([
      'payout_account "123456789" is not an account Lumen Textiles GmbH may pay (its own, its customer\'s or their contacts\')',
    ]);
  });

  it('finds a name whatever the case of its letters, and an account the sender paid before', async () => {
    const [upper, exact, lumenRow] = await checkedRows(
      'sendf2f',
      'merchant,payout_account,deposit_currency,payout_amount,purpose,reference\n' +
        'ØRESUND FREIGHT APS,4711,EUR,10,OTHER,B-1\n' +
        'Øresund Freight ApS,9,EUR,20,OTHER,B-2\n' +
        'Lumen Textiles GmbH,4711,EUR,30,OTHER,B-3\n',
    );
    expect(upper!.valid).toMatchObject({ fromBusinessId: 8, toBusinessExternalAccountId: 9 });
    expect(exact!.valid).toMatchObject({ fromBusinessId: 8, toBusinessExternalAccountId: 9 });
    // Lumen never paid it, and it is outside Lumen's circle.
    expect(lumenRow!.valid).toBeUndefined();
  });
});
