// Calendar days (YYYY-MM-DD, as URLs carry them) and the API's millisecond bounds for them.

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The first millisecond of the day in the reader's time zone. */
export function startOfDay(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 0, 0, 0, 0).getTime();
}

/** The last millisecond of the day: `toDate` is inclusive. */
export function endOfDay(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 23, 59, 59, 999).getTime();
}

/** A local date as YYYY-MM-DD. */
const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * The date filters' presets as days (first and last included) in the reader's time zone: today,
 * the last 7 days, this month, last month, this quarter (docs/decisions/036).
 */
export function presetDays(now: Date = new Date()): { label: string; value: [string, string] }[] {
  const y = now.getFullYear();
  const m = now.getMonth();
  const day = (year: number, month: number, date: number) => dayOf(new Date(year, month, date));
  const quarter = m - (m % 3);
  return [
    { label: 'Today', value: [dayOf(now), dayOf(now)] },
    { label: 'Last 7 days', value: [day(y, m, now.getDate() - 6), dayOf(now)] },
    { label: 'This month', value: [day(y, m, 1), day(y, m + 1, 0)] },
    { label: 'Last month', value: [day(y, m - 1, 1), day(y, m, 0)] },
    { label: 'This quarter', value: [day(y, quarter, 1), day(y, quarter + 3, 0)] },
  ];
}
