// When a payout is made (docs/decisions/090): now, once on a day, or monthly on a day of the
// month (the 31st falling to the last day of shorter months), with the cut-off (UTC) by which
// its approvals must be given that day, else that run is skipped.
import { fieldError } from '#/lib/field-error';
import { WRAPPING_SEGMENTS } from '#/components/wrapping';
import { Trans, useLingui } from '@lingui/react/macro';
import { SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { firstMonthlyRun, nextMonthlyRun } from '#/api/schedules';
import { formatDate } from '#/lib/format';

export type When = 'now' | 'once' | 'monthly';
export interface ScheduleValue {
  when: When;
  date: string;
  day: string;
  cutoff: string;
}
export type ScheduleErrors = Partial<Record<'date' | 'dayOfMonth' | 'cutoff', string>>;

export const todayUtc = () => new Date().toISOString().slice(0, 10);

/** The first runs of a monthly schedule, for the person to check the 31st does what they mean. */
function firstRuns(date: string, day: number): string[] {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !(day >= 1 && day <= 31)) return [];
  const runs = [firstMonthlyRun(date, day)];
  while (runs.length < 3) runs.push(nextMonthlyRun(runs.at(-1)!, day));
  return runs;
}

export function ScheduleChoice({
  value,
  onChange,
  errors,
}: {
  value: ScheduleValue;
  onChange: (next: ScheduleValue) => void;
  errors: ScheduleErrors;
}) {
  const { t } = useLingui();
  const set = (part: Partial<ScheduleValue>) => onChange({ ...value, ...part });
  const fromLabel = value.when === 'once' ? t`Day` : t`From`;
  const runs = value.when === 'monthly' ? firstRuns(value.date, Number(value.day)) : [];
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} id="when-label">
        <Trans>When</Trans>
      </Text>
      <SegmentedControl
        aria-labelledby="when-label"
        value={value.when}
        onChange={(when) => set({ when: when as When })}
        data={[
          { value: 'now', label: t`Now` },
          { value: 'once', label: t`On a day` },
          { value: 'monthly', label: t`Monthly` },
        ]}
        fullWidth
        maw={420}
        // Longer words wrap on a phone instead of being cut.
        styles={WRAPPING_SEGMENTS}
      />
      {value.when !== 'now' && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              type="date"
              label={fromLabel}
              description={t`UTC; quoted that day at that day’s rate`}
              value={value.date}
              onChange={(e) => set({ date: e.currentTarget.value })}
              error={fieldError(fromLabel, errors.date)}
            />
            {value.when === 'monthly' && (
              <TextInput
                label={t`Day of the month`}
                description={t`31: the last day of shorter months`}
                inputMode="numeric"
                value={value.day}
                onChange={(e) => set({ day: e.currentTarget.value })}
                error={fieldError(t`Day of the month`, errors.dayOfMonth)}
              />
            )}
            <TextInput
              type="time"
              label={t`Approved by (UTC)`}
              description={t`Not approved by then: that run is skipped`}
              value={value.cutoff}
              onChange={(e) => set({ cutoff: e.currentTarget.value })}
              error={fieldError(t`Approved by`, errors.cutoff)}
            />
          </SimpleGrid>
          {runs.length > 0 && (
            <Text size="sm" c="dimmed" data-testid="first-runs">
              {t`Runs on ${runs.map((r) => formatDate(Date.parse(`${r}T12:00:00Z`))).join(', ')}, …`}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
