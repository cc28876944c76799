import { describe, expect, it } from 'vitest';
import { sayText } from '../words';
import { payeeCountryProblems } from './payee-words';

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
    ).toEqual([{ field: 'iban', message: expect.any(String) }]);
    const [problem] = payeeCountryProblems({
      iban: 'FR1420041010050500013M02606',
      countryIso: 'DE',
    });
    expect(sayText(null, problem!.message)).toBe(
      'is from FR (France), but the bank country is DE (Germany): they must agree',
    );
    expect(sayText('de', problem!.message)).toBe(
      'ist aus FR (France), das Land der Bank ist aber DE (Germany): Beide müssen übereinstimmen',
    );
  });
});
