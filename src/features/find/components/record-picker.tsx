// Pickers that search every merchant or payout account in the local index as one types, not
// just the newest hundred.
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { merchantQuery } from '../../merchants/queries';
import { merchantIndexQuery } from '../queries';

export function MerchantPicker({
  value,
  onChange,
  label = 'Merchant',
  placeholder = 'All merchants',
  w = 280,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  label?: string;
  placeholder?: string;
  w?: number;
}) {
  const [typed, setTyped] = useState('');
  const [q] = useDebouncedValue(typed, 200);
  const found = useQuery(merchantIndexQuery({ q: q || undefined, start: 0, limit: 20 }));
  const selected = useQuery({ ...merchantQuery(value ?? 0), enabled: value !== undefined });
  const options = (found.data?.results ?? []).map((m) => ({
    value: String(m.id),
    label: `${m.name} (#${m.id})`,
  }));
  if (value !== undefined && !options.some((o) => o.value === String(value))) {
    options.unshift({
      value: String(value),
      label: selected.data ? `${selected.data.name} (#${value})` : `#${value}`,
    });
  }
  return (
    <Select
      label={label}
      placeholder={placeholder}
      searchable
      clearable
      w={w}
      data={options}
      // The index has already matched what was typed; show its answer as it is.
      filter={({ options: all }) => all}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No merchant matches'}
      onSearchChange={setTyped}
      value={value !== undefined ? String(value) : null}
      onChange={(id) => onChange(id ? Number(id) : undefined)}
    />
  );
}
