// Every rule a bulk payout row is checked by, as a table: one row per case, the file read by the
// same reader as an upload, the partner's records given as the local index would.
import { describe, expect, it } from 'vitest';
import type { Currency } from '#/api/schemas/reference';
import { englishOfText } from '#/i18n/words';
import { readBatchFile } from './file';
import { type BatchLookups, validateRows } from './validate';

const currency = (symbol: string, currencyType: 'FIAT' | 'CRYPTO', sendTo = true): Currency => ({
  name: symbol,
  symbol,
  currencyType,
  sendFrom: true,
  sendTo,
});

const lookups: BatchLookups = {
  merchants: [
    {
      id: 1,
      name: 'Lumen Textiles GmbH',
      kycStatus: 'VALID',
      ownerId: null,
      localRegNumber: 'HRB 204518',
    },
    {
      id: 3,
      name: 'Anatolia Cotton Mills A.Ş.',
      kycStatus: 'VALID',
      ownerId: 1,
      localRegNumber: null,
    },
    {
      id: 4,
      name: 'Nordlicht Software AG',
      kycStatus: 'ACTION_NEEDED',
      ownerId: null,
      localRegNumber: null,
    },
    { id: 5, name: 'Twin Trading', kycStatus: 'VALID', ownerId: null, localRegNumber: null },
    { id: 6, name: 'twin trading', kycStatus: 'VALID', ownerId: null, localRegNumber: null },
    {
      id: 8,
      name: 'Harbor & Pine Trading Ltd',
      kycStatus: 'VALID',
      ownerId: null,
      localRegNumber: null,
    },
  ],
  accounts: [
    {
      id: 1,
      businessId: 1,
      currencySymbol: 'EUR',
      accountStatus: 'ACTIVE',
      iban: 'DE89370400440532013000',
      accountNumber: null,
    },
    {
      id: 3,
      businessId: 3,
      currencySymbol: 'EUR',
      accountStatus: 'ACTIVE',
      iban: null,
      accountNumber: '0012345678',
    },
    {
      id: 9,
      businessId: 1,
      currencySymbol: 'JPY',
      accountStatus: 'ACTIVE',
      iban: null,
      accountNumber: '777',
    },
    {
      id: 10,
      businessId: 1,
      currencySymbol: 'USD',
      accountStatus: 'FROZEN',
      iban: null,
      accountNumber: '555',
    },
    {
      id: 11,
      businessId: 8,
      currencySymbol: 'GBP',
      accountStatus: 'ACTIVE',
      iban: null,
      accountNumber: '999',
    },
  ],
  // Twin Trading (#5) has paid Harbor & Pine's account before, outside its circle.
  paid: new Set(['5:11']),
  currencies: [
    currency('USDT(TRC20)', 'CRYPTO', false),
    currency('USD', 'FIAT'),
    currency('EUR', 'FIAT'),
    currency('JPY', 'FIAT'),
    currency('GBP', 'FIAT'),
  ],
  recent: [{ transactionId: 25, accountId: 1, amount: '2500.00', reference: 'INV-2500' }],
};

const HEADER =
  'merchant,payout_account,deposit_currency,payout_amount,purpose,reference,invoice_url';
const GOOD = '1,DE89 3704 0044 0532 0130 00,USDT(TRC20),1250.50,SUPPLIER_PAYMENT,INV-1,';

async function check(lines: string[], product: 'sendc2f' | 'sendf2f' | 'receive' = 'sendc2f') {
  const file = await readBatchFile(Buffer.from(`${HEADER}\n${lines.join('\n')}\n`));
  expect(file.refused).toEqual([]);
  return validateRows(product, file, lookups);
}

describe('a valid row', () => {
  it('is resolved to what the API will be sent: ids, symbols, a plain amount', async () => {
    const [result] = await check([GOOD]);
    expect(result).toEqual({
      row: 2,
      problems: [],
      valid: {
        fromBusinessId: 1,
        toBusinessExternalAccountId: 1,
        fromCurrencySymbol: 'USDT(TRC20)',
        toCurrencySymbol: 'EUR',
        toAmount: '1250.50',
        purpose: 'SUPPLIER_PAYMENT',
        invoiceUrl: null,
        depositConfirmationUrl: null,
        reference: 'INV-1',
      },
    });
  });

  it.each([
    [
      'by registration number, a contact’s account by number',
      'HRB 204518,0012345678,usdt(trc20),99,supplier payment,,',
      1,
      3,
    ],
    [
      'by exact name in another case, the account by id',
      'lumen textiles gmbh,9,USDT(TRC20),1200,OTHER,,https://files.partner.example/i.pdf',
      1,
      9,
    ],
    ['a contact sending to its customer’s account', '3,1,USDT(TRC20),10,OTHER,,', 3, 1],
    ['an account paid before, outside the circle', '5,11,USDT(TRC20),10,OTHER,,', 5, 11],
  ])('names its parties %s', async (_, line, merchant, account) => {
    const [result] = await check([line]);
    expect(result!.problems).toEqual([]);
    expect(result!.valid).toMatchObject({
      fromBusinessId: merchant,
      toBusinessExternalAccountId: account,
    });
  });
});

