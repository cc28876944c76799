// Building blocks shared by every resource of the wire contract.
import { z } from 'zod';
import { invalid, V } from '../validation-words';
import { codedWords, type Said, wordsCode } from '#/i18n/words';

// In the browser the dashboard's CSP forbids eval, which zod would probe for to compile faster
// parsers when the first object schema is built. There, parse without compiling.
if (typeof window !== 'undefined') z.config({ jitless: true });

/** Record ids: positive integers within JavaScript's exact integer range. */
export const Id = z
  .int({ error: invalid(V.positiveInteger) })
  .min(1, { error: invalid(V.positiveInteger) });

/** Milliseconds since the Unix epoch (13 digits for current dates). */
export const Timestamp = z.int().min(0);

/** A decimal amount as the API sends it: digits, optionally a point and more digits. */
export const Money = z.string().regex(/^-?\d+(\.\d+)?$/);

/** A decimal amount as a caller may send it: positive, plain notation, bounded size. */
export const MoneyInput = z
  .string({ error: invalid(V.decimalAmount) })
  .trim()
  .max(40, { error: invalid(V.amountTooLong) })
  .regex(/^\d+(\.\d+)?$/, { error: invalid(V.decimalAmount) });

/**
 * Characters that make one line of text read as something else: line breaks and other control
 * characters, and the marks that reverse the direction of text ("Mallory\r\nBcc: …").
 */
export const UNSHOWABLE =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** The text as one plain line: each run of `UNSHOWABLE` characters made one space. */
export const oneLine = (text: string) =>
  text.replace(new RegExp(`${UNSHOWABLE.source}+`, 'g'), ' ');

/**
 * One of a list of words, refused in words that list them: "must be csv or xlsx", "must be one
 * of AGRICULTURE, …" when there are more than three.
 */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  // The values are the API's (they stay as they are); the words around them are translated.
  const error =
    values.length > 3
      ? invalid(V.oneOf, { choices: values.join(', ') })
      : values.length === 1
        ? invalid(V.exactly, { choice: values[0] })
        : invalid(V.either, {
            choices: values.slice(0, -1).join(', '),
            last: values[values.length - 1]!,
          });
  return z.enum(values, { error });
}

/**
 * Required text: trimmed, not empty, bounded. `words` say what is wrong when it is not text
 * (`type`) or is empty (`empty`), where "must be text" and "is required" say too little.
 */
export function requiredText(max: number, words: { type?: string; empty?: string } = {}) {
  return (
    z
      .string({ error: words.type ?? invalid(V.text) })
      .trim()
      .min(1, { error: words.empty ?? invalid(V.required) })
      .max(max, { error: invalid(V.maxChars, { max }) })
      // The document says what trimming means: spaces alone are no text.
      .meta({ pattern: '\\S' })
  );
}

/** Optional text: trimmed and bounded; absent keeps the stored value, null clears it. */
export function optionalText(max: number) {
  return z
    .string({ error: invalid(V.text) })
    .trim()
    .max(max, { error: invalid(V.maxChars, { max }) })
    .nullish();
}

export const HttpUrl = z
  .url({ protocol: /^https?$/, error: invalid(V.httpUrl) })
  .max(2048, { error: invalid(V.maxChars, { max: 2048 }) });

const DIGITS = /^\d+$/;

/**
 * An integer carried in a path or query string. It is checked as text first so that "1e3",
 * "0x10", " 7" or 200 digits are refused instead of being read as some other number.
 */
export function integerParam(opts: { min: number; max?: number; label: string }) {
  const max = opts.max ?? Number.MAX_SAFE_INTEGER;
  const message = `must be ${opts.label} between ${opts.min} and ${max}`;
  return z
    .string()
    .regex(DIGITS, { error: message })
    .max(16, { error: message })
    .transform(Number)
    .pipe(z.int().min(opts.min, { error: message }).max(max, { error: message }));
}

