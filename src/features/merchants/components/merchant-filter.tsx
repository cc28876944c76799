import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { merchantChoicesQuery } from '../queries';

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
