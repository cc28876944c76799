// From a reports page's search (a preset, or two days) to the report's query, where the person
// is (docs/decisions/036).
import { midnight, nextStart, presetPeriod } from '#/api/periods';
import type { Bucket, Preset } from '#/api/period-names';
import type { Product } from '#/api/schemas/transaction';
import { currentFormats } from '#/lib/format';
import { reportQuery } from './queries';

export interface PeriodSearch {
  period?: Preset | 'custom' | undefined;
  from?: string | undefined;
  to?: string | undefined;
  bucket?: Bucket | undefined;
  product?: Product | undefined;
  merchant?: number | undefined;
  currency?: string | undefined;
}

/** Where the person is (their browser's zone until they choose one, docs/decisions/037). */
export const zone = () => currentFormats().timeZone;

export function queryOf(search: PeriodSearch, tz: string, now: number) {
  const custom = search.period === 'custom' && search.from && search.to;
  const { from, to } = custom
    ? { from: midnight(search.from!, tz), to: nextStart(midnight(search.to!, tz), 'day', tz) }
    : presetPeriod(
        search.period === 'custom' || !search.period ? 'lastMonth' : search.period,
        now,
        tz,
      );
  return {
    from: String(from),
    to: String(to),
    tz,
    ...(search.bucket ? { bucket: search.bucket } : {}),
    ...(search.product ? { product: search.product } : {}),
    ...(search.merchant ? { merchant: String(search.merchant) } : {}),
    ...(search.currency ? { currency: search.currency } : {}),
  };
}

/** The report query of a page's search, now, where the person is. */
export const reportOf = (search: PeriodSearch) => reportQuery(queryOf(search, zone(), Date.now()));
