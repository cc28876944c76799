// How reports say their numbers: bucket labels where the person is, durations in words, and a
// change against the period before that reads without colour ("12.3% more").
import type { Bucket } from '#/api/periods';
import { msg } from '@lingui/core/macro';
import { currentFormats, formatCount, formatPercent } from '#/lib/format';
import { tr } from '#/i18n/current';

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
  return bucket === 'week' ? tr(msg`Week of ${day}`) : day;
}

/** A period in words: "1 Oct 2026 – 31 Oct 2026" (its last day included). */
export function periodLabel(from: number, to: number, zone: string): string {
  const f = new Intl.DateTimeFormat(currentFormats().locale, {
    dateStyle: 'medium',
    timeZone: zone,
  });
  return `${f.format(from)} – ${f.format(to - 1)}`;
}

/** "2 h 10 min", "1 d 3 h", "45 s" (units as the page's language writes them). */
export function durationWords(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return tr(msg`${s} s`);
  const min = Math.round(s / 60);
  if (min < 60) return tr(msg`${min} min`);
  const h = Math.floor(min / 60);
  const m = min % 60;
  if (h < 24) return m ? tr(msg`${h} h ${m} min`) : tr(msg`${h} h`);
  const d = Math.floor(h / 24);
  const dh = h % 24;
  return dh ? tr(msg`${d} d ${dh} h`) : tr(msg`${d} d`);
}

/** A change in words: "12.3% more", "4.0% less", "no change", or "none before". */
export function changeWords(change: string | null): string {
  if (change === null) return tr(msg`none in the period before`);
  if (/^-?0(\.0)?$/.test(change)) return tr(msg`no change`);
  if (change.startsWith('-')) {
    const percent = formatPercent(change.slice(1));
    return tr(msg`${percent} less`);
  }
  const percent = formatPercent(change);
  return tr(msg`${percent} more`);
}

/**
 * A currency's volume against the four weeks before, as the overview says it: "12 transactions,
 * 4.0% more than the 4 weeks before".
 */
export function volumeWords(count: number, change: string | null): string {
  const values = { count, shown: formatCount(count) };
  if (change === null)
    return tr(
      msg({
        message:
          '{count, plural, one {{shown} transaction} other {{shown} transactions}}, none in the 4 weeks before',
      }),
      values,
    );
  if (/^-?0(\.0)?$/.test(change))
    return tr(
      msg({
        message:
          '{count, plural, one {{shown} transaction} other {{shown} transactions}}, as many as the 4 weeks before',
      }),
      values,
    );
  const percent = formatPercent(change.replace(/^-/, ''));
  return change.startsWith('-')
    ? tr(
        msg({
          message:
            '{count, plural, one {{shown} transaction} other {{shown} transactions}}, {percent} less than the 4 weeks before',
        }),
        { ...values, percent },
      )
    : tr(
        msg({
          message:
            '{count, plural, one {{shown} transaction} other {{shown} transactions}}, {percent} more than the 4 weeks before',
        }),
        { ...values, percent },
      );
}
