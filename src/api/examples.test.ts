// Every example the reference shows is one the API accepts or gives: request bodies pass the
// operation's own schema, and each answer made from the document passes the answer's schema.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { exampleOf, REQUEST_EXAMPLES } from './examples';
import { buildOpenApiDocument } from './openapi';
import { allOperations } from './operations';

const doc = buildOpenApiDocument({ serverUrl: 'http://sandbox.example' });
const components = doc.components.schemas as Record<string, Record<string, unknown>>;

describe('request examples', () => {
  const withBody = allOperations.filter((op) => op.body);
  it.each(withBody.map((op) => [op.id, op] as const))('%s: its example is accepted', (_, op) => {
    const example = REQUEST_EXAMPLES[op.id];
    expect(example, `${op.id} has no example`).toBeDefined();
    const parsed = (op.body as z.ZodType).safeParse(example);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('has no example for an operation without a body', () => {
    const ids = new Set(allOperations.filter((op) => op.body).map((op) => op.id));
    expect(Object.keys(REQUEST_EXAMPLES).filter((id) => !ids.has(id))).toEqual([]);
  });
});

describe('answer examples', () => {
  const json = allOperations.filter((op) => typeof op.response !== 'string');
  it.each(json.map((op) => [op.id, op] as const))('%s: its example is a valid answer', (_, op) => {
    type Answer = { content: Record<string, { schema: Record<string, unknown> }> };
    const operation = (doc.paths[op.path] as Record<string, { responses: Record<string, Answer> }>)[
      op.method.toLowerCase()
    ]!;
    const schema = operation.responses['200']!.content['application/json']!.schema;
    const example = exampleOf(schema, components);
    const parsed = (op.response as z.ZodType).safeParse(example);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });
});
