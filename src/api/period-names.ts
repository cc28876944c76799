// The names of periods and chart buckets, apart from their arithmetic (./periods.ts), so that a
// page's search schema can name them without loading the time-zone library with the first page.

export const BUCKETS = ['day', 'week', 'month'] as const;
export type Bucket = (typeof BUCKETS)[number];

export const PRESETS = ['today', 'last7days', 'thisMonth', 'lastMonth', 'thisQuarter'] as const;
export type Preset = (typeof PRESETS)[number];
export const PRESET_LABEL: Record<Preset, string> = {
  today: 'Today',
  last7days: 'Last 7 days',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  thisQuarter: 'This quarter',
};
