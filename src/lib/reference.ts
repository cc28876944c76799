// Reference data every screen may need: countries and currencies. They change rarely.
import { queryOptions } from '@tanstack/react-query';
import { listCountries, listCurrencies } from '#/api/client';
import type { Currency } from '#/api/schemas/reference';
import { api } from './api';

export const referenceKeys = {
  countries: ['reference', 'countries'] as const,
  currencies: ['reference', 'currencies'] as const,
};

export const countriesQuery = queryOptions({
  queryKey: referenceKeys.countries,
  queryFn: () => listCountries(api),
  staleTime: Infinity,
});

export const currenciesQuery = queryOptions({
  queryKey: referenceKeys.currencies,
  queryFn: () => listCurrencies(api),
  staleTime: 10 * 60_000,
});

/** Currencies as the choices of a select: the symbol, then the name ("EUR · Euro"). */
export function currencyChoices(currencies: readonly Currency[]) {
  return currencies.map((c) => ({ value: c.symbol, label: `${c.symbol} · ${c.name}` }));
}
