// The names of periods and chart buckets, apart from their arithmetic (./periods.ts), so that a
// page's search schema can name them without loading the time-zone library with the first page.
// Their names are message descriptors, read in the page's language (docs/decisions/091).
import type { Words } from '#/i18n/words';

export const BUCKETS = ['day', 'week', 'month'] as const;
export type Bucket = (typeof BUCKETS)[number];

export const PRESETS = ['today', 'last7days', 'thisMonth', 'lastMonth', 'thisQuarter'] as const;
export type Preset = (typeof PRESETS)[number];
export const PRESET_LABEL: Record<Preset, Words> = {
  today: /*i18n*/ { id: 'period.today', message: 'Today' },
  last7days: /*i18n*/ { id: 'period.last7days', message: 'Last 7 days' },
  thisMonth: /*i18n*/ { id: 'period.thisMonth', message: 'This month' },
  lastMonth: /*i18n*/ { id: 'period.lastMonth', message: 'Last month' },
  thisQuarter: /*i18n*/ { id: 'period.thisQuarter', message: 'This quarter' },
};