describe('each rule', () => {
  it.each([
    ['a missing merchant', ',1,USDT(TRC20),10,OTHER,,', 'merchant is required'],
    [
      'an unknown merchant',
      'Nobody Ltd,1,USDT(TRC20),10,OTHER,,',
      'merchant "Nobody Ltd" names no merchant',
    ],
    [
      'a name two merchants share',
      'Twin Trading,1,USDT(TRC20),10,OTHER,,',
      'names 2 merchants: use the id (#5, #6)',
    ],
    [
      'a merchant that is not VALID',
      '4,1,USDT(TRC20),10,OTHER,,',
      'Nordlicht Software AG (#4) is ACTION_NEEDED: only VALID merchants can send',
    ],
    [
      'another merchant’s account',
      '1,11,USDT(TRC20),10,OTHER,,',
      'payout_account "11" is not an account Lumen Textiles GmbH may pay',
    ],
    [
      'an IBAN with a mistyped digit',
      '1,DE89 3704 0044 0532 0130 01,USDT(TRC20),10,OTHER,,',
      'payout_account "DE89 3704 0044 0532 0130 01" is not a valid IBAN: its check digits do not match',
    ],
    [
      'an IBAN a character short',
      '1,DE89 3704 0044 0532 0130 0,USDT(TRC20),10,OTHER,,',
      'is not a valid IBAN: a DE IBAN has another length',
    ],
    [
      'a frozen account',
      '1,555,USDT(TRC20),10,OTHER,,',
      'payout_account #10 is FROZEN: only ACTIVE accounts receive',
    ],
    [
      'a fiat deposit for a payout',
      '1,1,EUR,10,OTHER,,',
      'deposit_currency "EUR" is not a deposit currency of this product: USDT(TRC20)',
    ],
    [
      'an amount over the limit',
      '1,1,USDT(TRC20),1000000.01,OTHER,,',
      'payout_amount must be between 1 and 1000000',
    ],
    [
      'an amount under the limit',
      '1,1,USDT(TRC20),0.50,OTHER,,',
      'payout_amount must be between 1 and 1000000',
    ],
    [
      'decimals the currency lacks',
      '1,9,USDT(TRC20),1200.5,OTHER,,',
      'payout_amount must be a whole number: JPY has no decimals',
    ],
    [
      'an unreadable amount',
      '1,1,USDT(TRC20),12.5.3,OTHER,,',
      'payout_amount "12.5.3" must be a number such as 1250.50',
    ],
    ['an unknown purpose', '1,1,USDT(TRC20),10,GIFT,,', 'purpose "GIFT" is not one of'],
    [
      'a link that is not http',
      '1,1,USDT(TRC20),10,OTHER,,ftp://files/x.pdf',
      'invoice_url must be an http or https URL',
    ],
    [
      'a payment made in the last 30 days',
      '1,1,USDT(TRC20),2500,OTHER,inv-2500,',
      'reference repeats transaction #25: same account, amount and reference in the last 30 days',
    ],
  ])('refuses %s', async (_, line, message) => {
    const [result] = await check([line]);
    expect(result!.valid).toBeUndefined();
    expect(result!.problems.map((p) => englishOfText(p.message)).join(' | ')).toContain(message);
    for (const problem of result!.problems) expect(problem.row).toBe(2);
  });

  it('offers a collection only the sender’s own accounts, and fiat deposits', async () => {
    const [contact, own] = await check(['1,3,USD,10,OTHER,,', '1,1,USD,10,OTHER,,'], 'receive');
    expect(englishOfText(contact!.problems[0]!.message)).toBe(
      'payout_account "3" is not an account of Lumen Textiles GmbH',
    );
    expect(own!.valid).toMatchObject({ fromCurrencySymbol: 'USD', toCurrencySymbol: 'EUR' });
  });

  it('finds a row repeated in the file, however its amount is written', async () => {
    const results = await check([
      GOOD,
      '1,1,USDT(TRC20),"1,250.5",SUPPLIER_PAYMENT,inv-1,',
      '1,1,USDT(TRC20),1250.50,SUPPLIER_PAYMENT,INV-2,',
    ]);
    expect(results[1]!.problems.map((p) => englishOfText(p.message))).toEqual([
      'reference repeats row 2: same account, amount and reference',
    ]);
    expect(results[0]!.valid).toBeDefined();
    expect(results[2]!.valid).toBeDefined();
  });

  it('says everything wrong with a row at once', async () => {
    const [result] = await check([',,,,,,']);
    expect(result!.problems.map((p) => p.column)).toEqual([
      'merchant',
      'payout_account',
      'deposit_currency',
      'payout_amount',
      'purpose',
    ]);
  });
});
