// A range of days as a filter: the presets (today, the last 7 days, this month…) where the
// person is, the first day held while the second is picked, then both put in the URL.
import { useLingui } from '@lingui/react/macro';
import '@mantine/dates/styles.css';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { presetDays } from '#/lib/dates';
import { DatesLocale } from '#/components/dates-locale';

export function DayRange({
  label,
  from,
  to,
  onChange,
}: {
  label: string;
  from: string | undefined;
  to: string | undefined;
  onChange: (range: { from: string | undefined; to: string | undefined }) => void;
}) {
  const { t } = useLingui();
  const [range, setRange] = useState<[string | null, string | null]>([from ?? null, to ?? null]);
  useEffect(() => setRange([from ?? null, to ?? null]), [from, to]);
  return (
    <DatesLocale>
      <DatePickerInput
        type="range"
        label={label}
        placeholder={t`Any date`}
        clearable
        clearButtonProps={{ 'aria-label': t`Clear the dates` }}
        allowSingleDateInRange
        presets={presetDays()}
        valueFormat="D MMM YYYY"
        leftSection={<IconCalendar size={16} aria-hidden />}
        w={{ base: '100%', sm: 280 }}
        value={range}
        onChange={([start, end]) => {
          setRange([start, end]);
          // The first day alone waits for the second; a cleared range clears the filter.
          if (start && !end) return;
          onChange({ from: start ?? undefined, to: end ?? undefined });
        }}
      />
    </DatesLocale>
  );
}
