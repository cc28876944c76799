// Money reports from the local index (docs/decisions/036): how much moved in a period, per
// payout and deposit currency, product and bucket (day, week, month where the person is),
// against the period before; transactions by status; time to completion; the effective rate of
// each currency pair; the largest merchants. Amounts are decimal strings, summed exactly.
import { z } from 'zod';
import { endpoints } from './endpoints';
import { IndexFreshness, TimeZone } from './local-index';
import { BUCKETS, bucketFor, bucketsOf } from './periods';
import { IdParam, integerParam, oneOf } from './schemas/common';
import { PRODUCTS, Product } from './schemas/transaction';
import { invalid, V } from './validation-words';
import { CW } from './contract-words';

export const Time = integerParam({ min: 0, label: 'a time in milliseconds' });
export { TimeZone };
/** At most this many buckets in one report (a little over a year of days). */
export const MAX_BUCKETS = 400;
export const THREE_YEARS_MS = 3 * 366 * 86_400_000;

export const ReportQuery = z
  .object({
    from: Time,
    to: Time,
    tz: TimeZone,
    bucket: oneOf(BUCKETS).optional(),
    product: Product.optional(),
    merchant: IdParam.optional(),
    currency: z
      .string()
      .trim()
      .max(20, { error: invalid(V.maxChars, { max: 20 }) })
      .optional()
      .transform((c) => (c ? c : undefined)),
  })
  .refine((q) => q.from < q.to, { error: invalid(CW.beforeTo), path: ['from'] })
  .refine((q) => q.to - q.from <= THREE_YEARS_MS, {
    error: invalid(CW.threeYears),
    path: ['from'],
  })
  .transform((q) => ({ ...q, bucket: q.bucket ?? bucketFor(q.from, q.to) }))
  .refine((q) => bucketsOf(q.from, q.to, q.bucket, q.tz).length <= MAX_BUCKETS, {
    error: invalid(CW.tooManyPoints, { max: MAX_BUCKETS }),
    path: ['bucket'],
  });
export type ReportQuery = z.input<typeof ReportQuery>;

const Amount = z.string().meta({ description: 'A decimal amount, summed exactly.' });
const Change = z
  .string()
  .nullable()
  .meta({ description: 'Percent against the period before, one decimal; null when it had none.' });

/** One currency's volume: its total in the period, the period before, and per bucket. */
export const CurrencyVolume = z.object({
  currency: z.string(),
  count: z.int(),
  total: Amount,
  previousCount: z.int(),
  previousTotal: Amount,
  change: Change,
  series: z.array(z.object({ count: z.int(), total: Amount })),
});
export type CurrencyVolume = z.infer<typeof CurrencyVolume>;

export const Report = z.object({
  period: z.object({
    from: z.int(),
    to: z.int(),
    tz: z.string(),
    bucket: z.enum(BUCKETS),
    previousFrom: z.int(),
    previousTo: z.int(),
  }),
  buckets: z.array(z.object({ start: z.int(), end: z.int() })),
  /** Completed transactions, by when they completed: per payout and per deposit currency. */
  payout: z.array(CurrencyVolume),
  deposit: z.array(CurrencyVolume),
  byProduct: z.array(
    z.object({ product: z.enum(PRODUCTS), currency: z.string(), count: z.int(), total: Amount }),
  ),
  /** Transactions created in the period, by status now. */
  statuses: z.array(z.object({ status: z.string(), count: z.int() })),
  /** From creation to completion, of those completed in the period. */
  completion: z.object({
    count: z.int(),
    medianMs: z.int().nullable(),
    p90Ms: z.int().nullable(),
  }),
  /** Payout amount per deposit unit, volume-weighted, per pair: overall and per bucket. */
  rates: z.array(
    z.object({
      from: z.string(),
      to: z.string(),
      count: z.int(),
      rate: z.string().nullable(),
      series: z.array(z.string().nullable()),
    }),
  ),
  /** The five largest merchants of each payout currency. */
  merchants: z.array(
    z.object({
      merchantId: z.int(),
      name: z.string().nullable(),
      currency: z.string(),
      count: z.int(),
      total: Amount,
    }),
  ),
  /** False when an amount had more than nine decimals: its totals are rounded there. */
  exact: z.boolean(),
  freshness: IndexFreshness,
});
export type Report = z.infer<typeof Report>;

export const reportEndpoints = endpoints({
  getReport: {
    method: 'GET',
    path: '/reports',
    summary:
      'Money moved in a period from the local index: volume per currency and bucket against the period before, statuses, time to completion, rates, largest merchants',
    query: ReportQuery,
    response: Report,
  },
});
