// A merchant filter for lists that searches every merchant in the local index as one types.
import { Select } from '@mantine/core';
import { useMerchantChoices } from '../queries';

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
  const choices = useMerchantChoices({}, value);
  return (
    <Select
      label={label}
      placeholder={placeholder}
      searchable
      clearable
      w={{ base: '100%', sm: w }}
      data={choices.options}
      // The index has already matched what was typed; show its answer as it is.
      filter={({ options }) => options}
      nothingFoundMessage={choices.searching ? 'Searching…' : 'No merchant matches'}
      onSearchChange={choices.onSearchChange}
      value={value !== undefined ? String(value) : null}
      onChange={(id) => onChange(id ? Number(id) : undefined)}
    />
  );
}
