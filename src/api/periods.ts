// Periods in a person's time zone (docs/decisions/036): the presets of date filters and reports
// (today, the last 7 days, this month, last month, this quarter), the buckets of a chart (days,
// ISO weeks from Monday, months) and the period before one, to compare with. Days begin at
// midnight where the person is, daylight saving included (dayjs with Intl's zone data).
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

export { BUCKETS, type Bucket, PRESET_LABEL, PRESETS, type Preset } from './period-names';
import type { Bucket, Preset } from './period-names';

export { isTimeZone } from './formats';
import { wallClock } from './formats';

// Calendar arithmetic on dates (YYYY-MM-DD), done in UTC where days have no gaps; a date
// becomes an instant only as its midnight where the person is. (Adding a day to a zoned
// instant would keep its UTC offset across a daylight-saving change.)
const dateAt = (ms: number, zone: string) => dayjs(ms).tz(zone).format('YYYY-MM-DD');
/** The midnight starting a date (YYYY-MM-DD) where the person is. */
export const midnight = (date: string, zone: string) => dayjs.tz(date, zone).valueOf();
const shift = (date: string, n: number, unit: Bucket | 'quarter') =>
  unit === 'quarter'
    ? dayjs
        .utc(date)
        .add(3 * n, 'month')
        .format('YYYY-MM-DD')
    : dayjs.utc(date).add(n, unit).format('YYYY-MM-DD');

/** The first date of the day, ISO week (Monday) or month holding `date`. */
function firstDate(date: string, unit: Bucket): string {
  const d = dayjs.utc(date);
  if (unit === 'day') return date;
  if (unit === 'week') return d.subtract((d.day() + 6) % 7, 'day').format('YYYY-MM-DD');
  return d.startOf('month').format('YYYY-MM-DD');
}

/** The start of the day, ISO week (Monday) or month holding `ms`, where the person is. */
export function startOf(ms: number, unit: Bucket, zone: string): number {
  return midnight(firstDate(dateAt(ms, zone), unit), zone);
}

/** The start of the next day, week or month after the one starting at `start`. */
export function nextStart(start: number, unit: Bucket, zone: string): number {
  return midnight(shift(firstDate(dateAt(start, zone), unit), 1, unit), zone);
}

/** The midnight `n` days after (or before) the day holding `ms`, where the person is. */
export const daysAfter = (ms: number, n: number, zone: string) =>
  midnight(shift(dateAt(ms, zone), n, 'day'), zone);

/** A preset's period, [from, to), as it stands at `now` where the person is. */
export function presetPeriod(
  preset: Preset,
  now: number,
  zone: string,
): { from: number; to: number } {
  const today = dateAt(now, zone);
  const month = firstDate(today, 'month');
  const span = (from: string, to: string) => ({
    from: midnight(from, zone),
    to: midnight(to, zone),
  });
  switch (preset) {
    case 'today':
      return span(today, shift(today, 1, 'day'));
    case 'last7days':
      return span(shift(today, -6, 'day'), shift(today, 1, 'day'));
    case 'thisMonth':
      return span(month, shift(month, 1, 'month'));
    case 'lastMonth':
      return span(shift(month, -1, 'month'), month);
    case 'thisQuarter': {
      const first = shift(month, -(dayjs.utc(month).month() % 3), 'month');
      return span(first, shift(first, 1, 'quarter'));
    }
  }
}

/** The buckets of a period: each [start, end), the first and last cut to the period. */
export function bucketsOf(from: number, to: number, unit: Bucket, zone: string) {
  const buckets: { start: number; end: number }[] = [];
  for (let start = startOf(from, unit, zone); start < to; start = nextStart(start, unit, zone))
    buckets.push({ start: Math.max(start, from), end: Math.min(nextStart(start, unit, zone), to) });
  return buckets;
}

/** The bucket a period is best drawn in: days up to two months, weeks up to a year, months. */
export function bucketFor(from: number, to: number): Bucket {
  const days = (to - from) / 86_400_000;
  return days <= 62 ? 'day' : days <= 366 ? 'week' : 'month';
}

/**
 * The period before, to compare with: the same number of months before a period of whole
 * months where the person is (last month against the month before), else the same length.
 */
export function previousPeriod(from: number, to: number, zone: string) {
  const whole = (ms: number) => startOf(ms, 'month', zone) === ms;
  if (whole(from) && whole(to)) {
    const [a, b] = [dayjs.utc(dateAt(from, zone)), dayjs.utc(dateAt(to, zone))];
    const months = b.diff(a, 'month');
    return { from: midnight(shift(dateAt(from, zone), -months, 'month'), zone), to: from };
  }
  return { from: from - (to - from), to: from };
}

const offsets = new Map<string, number>();
const QUARTER_HOUR = 15 * 60_000;

/**
 * The zone's offset from UTC at `ms`, in minutes. Offsets change only on quarter hours, so each
 * quarter hour is asked of Intl once and kept: an export of a million times asks a few thousand.
 */
function offsetAt(ms: number, zone: string): number {
  if (zone === 'UTC') return 0;
  const slot = Math.floor(ms / QUARTER_HOUR);
  const key = `${zone} ${slot}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const at = slot * QUARTER_HOUR;
    offset = Math.round((wallClock(at, zone) - at) / 60_000);
    if (offsets.size > 100_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** An instant as ISO 8601 where the person is, with its offset: 2026-10-03T16:22:05+02:00. */
export function isoInZone(ms: number, zone: string): string {
  const offset = offsetAt(ms, zone);
  const local = new Date(ms + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const minutes = Math.abs(offset);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${local}${sign}${hh}:${mm}`;
}
