// Form inputs shared by the merchant and payout-account forms, and the wording of field errors.
import { Select, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { countriesQuery, currenciesQuery, merchantChoicesQuery } from '../lib/reference';

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

/** A merchant filter for lists: the newest hundred merchants, by name or id. */
export function MerchantFilter({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  const merchants = useQuery(merchantChoicesQuery);
  return (
    <Select
      label="Merchant"
      placeholder="All merchants"
      searchable
      clearable
      w={280}
      data={(merchants.data?.results ?? []).map((m) => ({
        value: String(m.id),
        label: `${m.name} (#${m.id})`,
      }))}
      value={value ? String(value) : null}
      onChange={(id) => onChange(id ? Number(id) : undefined)}
    />
  );
}
