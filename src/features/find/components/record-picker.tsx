// A merchant filter for lists that searches every merchant in the local index as one types.
import { useLingui } from '@lingui/react/macro';
import { Select } from '@mantine/core';
import { useMerchantChoices } from '../queries';

export function MerchantPicker({
  value,
  onChange,
  label,
  placeholder,
  w = 280,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  label?: string;
  placeholder?: string;
  w?: number;
}) {
  const { t } = useLingui();
  const choices = useMerchantChoices({}, value);
  return (
    <Select
      label={label ?? t`Merchant`}
      placeholder={placeholder ?? t`All merchants`}
      searchable
      clearable
      w={{ base: '100%', sm: w }}
      data={choices.options}
      // The index has already matched what was typed; show its answer as it is.
      filter={({ options }) => options}
      nothingFoundMessage={choices.searching ? t`Searching…` : t`No merchant matches`}
      onSearchChange={choices.onSearchChange}
      value={value !== undefined ? String(value) : null}
      onChange={(id) => onChange(id ? Number(id) : undefined)}
    />
  );
}
