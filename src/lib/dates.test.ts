// Days where the person is: the date filters' presets and a day's bounds, in a zone chosen
// (Berlin, across a daylight-saving change) and in UTC.
import { expect, it } from 'vitest';
import { endOfDay, presetDays, startOfDay } from './dates';

const Z = (iso: string) => Date.parse(iso);

it('offers today, the last 7 days, this and last month and this quarter', () => {
  const presets = presetDays(Z('2026-01-03T15:00:00Z'), 'UTC');
  expect(presets.map((p) => [p.label, ...p.value])).toEqual([
    ['Today', '2026-01-03', '2026-01-03'],
    ['Last 7 days', '2025-12-28', '2026-01-03'],
    ['This month', '2026-01-01', '2026-01-31'],
    ['Last month', '2025-12-01', '2025-12-31'],
    ['This quarter', '2026-01-01', '2026-03-31'],
  ]);
  expect(presetDays(Z('2026-11-26T12:00:00Z'), 'UTC').at(-1)!.value).toEqual([
    '2026-10-01',
    '2026-12-31',
  ]);
});

it('counts today where the person is: 23:30 UTC on the 31st is the 1st in Berlin', () => {
  const presets = presetDays(Z('2026-10-31T23:30:00Z'), 'Europe/Berlin');
  expect(presets[0]!.value).toEqual(['2026-11-01', '2026-11-01']);
  expect(presets[3]!.value).toEqual(['2026-10-01', '2026-10-31']);
  expect(presetDays(Z('2026-10-31T23:30:00Z'), 'America/New_York')[0]!.value).toEqual([
    '2026-10-31',
    '2026-10-31',
  ]);
});

it('bounds a day at midnight where the person is, daylight saving included', () => {
  expect(startOfDay('2026-10-25', 'Europe/Berlin')).toBe(Z('2026-10-24T22:00:00Z'));
  // The day summer time ends has 25 hours.
  expect(endOfDay('2026-10-25', 'Europe/Berlin')).toBe(Z('2026-10-25T22:59:59.999Z'));
  expect(startOfDay('2026-03-29', 'Europe/Berlin')).toBe(Z('2026-03-28T23:00:00Z'));
  expect(endOfDay('2026-03-29', 'Europe/Berlin')).toBe(Z('2026-03-29T21:59:59.999Z'));
  expect(startOfDay('2026-07-01', 'UTC')).toBe(Z('2026-07-01T00:00:00Z'));
});
