// The date filters' presets, as days in the reader's time zone (the tests run in UTC).
import { expect, it } from 'vitest';
import { presetDays } from './dates';

it('offers today, the last 7 days, this and last month and this quarter', () => {
  const presets = presetDays(new Date(2026, 0, 3, 15, 0));
  expect(presets.map((p) => [p.label, ...p.value])).toEqual([
    ['Today', '2026-01-03', '2026-01-03'],
    ['Last 7 days', '2025-12-28', '2026-01-03'],
    ['This month', '2026-01-01', '2026-01-31'],
    ['Last month', '2025-12-01', '2025-12-31'],
    ['This quarter', '2026-01-01', '2026-03-31'],
  ]);
  expect(presetDays(new Date(2026, 10, 26)).at(-1)!.value).toEqual(['2026-10-01', '2026-12-31']);
});
