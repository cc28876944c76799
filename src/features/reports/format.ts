// How reports say their numbers: bucket labels where the person is, durations in words, and a
// change against the period before that reads without colour ("12.3% more").
import type { Bucket } from '#/api/periods';
import { currentFormats, formatPercent } from '#/lib/format';

/** A bucket's label: "2 Oct", "Week of 5 Oct", "Oct 2026", in the person's zone. */
export function bucketLabel(start: number, bucket: Bucket, zone: string): string {
  if (bucket === 'month')
    return new Intl.DateTimeFormat(currentFormats().locale, {
      month: 'short',
      year: 'numeric',
      timeZone: zone,
    }).format(start);
  const day = new Intl.DateTimeFormat(currentFormats().locale, {
    day: 'numeric',
    month: 'short',
    timeZone: zone,
  }).format(start);
  return bucket === 'week' ? `Week of ${day}` : day;
}

/** A period in words: "1 Oct 2026 – 31 Oct 2026" (its last day included). */
export function periodLabel(from: number, to: number, zone: string): string {
  const f = new Intl.DateTimeFormat(currentFormats().locale, {
    dateStyle: 'medium',
    timeZone: zone,
  });
  return `${f.format(from)} – ${f.format(to - 1)}`;
}

/** "2 h 10 min", "1 d 3 h", "45 s". */
export function durationWords(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 24) return min % 60 ? `${h} h ${min % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}

/** A change in words: "12.3% more", "4.0% less", "no change", or "none before". */
export function changeWords(change: string | null): string {
  if (change === null) return 'none in the period before';
  if (/^-?0(\.0)?$/.test(change)) return 'no change';
  return change.startsWith('-')
    ? `${formatPercent(change.slice(1))} less`
    : `${formatPercent(change)} more`;
}
