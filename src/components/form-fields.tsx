// Form inputs shared by the merchant and payout-account forms, and the wording of field errors.
import { Select, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { countriesQuery, currenciesQuery } from '../lib/reference';

export { fieldError } from '../lib/field-error';

export function CountrySelect(props: Omit<SelectProps, 'data'>) {
  const countries = useQuery(countriesQuery);
  return (
    <Select
      searchable
      nothingFoundMessage="No country matches"
      placeholder={countries.isPending ? 'Loading countries…' : 'Choose a country'}
      data={(countries.data ?? []).map((c) => ({
        value: c.countryIso,
        label: `${c.name} (${c.countryIso})`,
      }))}
      {...props}
    />
  );
}

/** Fiat currencies that can be paid out: what a payout account can hold. */
export function PayoutCurrencySelect(props: Omit<SelectProps, 'data'>) {
  const currencies = useQuery(currenciesQuery);
  return (
    <Select
      searchable
      placeholder={currencies.isPending ? 'Loading currencies…' : 'Choose a currency'}
      data={(currencies.data ?? [])
        .filter((c) => c.currencyType === 'FIAT' && c.sendTo)
        .map((c) => ({ value: c.symbol, label: `${c.symbol} · ${c.name}` }))}
      {...props}
    />
  );
}
