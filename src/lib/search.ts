// Search params shared by list pages: validated, with defaults, so URLs are always meaningful.
import { z } from 'zod';

export const pageSearch = {
  start: z.coerce.number().int().min(0).max(1_000_000).catch(0).default(0),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => [20, 50, 100].includes(n))
    .catch(20)
    .default(20),
};

/** An optional positive integer id in a URL; anything else is dropped. */
export const optionalIdSearch = z.coerce
  .number()
  .int()
  .positive()
  .max(Number.MAX_SAFE_INTEGER)
  .optional()
  .catch(undefined);

/**
 * A list of known values in a URL, written comma-separated (`kycStatus=VALID,FLAGGED`): the
 * router keeps search values as text, so a list arrives as one string; anything unknown drops
 * the filter rather than breaking the page.
 */
export function listSearch<T extends z.ZodType<string>>(value: T) {
  return z
    .preprocess(
      (v) => (typeof v === 'string' ? v.split(',').filter((s) => s !== '') : v),
      z.array(value).max(20),
    )
    .optional()
    .catch(undefined);
}
