import { describe, expect, it } from 'vitest';
import {
  bankDetailsAfter,
  bankDetailsOf,
  changedBankDetails,
  fromIban,
  maskedNumber,
} from './payee';

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
