import { describe, expect, it } from 'vitest';
import {
  bankDetailsAfter,
  bankDetailsOf,
  changedBankDetails,
  fromIban,
  maskedNumber,
  payeeCountryProblems,
} from './payee';

describe('payeeCountryProblems', () => {
  it.each([
    // iban, bic, country, problem fields
    ['DE89370400440532013000', 'COBADEFFXXX', 'DE', []],
    ['FR1420041010050500013M02606', null, 'DE', ['iban']],
    ['GB29NWBK60161331926819', 'SBININBB', 'IN', ['iban', 'swiftCode']],
    ['GB29NWBK60161331926819', 'NWBKGB2L', 'JE', []],
    ['FR1420041010050500013M02606', 'BNPAFRPP', 'RE', []],
    [null, 'SBININBB', 'GB', ['swiftCode']],
    [null, 'SBININBB', 'IN', []],
    ['not an iban', 'NOT A BIC', 'DE', []],
  ])('%s / %s / %s → %j', (iban, swiftCode, countryIso, fields) => {
    expect(payeeCountryProblems({ iban, swiftCode, countryIso }).map((p) => p.field)).toEqual(
      fields,
    );
  });

  it('names both countries in words', () => {
    expect(
      payeeCountryProblems({ iban: 'FR14 2004 1010 0505 0001 3M02 606', countryIso: 'DE' }),
    ).toEqual([
      {
        field: 'iban',
        message: 'is from FR (France), but the bank country is DE (Germany): they must agree',
      },
    ]);
  });
});

describe('fromIban', () => {
  it('gives the country and the bank code an IBAN carries', () => {
    expect(fromIban('de89 3704 0044 0532 0130 00')).toEqual({
      countryIso: 'DE',
      bankCode: '37040044',
    });
    expect(fromIban('GB29NWBK60161331926819')).toEqual({
      countryIso: 'GB',
      bankCode: 'NWBK601613',
    });
    expect(fromIban('DE00 0000')).toBeUndefined();
  });
});

describe('bank details', () => {
  const current = bankDetailsOf({
    iban: 'DE89370400440532013000',
    accountNumber: null,
    swiftCode: 'cobadeffxxx',
    accountHolderName: 'Lumen Textiles GmbH',
    countryIso: 'DE',
  });

  it('sees an IBAN written with spaces or a BIC in lower case as the same', () => {
    const after = bankDetailsAfter(current, {
      iban: 'de89 3704 0044 0532 0130 00',
      swiftCode: 'COBADEFFXXX',
      bankName: 'Another name',
    });
    expect(changedBankDetails(current, after)).toEqual([]);
  });

  it('keeps what a body leaves out and clears what it sends as null', () => {
    const after = bankDetailsAfter(current, {
      iban: 'FR1420041010050500013M02606',
      swiftCode: null,
    });
    expect(changedBankDetails(current, after)).toEqual(['iban', 'swiftCode']);
    expect(after.accountHolderName).toBe('Lumen Textiles GmbH');
  });

  it('masks all but the country, check digits and last four characters', () => {
    expect(maskedNumber(current)).toBe('DE89 •••• 3000');
    expect(maskedNumber({ iban: null, accountNumber: '12-345 6789' })).toBe('•••• 6789');
  });
});
