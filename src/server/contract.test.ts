// The dashboard server answers exactly the endpoints declared in src/api (docs/decisions/027):
// each one is registered from its declaration, and the routes are registered in no other way.
import fs from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dashboardEndpoints } from '#/api/dashboard-api';
import { startTestDashboard, type TestDashboard } from './testing';

let t: TestDashboard;
beforeAll(async () => {
  t = await startTestDashboard();
});
afterAll(() => t.close());

it('registers every declared endpoint at its method and path', () => {
  for (const e of dashboardEndpoints) {
    const url = `/api${e.path.replace(/\{(\w+)\}/g, ':$1')}`;
    expect(t.server.app.hasRoute({ method: e.method, url }), `${e.method} ${url}`).toBe(true);
  }
});

it('registers routes only through the declarations, outside the proxy, hooks and pages', () => {
  const folder = path.resolve(import.meta.dirname);
  const files = fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const direct = files.filter((f) =>
    /\bapp\.(get|post|put|patch|delete|all|route)\(/.test(
      fs.readFileSync(path.join(folder, f), 'utf8'),
    ),
  );
  // The SPA's pages, the proxy of the partner's API and the webhook intake are not /api's own;
  // nor are the protocols of identity providers and directories, with their own formats (SAML's
  // ACS and metadata, decision 053; SCIM, decision 052); nor the platform's probes and metrics
  // scrape (declared in src/api/probes.ts, decision 079).
  expect(direct.sort()).toEqual(
    [
      'endpoint.ts',
      'plugins/index-routes.ts',
      'plugins/probes.ts',
      'plugins/proxy-route.ts',
      'plugins/saml-routes.ts',
      'plugins/spa.ts',
      'scim/discovery-routes.ts',
      'scim/group-routes.ts',
      'scim/user-routes.ts',
    ].sort(),
  );
});

it("serves the API's OpenAPI document to admins only", async () => {
  const viewer = await t.signIn('viewer@demo.example');
  const refused = await fetch(`${t.base}/api/openapi.json`, { headers: { cookie: viewer.cookie } });
  expect(refused.status).toBe(403);
  const admin = await t.signIn('admin@demo.example');
  const response = await fetch(`${t.base}/api/openapi.json`, { headers: { cookie: admin.cookie } });
  expect(response.status).toBe(200);
  const document = (await response.json()) as { servers: { url: string }[] };
  expect(document.servers[0]!.url).toBe(t.base);
  const result = await new Validator().validate(document as never);
  expect(result.valid).toBe(true);
});
