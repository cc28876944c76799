// The dashboard server's own API as a contract: each endpoint declared once, and a valid
// OpenAPI document built from the declarations (docs/decisions/027).
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { dashboardEndpoints } from './dashboard-api';
import { buildDashboardOpenApiDocument } from './dashboard-openapi';

const document = buildDashboardOpenApiDocument({
  serverUrl: 'http://127.0.0.1:3000',
  cookieName: 'session',
});

describe("the dashboard API's declarations", () => {
  it('name each endpoint once, by id and by method and path', () => {
    const ids = dashboardEndpoints.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = dashboardEndpoints.map((e) => `${e.method} ${e.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('give every endpoint a summary, and every path parameter a schema', () => {
    for (const e of dashboardEndpoints) {
      expect(e.summary.length, e.id).toBeGreaterThan(10);
      const named = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      if (named.length > 0) expect(e.params, e.id).toBeDefined();
    }
  });
});

describe('the OpenAPI document of the dashboard API', () => {
  it('is a valid OpenAPI 3.1 document with every reference resolvable', async () => {
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every declared endpoint under /api with its schemas', () => {
    for (const e of dashboardEndpoints) {
      const entry = (document.paths[`/api${e.path}`] as Record<string, { operationId: string }>)[
        e.method.toLowerCase()
      ];
      expect(entry?.operationId, `${e.method} ${e.path}`).toBe(e.id);
    }
    const audit = document.paths['/api/audit']!.get as {
      responses: Record<string, { content?: Record<string, unknown> }>;
    };
    expect(Object.keys(audit.responses['200']!.content!)).toEqual(['application/json', 'text/csv']);
  });

  it('states a file sent as the body and a file given as the answer as binary', () => {
    type Entry = {
      requestBody?: { content: Record<string, { schema: unknown }> };
      responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
    };
    const upload = document.paths['/api/batches']!.post as Entry;
    expect(upload.requestBody!.content['text/csv']).toEqual({
      schema: { type: 'string', format: 'binary' },
    });
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['200', '413', '415']));
    const template = document.paths['/api/batches/template']!.get as Entry;
    expect(Object.keys(template.responses['200']!.content!)).toEqual([
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
  });

  it('states the 202 answer of the calls the money controls may hold', () => {
    const approve = document.paths['/api/v1/sendc2f/approveQuote/{id}']!.post as {
      responses: Record<string, { content: Record<string, { schema: unknown }> }>;
    };
    expect(approve.responses['202']!.content['application/json']!.schema).toBeDefined();
    const update = document.paths['/api/v1/businessExternalAccount/{id}']!.put as {
      responses: Record<string, unknown>;
    };
    expect(Object.keys(update.responses)).toContain('202');
    // A call that is never held is not listed: the API's own document describes it.
    expect(document.paths['/api/v1/business/']).toBeUndefined();
  });
});
