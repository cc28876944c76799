// What a report covers: the period (a preset, or two days chosen), the buckets of its charts,
// the product and the payout currency. Each change is given to `onChange` as the part of the
// page's search it changes; clearing a filter gives undefined.
import { useLingui } from '@lingui/react/macro';
import '@mantine/dates/styles.css';
import { Group, Select } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { BUCKETS, type Bucket, PRESET_LABEL, PRESETS, type Preset } from '#/api/period-names';
import { PRODUCTS, type Product } from '#/api/schemas/transaction';
import { PRODUCT_TITLE } from '#/lib/products';
import { DatesLocale } from '#/components/dates-locale';
import { ChoiceFilter } from '#/components/filters';
import { tr } from '#/i18n/current';

export interface ReportFilterValues {
  period?: Preset | 'custom' | undefined;
  from?: string | undefined;
  to?: string | undefined;
  bucket?: Bucket | undefined;
  product?: Product | undefined;
  currency?: string | undefined;
}

export function ReportFilters({
  search,
  currencies: reported,
  onChange: set,
}: {
  search: ReportFilterValues;
  /** The payout currencies the report holds; the one chosen stays offered when it holds none. */
  currencies: readonly string[];
  onChange: (next: Partial<ReportFilterValues>) => void;
}) {
  const { t } = useLingui();
  const currencies = [...new Set(reported)];
  if (search.currency && !currencies.includes(search.currency)) currencies.push(search.currency);
  const choices: ReadonlyArray<{
    key: 'bucket' | 'product' | 'currency';
    label: string;
    width: number;
    every: string;
    choices: Array<{ value: string; label: string }>;
  }> = [
    {
      key: 'bucket',
      label: t`Per`,
      width: 120,
      every: t`Best fit`,
      choices: BUCKETS.map((b) => ({
        value: b,
        label: b === 'day' ? t`Day` : b === 'week' ? t`Week` : t`Month`,
      })),
    },
    {
      key: 'product',
      label: t`Product`,
      width: 170,
      every: t`Every product`,
      choices: PRODUCTS.map((p) => ({ value: p, label: tr(PRODUCT_TITLE[p].plural) })),
    },
    {
      key: 'currency',
      label: t`Payout currency`,
      width: 150,
      every: t`Every currency`,
      choices: currencies.map((c) => ({ value: c, label: c })),
    },
  ];
  return (
    <Group gap="sm" align="end" mb="lg" wrap="wrap">
      <Select
        label={t`Period`}
        w={170}
        allowDeselect={false}
        value={search.period ?? 'lastMonth'}
        data={[
          ...PRESETS.map((p) => ({ value: p, label: tr(PRESET_LABEL[p]) })),
          { value: 'custom', label: t`Days I choose` },
        ]}
        onChange={(value) =>
          set({ period: (value ?? 'lastMonth') as ReportFilterValues['period'] })
        }
      />
      {search.period === 'custom' && (
        <DatesLocale>
          <DatePickerInput
            type="range"
            label={t`Days`}
            placeholder={t`Choose two days`}
            valueFormat="D MMM YYYY"
            leftSection={<IconCalendar size={16} aria-hidden />}
            w={260}
            value={[search.from ?? null, search.to ?? null]}
            onChange={([from, to]) => {
              if (from && to) set({ from, to });
            }}
          />
        </DatesLocale>
      )}
      {choices.map((filter) => (
        <ChoiceFilter
          key={filter.key}
          label={filter.label}
          w={filter.width}
          placeholder={filter.every}
          value={search[filter.key]}
          choices={filter.choices}
          // Each choice is one of the filter's own values (or none).
          onChange={(value) => set({ [filter.key]: value } as Partial<ReportFilterValues>)}
        />
      ))}
    </Group>
  );
}
