// Periods in a person's time zone (docs/decisions/036): the presets of date filters and reports
// (today, the last 7 days, this month, last month, this quarter), the buckets of a chart (days,
// ISO weeks from Monday, months), the period before one, to compare with, and an instant written
// with its offset. Days begin at midnight where the person is, daylight saving included. Intl's
// zone data only, no library: the SPA's date filters (src/lib/dates.ts) and the server's reports
// and statements share this one module (issue 42).
export { BUCKETS, type Bucket, PRESET_LABEL, PRESETS, type Preset } from './period-names';
import type { Bucket, Preset } from './period-names';

export { isTimeZone } from './formats';
import { wallClock } from './formats';

// Calendar arithmetic on dates (YYYY-MM-DD), done in UTC where days have no gaps; a date
// becomes an instant only as its midnight where the person is. (Adding a day to a zoned
// instant would keep its UTC offset across a daylight-saving change.)
const fields = (date: string) => date.split('-').map(Number) as [number, number, number];
/** A calendar date from Date.UTC's count, as YYYY-MM-DD. */
const dateOf = (utc: number) => new Date(utc).toISOString().slice(0, 10);

/** The date (YYYY-MM-DD) it is at `ms` where the person is. */
export const dateAt = (ms: number, zone: string) => dateOf(wallClock(ms, zone));

/**
 * The instant the wall clock of `zone` shows `wall` (ms as if UTC). Where the clock skips it (a
 * zone that springs forward at midnight, as Santiago does), the first instant after the gap.
 */
function instantOf(wall: number, zone: string): number {
  const first = wall - (wallClock(wall, zone) - wall);
  const second = wall - (wallClock(first, zone) - first);
  return wallClock(second, zone) === wall ? second : Math.max(first, second);
}

/** The midnight starting a date (YYYY-MM-DD) where the person is. */
export function midnight(date: string, zone: string): number {
  const [y, m, d] = fields(date);
  return instantOf(Date.UTC(y, m - 1, d), zone);
}

/** The date `n` days, weeks, months or quarters after (or before) `date`; the day of a month
 * beyond the end of a shorter one is its last (31 January and a month is 28 February). */
export function shiftDate(date: string, n: number, unit: Bucket | 'quarter'): string {
  const [y, m, d] = fields(date);
  if (unit === 'day' || unit === 'week')
    return dateOf(Date.UTC(y, m - 1, d + n * (unit === 'week' ? 7 : 1)));
  const month = m - 1 + n * (unit === 'quarter' ? 3 : 1);
  const last = new Date(Date.UTC(y, month + 1, 0)).getUTCDate();
  return dateOf(Date.UTC(y, month, Math.min(d, last)));
}

/** The first date of the day, ISO week (Monday) or month holding `date`. */
function firstDate(date: string, unit: Bucket): string {
  const [y, m, d] = fields(date);
  if (unit === 'day') return date;
  if (unit === 'week')
    return dateOf(Date.UTC(y, m - 1, d - ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7)));
  return dateOf(Date.UTC(y, m - 1, 1));
}

/** The start of the day, ISO week (Monday) or month holding `ms`, where the person is. */
export function startOf(ms: number, unit: Bucket, zone: string): number {
  return midnight(firstDate(dateAt(ms, zone), unit), zone);
}

/** The start of the next day, week or month after the one starting at `start`. */
export function nextStart(start: number, unit: Bucket, zone: string): number {
  return midnight(shiftDate(firstDate(dateAt(start, zone), unit), 1, unit), zone);
}

/** The midnight `n` days after (or before) the day holding `ms`, where the person is. */
export const daysAfter = (ms: number, n: number, zone: string) =>
  midnight(shiftDate(dateAt(ms, zone), n, 'day'), zone);

/** A preset's first and last days (both included), as they stand at `now` where the person is. */
export function presetDates(preset: Preset, now: number, zone: string): [string, string] {
  const today = dateAt(now, zone);
  const month = firstDate(today, 'month');
  const upTo = (first: string, next: string): [string, string] => [
    first,
    shiftDate(next, -1, 'day'),
  ];
  switch (preset) {
    case 'today':
      return [today, today];
    case 'last7days':
      return [shiftDate(today, -6, 'day'), today];
    case 'thisMonth':
      return upTo(month, shiftDate(month, 1, 'month'));
    case 'lastMonth':
      return upTo(shiftDate(month, -1, 'month'), month);
    case 'thisQuarter': {
      const first = shiftDate(month, -((fields(month)[1] - 1) % 3), 'month');
      return upTo(first, shiftDate(first, 1, 'quarter'));
    }
  }
}

/** A preset's period, [from, to), as it stands at `now` where the person is. */
export function presetPeriod(
  preset: Preset,
  now: number,
  zone: string,
): { from: number; to: number } {
  const [first, last] = presetDates(preset, now, zone);
  return { from: midnight(first, zone), to: midnight(shiftDate(last, 1, 'day'), zone) };
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
    const [a, b] = [fields(dateAt(from, zone)), fields(dateAt(to, zone))];
    const months = (b[0] - a[0]) * 12 + (b[1] - a[1]);
    return { from: midnight(shiftDate(dateAt(from, zone), -months, 'month'), zone), to: from };
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

/** An instant to the minute in UTC, as people read it: `2026-11-29 16:57` (no zone named). */
export const utcMinute = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16);
