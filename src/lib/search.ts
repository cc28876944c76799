// What a page's address may carry after the `?`, read without a schema library: every route's
// search is read before its page opens, so this module is in the first load of every page, and
// zod is not (docs/decisions/058). A value that does not fit is dropped (or its default taken):
// an address someone edited by hand opens the page, never an error.
//
// A search is a Standard Schema, the shape the router reads: links are typed by what may be
// given (every field optional), pages by what they get.

/** One field of a search: what a link may give, and what the page gets from any value. */
export interface SearchField<In, Out> {
  read(value: unknown): Out;
  /** Only for the types: never set. */
  readonly input?: In;
}

type Input<F> = F extends SearchField<infer In, unknown> ? In : never;
type Output<F> = F extends SearchField<unknown, infer Out> ? Out : never;
type Shape = Record<string, SearchField<unknown, unknown>>;

export type SearchInput<S extends Shape> = { [K in keyof S]?: Input<S[K]> | undefined };
export type SearchOutput<S extends Shape> = { [K in keyof S]: Output<S[K]> };

export interface SearchSchema<S extends Shape> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: 'dashboard-search';
    readonly validate: (value: unknown) => { value: SearchOutput<S> };
    readonly types?: { input: SearchInput<S>; output: SearchOutput<S> };
  };
  /** The search as a page gets it (for tests and for pages that read one by hand). */
  parse(value: unknown): SearchOutput<S>;
}

/** The type a page gets from a search schema. */
export type SearchOf<T> = T extends SearchSchema<infer S> ? SearchOutput<S> : never;

/** A search of named fields; fields not named are dropped. */
export function searchSchema<S extends Shape>(shape: S): SearchSchema<S> {
  const parse = (value: unknown) => {
    const given = (typeof value === 'object' && value !== null ? value : {}) as Record<
      string,
      unknown
    >;
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(shape)) {
      const read = field.read(Object.hasOwn(given, key) ? given[key] : undefined);
      if (read !== undefined) out[key] = read;
    }
    return out as SearchOutput<S>;
  };
  return {
    '~standard': { version: 1, vendor: 'dashboard-search', validate: (v) => ({ value: parse(v) }) },
    parse,
  };
}

const field = <In, Out>(read: (value: unknown) => Out): SearchField<In, Out> => ({ read });

/** A value as text: the router keeps search values as text, but a link may give a number. */
const asText = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/** Text of at most `max` characters (trimmed first when asked). */
export const text = (max: number, options: { trim?: boolean } = {}) =>
  field<string, string | undefined>((value) => {
    const s = options.trim ? asText(value)?.trim() : asText(value);
    return s !== undefined && s.length <= max ? s : undefined;
  });

/** Text that passes a test: a pattern, or a function. */
export const matching = <T extends string = string>(
  test: RegExp | ((value: string) => value is T) | ((value: string) => boolean),
) =>
  field<T, T | undefined>((value) => {
    const s = asText(value);
    if (s === undefined) return undefined;
    return (test instanceof RegExp ? test.test(s) : test(s)) ? (s as T) : undefined;
  });

/** One of a list of values. */
export const oneOf = <const T extends string>(values: readonly T[]) =>
  field<T, T | undefined>((value) => {
    const s = asText(value);
    return s !== undefined && (values as readonly string[]).includes(s) ? (s as T) : undefined;
  });

/**
 * A list of known values, written comma-separated (`kycStatus=VALID,FLAGGED`): the router keeps
 * search values as text, so a list arrives as one string; anything unknown drops the filter
 * rather than breaking the page.
 */
export const listOf = <const T extends string>(values: readonly T[]) =>
  field<T[], T[] | undefined>((value) => {
    const parts =
      typeof value === 'string'
        ? value.split(',').filter((s) => s !== '')
        : Array.isArray(value)
          ? value
          : undefined;
    if (!parts || parts.length > 20) return undefined;
    return parts.every((p) => typeof p === 'string' && (values as readonly string[]).includes(p))
      ? (parts as T[])
      : undefined;
  });

/** A whole number from `min` to `max`, given as a number or as its digits. */
export const integer = ({ min, max = Number.MAX_SAFE_INTEGER }: { min: number; max?: number }) =>
  field<number, number | undefined>((value) => {
    const n =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && /^-?\d{1,16}$/.test(value.trim())
          ? Number(value)
          : NaN;
    return Number.isSafeInteger(n) && n >= min && n <= max ? n : undefined;
  });

/** An optional positive integer id in a URL; anything else is dropped. */
export const optionalIdSearch = integer({ min: 1 });

/** `search` with a value when nothing fitting is given. */
export const withDefault = <In, Out>(search: SearchField<In, Out | undefined>, fallback: Out) =>
  field<In, Out>((value) => search.read(value) ?? fallback);

const pageSize = integer({ min: 20, max: 100 });

/** Where a list starts and how many rows a page shows, with defaults: URLs always mean a page. */
export const pageSearch = {
  start: withDefault(integer({ min: 0, max: 1_000_000 }), 0),
  limit: withDefault(
    field<number, number | undefined>((value) => {
      const n = pageSize.read(value);
      return n === 20 || n === 50 || n === 100 ? n : undefined;
    }),
    20,
  ),
};

/** What every list of the local index is searched by: a page of it and words to find. */
export const listPageSearch = { ...pageSearch, q: text(200) };
