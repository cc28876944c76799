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
