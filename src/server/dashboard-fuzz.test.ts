// The dashboard's own OpenAPI document, run against the server (decision 045): for every
// operation it lists, requests made from its schemas, valid and broken (parameters of the
// documented types and others, bodies of the documented shape with odd values, any JSON), sent by
// a signed-in admin. No answer is a 5xx, and every status is one the document gives for that
// operation; a method a path does not take is a 405 naming the ones it does.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDashboardOpenApiDocument } from '#/api/dashboard-openapi';
import { CSRF_HEADER } from '#/api/endpoints';
import { startTestDashboard, type TestDashboard } from './testing';

type Schema = Record<string, unknown>;
interface Operation {
  operationId: string;
  parameters?: { name: string; in: 'path' | 'query'; required: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, unknown>;
}

/** Operations left out: they end the session the fuzz runs in, or never end (a stream). */
const SKIPPED = new Set([
  'signOut',
  'signOutEverywhere',
  'streamEvents',
  'setCredentials',
  'switchEnvironment',
  'setPersonActive',
  'setRoles',
  'endSessionsOf',
  'changePassword',
  'setSecondStep',
]);
const RUNS = 25;

let t: TestDashboard;
let cookie: string;
const document = buildDashboardOpenApiDocument({ serverUrl: 'http://x', cookieName: 'session' });
const components = document.components.schemas as Record<string, Schema>;
const resolve = (schema: Schema): Schema =>
  typeof schema.$ref === 'string' ? resolve(components[schema.$ref.split('/').pop()!]!) : schema;

beforeAll(async () => {
  t = await startTestDashboard();
  cookie = (await t.signIn('admin@demo.example')).cookie;
});
afterAll(() => t.close());

/** Strings a pattern matches (fast-check cannot read back-references: then any string). */
function matching(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return fc.string({ maxLength: 30 });
  }
}

/** A value for a schema: mostly one it describes, sometimes anything. */
function valueOf(raw: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const schema = raw ? resolve(raw) : {};
  const odd = fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.constant(''), fc.boolean());
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((s) => valueOf(s, depth)));
  if (Array.isArray(schema.enum)) return fc.oneof(fc.constantFrom(...schema.enum), odd);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer') return fc.oneof(fc.integer({ min: 0, max: 2000 }), odd);
  if (type === 'number') return fc.oneof(fc.double({ noNaN: true }), odd);
  if (type === 'boolean') return fc.oneof(fc.boolean(), odd);
  if (type === 'string') {
    const text =
      typeof schema.pattern === 'string'
        ? matching(schema.pattern)
        : schema.format === 'email'
          ? fc.emailAddress()
          : fc.string({ maxLength: Number(schema.maxLength ?? 30) });
    return fc.oneof({ weight: 3, arbitrary: text }, { weight: 1, arbitrary: odd });
  }
  if (type === 'array' && depth < 3)
    return fc.array(valueOf(schema.items as Schema, depth + 1), { maxLength: 3 });
  if (type === 'object' && depth < 3) {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    return fc.record(
      Object.fromEntries(
        Object.entries(properties).map(([name, s]) => [name, valueOf(s, depth + 1)]),
      ),
      { requiredKeys: [] },
    );
  }
  return fc.jsonValue({ maxDepth: 2 });
}

const asText = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

function requestsOf(path: string, method: string, op: Operation) {
  const parameters = op.parameters ?? [];
  const json = op.requestBody?.content['application/json']?.schema;
  return fc
    .record({
      path: fc.tuple(
        ...parameters
          .filter((p) => p.in === 'path')
          .map((p) => valueOf(p.schema).map((v) => [p.name, asText(v)] as const)),
      ),
      query: fc.tuple(
        ...parameters
          .filter((p) => p.in === 'query')
          .map((p) => fc.option(valueOf(p.schema).map((v) => [p.name, asText(v)] as const))),
      ),
      body: json
        ? fc.oneof({ weight: 4, arbitrary: valueOf(json) }, fc.jsonValue())
        : fc.constant(undefined),
    })
    .map(({ path: names, query, body }) => {
      let url = path;
      for (const [name, value] of names)
        url = url.replace(`{${name}}`, encodeURIComponent(value || 'x'));
      const search = new URLSearchParams();
      for (const entry of query) if (entry) search.set(entry[0], entry[1]);
      const q = search.toString();
      return { method, url: q ? `${url}?${q}` : url, body };
    });
}

const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods as Record<string, Operation>).map(([method, op]) => ({
    path,
    method: method.toUpperCase(),
    op,
  })),
);

describe('the dashboard document against the server', () => {
  it.each(
    operations
      .filter(({ op }) => !SKIPPED.has(op.operationId))
      .map((o) => [`${o.method} ${o.path}`, o]),
  )(
    '%s answers only what the document says, and never a 5xx',
    async (_name, { path, method, op }) => {
      const disagreements: string[] = [];
      for (const request of fc.sample(requestsOf(path, method, op), { numRuns: RUNS, seed: 45 })) {
        const response = await fetch(`${t.base}${request.url}`, {
          method: request.method,
          // A page that sends the browser on is judged by its own answer.
          redirect: 'manual',
          headers: {
            cookie,
            [CSRF_HEADER.name]: CSRF_HEADER.value,
            ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
        });
        await response.arrayBuffer();
        if (response.status >= 500 || !(String(response.status) in op.responses))
          disagreements.push(
            `${request.method} ${request.url} → ${response.status} ${JSON.stringify(request.body)}`.slice(
              0,
              300,
            ),
          );
        if (response.status === 401) cookie = (await t.signIn('admin@demo.example')).cookie;
      }
      expect(disagreements).toEqual([]);
    },
  );

  it('answers a method a path does not take with 405 and the methods it does', async () => {
    const refused: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      const taken = Object.keys(methods as object).map((m) => m.toUpperCase());
      const other = ['PATCH', 'PUT', 'DELETE', 'POST'].find((m) => !taken.includes(m))!;
      const url = path.replace(/\{\w+\}/g, '1');
      const response = await fetch(`${t.base}${url}`, {
        method: other,
        headers: { cookie, [CSRF_HEADER.name]: CSRF_HEADER.value },
      });
      await response.arrayBuffer();
      const allow = response.headers.get('allow') ?? '';
      if (response.status !== 405 || !taken.every((m) => allow.includes(m)))
        refused.push(`${other} ${url} → ${response.status} (allow: ${allow})`);
    }
    expect(refused).toEqual([]);
  });
});
