// Requests generated from the contract: fast-check arbitraries built from the OpenAPI document's
// JSON Schemas (which the zod schemas generate), with the few fields whose validity the schema
// cannot express (IBAN checksums, amounts by currency, ids of existing records) drawn from pools.
import fc from 'fast-check';
import { COUNTRY_CODES } from '#/api/countries';
import { currencyDecimals } from '#/api/money';
import { buildOpenApiDocument } from '#/api/openapi';
import { CURRENCY_CATALOGUE } from '../domain/currencies';

type Schema = Record<string, unknown>;

export const openApi = buildOpenApiDocument({ serverUrl: 'http://localhost' });
const components = openApi.components.schemas as Record<string, Schema>;

export function resolve(schema: Schema): Schema {
  const ref = schema.$ref as string | undefined;
  return ref ? resolve(components[ref.split('/').pop()!]!) : schema;
}

/** A field whose values must come from somewhere the schema does not say. */
export type Overrides = Record<string, fc.Arbitrary<unknown>>;

const text = (max: number) =>
  fc
    .string({ minLength: 1, maxLength: Math.min(max, 40), unit: 'grapheme' })
    .filter((s) => s.trim().length > 0 && !s.includes('|'));

/** A value for `schema`, meant to be valid (the caller still checks it with zod). */
export function valueFor(
  schema: Schema,
  overrides: Overrides,
  name?: string,
): fc.Arbitrary<unknown> {
  if (name && overrides[name]) return overrides[name]!;
  const s = resolve(schema);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  if (s.const !== undefined) return fc.constant(s.const);
  // An object's own anyOf / oneOf states a rule over its fields (one of two required): its
  // properties make the value, and the caller's check with zod keeps the valid ones.
  if (Array.isArray(s.anyOf) && s.properties === undefined) {
    const options = (s.anyOf as Schema[]).map((o) => valueFor(o, overrides));
    return fc.oneof({ arbitrary: options[0]!, weight: 4 }, ...options.slice(1));
  }
  const type = Array.isArray(s.type) ? (s.type as string[])[0] : (s.type as string | undefined);
  switch (type) {
    case 'string': {
      const max = (s.maxLength as number | undefined) ?? 100;
      if (s.format === 'email')
        return fc.emailAddress().filter((e) => e.length <= max && /^[\x21-\x7e]+$/.test(e));
      if (s.format === 'uri')
        return fc.webPath().map((p) => `https://partner.example${p.startsWith('/') ? p : `/${p}`}`);
      if (typeof s.pattern === 'string') {
        const pattern = new RegExp(s.pattern);
        // A pattern ordinary text meets (not blank; no status suffix): text, within its length.
        if (pattern.test('Lumen Textiles 42')) return text(max).filter((v) => pattern.test(v));
        return fc.stringMatching(pattern);
      }
      return text(max);
    }
    case 'integer':
      return fc.integer({
        min: (s.minimum as number | undefined) ?? 0,
        max: Math.min((s.maximum as number | undefined) ?? 1_000_000, 1_000_000),
      });
    case 'number':
      return fc.double({ min: 0, max: 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueFor(s.items as Schema, overrides), {
        minLength: (s.minItems as number | undefined) ?? 0,
        maxLength: Math.min((s.maxItems as number | undefined) ?? 5, 5),
      });
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, Schema>;
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties))
        model[key] = valueFor(value, overrides, key);
      return fc.record(model, { requiredKeys: (s.required as string[] | undefined) ?? [] });
    }
    default:
      return fc.constant({});
  }
}

const symbols = (test: (c: (typeof CURRENCY_CATALOGUE)[number]) => boolean) =>
  CURRENCY_CATALOGUE.filter(test).map((c) => c.symbol);
export const FIAT_FROM = symbols((c) => c.currencyType === 'FIAT' && c.sendFrom);
export const FIAT_TO = symbols((c) => c.sendTo);
export const CRYPTO_FROM = symbols((c) => c.currencyType === 'CRYPTO');

/** An amount the sandbox takes as a payout in `symbol`: 1 to 1,000,000, within its decimals. */
export function payoutAmount(symbol: string): fc.Arbitrary<string> {
  const decimals = currencyDecimals(symbol) ?? 2;
  return fc
    .tuple(fc.integer({ min: 1, max: 999_999 }), fc.integer({ min: 0, max: 10 ** decimals - 1 }))
    .map(([units, fraction]) =>
      decimals === 0 || fraction === 0
        ? String(units)
        : `${units}.${String(fraction).padStart(decimals, '0')}`,
    );
}

/** IBANs with valid checksums, and BICs, from public examples. */
export const IBANS = [
  'DE89370400440532013000',
  'GB29NWBK60161331926819',
  'FR1420041010050500013M02606',
  'NL91ABNA0417164300',
  'CH9300762011623852957',
];
export const BICS = ['DEUTDEFF', 'NWBKGB2L', 'BNPAFRPP', 'ABNANL2A', 'UBSWCHZH80A'];

export const fieldOverrides = {
  countryIso: fc.constantFrom(...COUNTRY_CODES),
  iban: fc.option(fc.constantFrom(...IBANS), { nil: null }),
  swiftCode: fc.option(fc.constantFrom(...BICS), { nil: null }),
  localRegNumber: fc.option(
    fc
      .tuple(text(60), fc.option(fc.constantFrom('VALID', 'FLAGGED', 'ACTION_NEEDED')))
      .map(([number, status]) => (status ? `${number}|${status}` : number)),
    { nil: undefined },
  ),
  accountNumber: fc.option(fc.stringMatching(/^[A-Z0-9]{6,20}$/), { nil: null }),
  routingNumber: fc.option(fc.stringMatching(/^\d{9}$/), { nil: null }),
} satisfies Overrides;

/** Something a field of this schema can never hold: used to break a valid request. */
export function wrongValueFor(schema: Schema): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  const nullable =
    (Array.isArray(s.anyOf) && (s.anyOf as Schema[]).some((o) => o.type === 'null')) ||
    (Array.isArray(s.type) && (s.type as string[]).includes('null'));
  const type = Array.isArray(s.anyOf)
    ? ((s.anyOf as Schema[]).find((o) => o.type !== 'null')?.type as string)
    : Array.isArray(s.type)
      ? (s.type as string[])[0]
      : (s.type as string);
  const options: fc.Arbitrary<unknown>[] = [
    fc.constant({ nested: true }),
    fc.constant(type === 'array' ? [{ nested: true }] : [1, 2]),
  ];
  if (!nullable) options.push(fc.constant(null));
  if (type === 'string') {
    options.push(fc.integer(), fc.boolean());
    if (typeof s.maxLength === 'number') options.push(fc.constant('x'.repeat(s.maxLength + 1)));
    if (Array.isArray(s.enum)) options.push(fc.constant('NOT_A_VALUE'));
  } else if (type === 'integer') {
    options.push(fc.constant('12'), fc.constant(1.5), fc.constant(-1), fc.constant(2 ** 60));
  } else if (type === 'boolean') {
    options.push(fc.constant('true'));
  } else if (type === 'array') {
    options.push(fc.constant('1,2'));
  } else if (type === 'object') {
    options.push(fc.constant('text'));
  }
  return fc.oneof(...options);
}

export const schemaOf = (name: string) => components[name]!;
