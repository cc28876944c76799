// Calendar days (YYYY-MM-DD, as URLs carry them) and the API's millisecond bounds for them, in
// the person's time zone (docs/decisions/037: their choice, else their browser's). The arithmetic
// is src/api/periods.ts's, which the server's reports use too.
import { midnight, PRESET_LABEL, PRESETS, presetDates, shiftDate } from '#/api/periods';
import { currentFormats } from './format';
import { tr } from '#/i18n/current';

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The first millisecond of the day where the person is. */
export const startOfDay = (day: string, zone = currentFormats().timeZone) => midnight(day, zone);

/** The last millisecond of the day: `toDate` is inclusive. */
export const endOfDay = (day: string, zone = currentFormats().timeZone) =>
  midnight(shiftDate(day, 1, 'day'), zone) - 1;

/**
 * The date filters' presets as days (first and last included) where the person is: today, the
 * last 7 days, this month, last month, this quarter (docs/decisions/036).
 */
export function presetDays(
  now: number = Date.now(),
  zone = currentFormats().timeZone,
): { label: string; value: [string, string] }[] {
  return PRESETS.map((preset) => ({
    label: tr(PRESET_LABEL[preset]),
    value: presetDates(preset, now, zone),
  }));
}