/** A whole number's bounds in words, per unit (decision 091): read after the field's name. */
const WHOLE = codedWords({
  none: /*i18n*/ { id: 'validation.whole', message: 'must be a whole number from {min} to {max}' },
  minutes: /*i18n*/ {
    id: 'validation.wholeMinutes',
    message: 'must be a whole number of minutes from {min} to {max}',
  },
  hours: /*i18n*/ {
    id: 'validation.wholeHours',
    message: 'must be a whole number of hours from {min} to {max}',
  },
  days: /*i18n*/ {
    id: 'validation.wholeDays',
    message: 'must be a whole number of days from {min} to {max}',
  },
  seconds: /*i18n*/ {
    id: 'validation.wholeSeconds',
    message: 'must be a whole number of seconds from {min} to {max}',
  },
  requests: /*i18n*/ {
    id: 'validation.wholeRequests',
    message: 'must be a whole number of requests from {min} to {max}',
  },
});

/** What a whole number out of its bounds is told, in a body and in a form alike. */
export const wholeNumberWords = (
  min: number,
  max: number,
  of?: Exclude<keyof typeof WHOLE, 'none'>,
) => wordsCode(WHOLE[of ?? 'none'], { min, max });

/** A whole number in a JSON body: "must be a whole number of minutes from 1 to 60" however wrong. */
export function wholeNumber(min: number, max: number, of?: Parameters<typeof wholeNumberWords>[2]) {
  const error = wholeNumberWords(min, max, of);
  return z.int({ error }).min(min, { error }).max(max, { error });
}

export const IdParam = integerParam({ min: 1, label: 'an integer id' });

export const IdParams = z.object({ id: IdParam });

/** The path of a dashboard record named by a text id (a UUID): anything else names nothing. */
export const TextIdParams = z.object({ id: z.string().min(1).max(64) });

export const PageQuery = z.object({
  start: integerParam({ min: 0, label: 'an offset' }).default(0),
  limit: integerParam({ min: 1, max: 100, label: 'a page size' }).default(20),
});

/** A page of results: `start` and `limit` echo the request, `hasMore` says whether records follow. */
export function page<T extends z.ZodType>(record: T) {
  return z.object({
    start: z.int().min(0),
    limit: z.int().min(1),
    hasMore: z.boolean(),
    results: z.array(record),
  });
}

export const FieldError = z.object({ field: z.string(), message: z.string() });

/**
 * Words the dashboard server tells the reader, such as why they cannot approve something: the
 * server hands them as `Said`, and writes them in the reader's language as the answer leaves
 * (decision 091); the answer carries text.
 */
export const toldText = () => z.string() as unknown as z.ZodType<string, string | Said>;

/** RFC 9457 problem details, the body of every error response. */
export const Problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.int(),
    detail: z.string(),
    code: z.string(),
    errors: z.array(FieldError).optional(),
    requestId: z.string(),
  })
  .meta({ id: 'Problem' });

export type Problem = z.infer<typeof Problem>;
export type FieldError = z.infer<typeof FieldError>;
export type PageOf<T> = { start: number; limit: number; hasMore: boolean; results: T[] };

/** The Idempotency-Key header: 1 to 255 visible ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = '^[\\x21-\\x7e]{1,255}$';

export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'NOT_FOUND',
  'MERCHANT_NOT_VALID',
  'PAYOUT_ACCOUNT_NOT_ACTIVE',
  'CURRENCY_NOT_SUPPORTED',
  'AMOUNT_OUT_OF_RANGE',
  'INVALID_STATE_TRANSITION',
  'TRANSACTION_ALREADY_PROCESSED',
  'ONBOARDING_NOT_ALLOWED',
  'AGREEMENTS_NOT_ACCEPTED',
  'CONFIRMATION_NOT_AVAILABLE',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_REQUEST_IN_PROGRESS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'METHOD_NOT_ALLOWED',
  'REQUEST_TIMEOUT',
  'HEADERS_TOO_LARGE',
  // What a fault chosen in the sandbox console answers (docs/decisions/023), and any other
  // failure on the sandbox's side.
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
