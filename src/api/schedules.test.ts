// Monthly runs (docs/decisions/090): a schedule on the 31st runs on the last day of each shorter
// month and on the 31st again after, never drifting to the 28th or 30th.
import { describe, expect, it } from 'vitest';
import { firstMonthlyRun, monthlyRunDate, nextMonthlyRun } from './schedules';

const runs = (start: string, day: number, n: number) => {
  const out = [firstMonthlyRun(start, day)];
  while (out.length < n) out.push(nextMonthlyRun(out.at(-1)!, day));
  return out;
};

describe('monthly runs', () => {
  it('twelve runs from the 31st land on the last day of shorter months', () => {
    expect(runs('2027-01-31', 31, 12)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
      '2027-07-31',
      '2027-08-31',
      '2027-09-30',
      '2027-10-31',
      '2027-11-30',
      '2027-12-31',
    ]);
  });
  it('a leap year’s February has its 29th', () => {
    expect(runs('2028-01-15', 31, 3)).toEqual(['2028-01-31', '2028-02-29', '2028-03-31']);
    expect(runs('2028-01-30', 30, 3)).toEqual(['2028-01-30', '2028-02-29', '2028-03-30']);
  });
  it('starts next month when this month’s day has passed, and crosses the year', () => {
    expect(firstMonthlyRun('2027-12-20', 15)).toBe('2028-01-15');
    expect(firstMonthlyRun('2027-12-15', 15)).toBe('2027-12-15');
    expect(nextMonthlyRun('2027-12-31', 31)).toBe('2028-01-31');
    expect(monthlyRunDate('2027-02', 1)).toBe('2027-02-01');
  });
});
