// Calendar days (YYYY-MM-DD, as URLs carry them) and the API's millisecond bounds for them, in
// the person's time zone (docs/decisions/037: their choice, else their browser's). Intl only:
// this is in the first load, where the period arithmetic of reports (dayjs) is not.
import { wallClock } from '#/api/formats';
import { currentFormats } from './format';

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const DAY_MS = 86_400_000;
/** The instant the wall clock of `zone` shows `wall` (ms as if UTC); the later one at a gap. */
function instantOf(wall: number, zone: string): number {
  const first = wall - (wallClock(wall, zone) - wall);
  return wall - (wallClock(first, zone) - first);
}

const dayParts = (day: string) => day.split('-').map(Number) as [number, number, number];

/** The first millisecond of the day where the person is. */
export function startOfDay(day: string, zone = currentFormats().timeZone): number {
  const [y, m, d] = dayParts(day);
  return instantOf(Date.UTC(y, m - 1, d), zone);
}

/** The last millisecond of the day: `toDate` is inclusive. */
export function endOfDay(day: string, zone = currentFormats().timeZone): number {
  const [y, m, d] = dayParts(day);
  return instantOf(Date.UTC(y, m - 1, d + 1), zone) - 1;
}

/** A calendar date (from Date.UTC's fields) as YYYY-MM-DD. */
const dayOf = (utc: number) => new Date(utc).toISOString().slice(0, 10);

/**
 * The date filters' presets as days (first and last included) where the person is: today, the
 * last 7 days, this month, last month, this quarter (docs/decisions/036).
 */
export function presetDays(
  now: number = Date.now(),
  zone = currentFormats().timeZone,
): { label: string; value: [string, string] }[] {
  const today = new Date(Math.floor(wallClock(now, zone) / DAY_MS) * DAY_MS);
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  const day = (month: number, date: number) => dayOf(Date.UTC(y, month, date));
  const quarter = m - (m % 3);
  return [
    { label: 'Today', value: [dayOf(+today), dayOf(+today)] },
    { label: 'Last 7 days', value: [day(m, today.getUTCDate() - 6), dayOf(+today)] },
    { label: 'This month', value: [day(m, 1), day(m + 1, 0)] },
    { label: 'Last month', value: [day(m - 1, 1), day(m, 0)] },
    { label: 'This quarter', value: [day(quarter, 1), day(quarter + 3, 0)] },
  ];
}
