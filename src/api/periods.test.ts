// Periods where the person is (docs/decisions/036): midnight in Berlin, daylight saving, ISO
// weeks, presets and the period before.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { describe, expect, it } from 'vitest';
import {
  bucketsOf,
  dateAt,
  midnight,
  daysAfter,
  isoInZone,
  isTimeZone,
  nextStart,
  presetPeriod,
  previousPeriod,
  startOf,
} from './periods';

dayjs.extend(utc);
dayjs.extend(timezone);

const iso = (ms: number) => new Date(ms).toISOString();

describe('periods in a time zone', () => {
  it('puts 23:30 UTC on the next day in Berlin', () => {
    const late = Date.UTC(2026, 10, 20, 23, 30);
    expect(iso(startOf(late, 'day', 'Europe/Berlin'))).toBe('2026-11-20T23:00:00.000Z');
    expect(iso(startOf(late, 'day', 'UTC'))).toBe('2026-11-20T00:00:00.000Z');
  });

  it('has 23 and 25 hour days at the daylight-saving changes', () => {
    const spring = startOf(Date.UTC(2026, 2, 29, 12), 'day', 'Europe/Berlin');
    expect((nextStart(spring, 'day', 'Europe/Berlin') - spring) / 3_600_000).toBe(23);
    const autumn = startOf(Date.UTC(2026, 9, 25, 12), 'day', 'Europe/Berlin');
    expect((nextStart(autumn, 'day', 'Europe/Berlin') - autumn) / 3_600_000).toBe(25);
    // A month of days across the autumn change: 31 buckets, each starting at local midnight.
    const october = presetPeriod('lastMonth', Date.UTC(2026, 10, 3), 'Europe/Berlin');
    const days = bucketsOf(october.from, october.to, 'day', 'Europe/Berlin');
    expect(days).toHaveLength(31);
    expect(iso(days[24]!.start)).toBe('2026-10-24T22:00:00.000Z');
    expect(iso(days[25]!.start)).toBe('2026-10-25T23:00:00.000Z');
    expect(days.at(-1)!.end).toBe(october.to);
  });

  it('starts weeks on Monday and cuts the first and last bucket to the period', () => {
    const from = Date.UTC(2026, 10, 4); // a Wednesday
    const to = Date.UTC(2026, 10, 20);
    const weeks = bucketsOf(from, to, 'week', 'UTC');
    expect(weeks.map((w) => iso(w.start).slice(0, 10))).toEqual([
      '2026-11-04',
      '2026-11-09',
      '2026-11-16',
    ]);
    expect(weeks[2]!.end).toBe(to);
  });

  it('gives the presets as they stand now, where the person is', () => {
    const now = Date.UTC(2026, 10, 26, 23, 30); // already the 27th in Berlin
    const zone = 'Europe/Berlin';
    const at = (p: Parameters<typeof presetPeriod>[0]) => {
      const { from, to } = presetPeriod(p, now, zone);
      return [iso(from), iso(to)];
    };
    expect(at('today')).toEqual(['2026-11-26T23:00:00.000Z', '2026-11-27T23:00:00.000Z']);
    expect(at('last7days')[0]).toBe('2026-11-20T23:00:00.000Z');
    expect(at('thisMonth')).toEqual(['2026-10-31T23:00:00.000Z', '2026-11-30T23:00:00.000Z']);
    expect(at('lastMonth')).toEqual(['2026-09-30T22:00:00.000Z', '2026-10-31T23:00:00.000Z']);
    expect(at('thisQuarter')).toEqual(['2026-09-30T22:00:00.000Z', '2026-12-31T23:00:00.000Z']);
  });

  it('compares last month with the month before, and other periods with as long before', () => {
    const zone = 'Europe/Berlin';
    const october = presetPeriod('lastMonth', Date.UTC(2026, 10, 3), zone);
    const before = previousPeriod(october.from, october.to, zone);
    expect(iso(before.from)).toBe('2026-08-31T22:00:00.000Z');
    expect(before.to).toBe(october.from);
    expect(previousPeriod(1_000, 3_000, zone)).toEqual({ from: -1_000, to: 1_000 });
  });

  it('knows a time zone from a made-up one', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('days after', () => {
  it('counts days from where the person is, across a daylight-saving change', () => {
    const late = Date.UTC(2026, 9, 24, 23, 30); // the 25th in Berlin, the day the clocks go back
    expect(iso(daysAfter(late, 1, 'Europe/Berlin'))).toBe('2026-10-25T23:00:00.000Z');
    expect(iso(daysAfter(late, -27, 'Europe/Berlin'))).toBe('2026-09-27T22:00:00.000Z');
  });
});

describe('isoInZone', () => {
  it('writes an instant with the offset where the person is, daylight saving included', () => {
    const Z = (iso: string) => Date.parse(iso);
    expect(isoInZone(Z('2026-10-14T23:30:00Z'), 'Europe/Berlin')).toBe('2026-10-15T01:30:00+02:00');
    expect(isoInZone(Z('2026-10-25T00:59:59Z'), 'Europe/Berlin')).toBe('2026-10-25T02:59:59+02:00');
    expect(isoInZone(Z('2026-10-25T01:00:00Z'), 'Europe/Berlin')).toBe('2026-10-25T02:00:00+01:00');
    expect(isoInZone(Z('2026-01-15T12:00:00Z'), 'Asia/Kolkata')).toBe('2026-01-15T17:30:00+05:30');
    expect(isoInZone(Z('2026-01-15T12:00:00Z'), 'America/St_Johns')).toBe(
      '2026-01-15T08:30:00-03:30',
    );
    expect(isoInZone(Z('2026-01-15T12:00:00.999Z'), 'UTC')).toBe('2026-01-15T12:00:00+00:00');
    // The same as dayjs writes it, for every hour of a year in Berlin.
    for (let ms = Z('2026-01-01T00:00:00Z'); ms < Z('2027-01-01T00:00:00Z'); ms += 3_600_000)
      expect(isoInZone(ms, 'Europe/Berlin')).toBe(
        dayjs(ms).tz('Europe/Berlin').format('YYYY-MM-DDTHH:mm:ssZ'),
      );
  });
});

describe('midnight, against dayjs as a reference', () => {
  it('is the first instant of a day whose midnight the clock skips', () => {
    // Santiago springs forward at midnight on 6 September 2026: the day starts at 01:00 (-03:00).
    expect(iso(midnight('2026-09-06', 'America/Santiago'))).toBe('2026-09-06T04:00:00.000Z');
    expect(dateAt(midnight('2026-09-06', 'America/Santiago'), 'America/Santiago')).toBe(
      '2026-09-06',
    );
  });

  it.each([
    'Europe/Berlin',
    'America/New_York',
    'America/Santiago',
    'Australia/Lord_Howe',
    'Asia/Kolkata',
    'Pacific/Chatham',
    'UTC',
  ])('is where dayjs puts it, every day of two years in %s', (zone) => {
    for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2028, 0, 1); day += 86_400_000) {
      const date = new Date(day).toISOString().slice(0, 10);
      const ours = midnight(date, zone);
      const theirs = dayjs.tz(date, zone).valueOf();
      // Where a zone skips midnight (Santiago in September), both take the first instant of the
      // day; dayjs may land an hour off in the gap, so only the date of the result is compared.
      if (ours !== theirs) expect(dateAt(ours, zone)).toBe(date);
      else expect(ours).toBe(theirs);
    }
  });
});
