// Reference data: currencies and countries.
import { z } from 'zod';

export const CurrencyType = z.enum(['FIAT', 'CRYPTO']);

export const Currency = z
  .object({
    name: z.string(),
    symbol: z
      .string()
      .meta({ description: 'A crypto symbol can carry its token standard, as in USDT(TRC20).' }),
    currencyType: CurrencyType,
    sendFrom: z.boolean().meta({ description: 'The currency can be the deposit currency.' }),
    sendTo: z.boolean().meta({ description: 'The currency can be the payout currency.' }),
  })
  .meta({ id: 'Currency' });

export const CurrencyList = z.array(Currency);

export const Country = z
  .object({
    countryIso: z.string().meta({ description: 'ISO 3166-1 alpha-2 code.' }),
    name: z.string(),
  })
  .meta({ id: 'Country' });

export const CountryList = z.array(Country);

export type Currency = z.infer<typeof Currency>;

/**
 * The currencies a product's client may deposit: crypto for payouts, fiat for end to end and
 * collections, each among those the service takes in (`sendFrom`).
 */
export function depositCurrencies(
  product: 'sendc2f' | 'sendf2f' | 'receive',
  currencies: readonly Currency[],
): Currency[] {
  return currencies.filter(
    (c) =>
      c.sendFrom &&
      (product === 'sendc2f' ? c.currencyType === 'CRYPTO' : c.currencyType === 'FIAT'),
  );
}
export type Country = z.infer<typeof Country>;
