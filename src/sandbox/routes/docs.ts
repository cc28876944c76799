// The API's documents, served without credentials: the OpenAPI document, a readable reference
// page generated from it, and the legal agreements that onboarding links to.
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '#/api/schemas/common';
import { buildOpenApiDocument, type OpenApiDocument } from '#/api/openapi';
import { AGREEMENTS } from '../domain/merchants';
import { PROBLEM_TITLES } from '#/api/problem';
import { publicBaseUrl } from '../http';

type Schema = Record<string, unknown>;

const escape = (text: unknown) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function typeOf(schema: Schema | undefined): string {
  if (!schema) return 'any';
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop()!;
    return `<a href="#schema-${escape(name)}">${escape(name)}</a>`;
  }
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Schema[]).map(typeOf).join(' or ');
  if (Array.isArray(schema.enum))
    return schema.enum.map((v) => `<code>${escape(v)}</code>`).join(' | ');
  if (schema.type === 'array') return `array of ${typeOf(schema.items as Schema)}`;
  if (schema.type === 'object' && schema.properties) return 'object';
  return escape(schema.type ?? 'any');
}

function constraints(schema: Schema): string {
  const notes: string[] = [];
  if (typeof schema.description === 'string') notes.push(escape(schema.description));
  if (schema.maxLength !== undefined) notes.push(`at most ${escape(schema.maxLength)} characters`);
  if (typeof schema.pattern === 'string')
    notes.push(`pattern <code>${escape(schema.pattern)}</code>`);
  if (schema.minimum !== undefined && schema.maximum !== undefined && Number(schema.maximum) < 1e15)
    notes.push(`${escape(schema.minimum)} to ${escape(schema.maximum)}`);
  if (schema.default !== undefined) notes.push(`default ${escape(schema.default)}`);
  return notes.join('; ');
}

function propertyTable(schema: Schema, components: Record<string, Schema>): string {
  const resolved =
    typeof schema.$ref === 'string'
      ? (components[schema.$ref.split('/').pop()!] ?? schema)
      : schema;
  const properties = resolved.properties as Record<string, Schema> | undefined;
  if (!properties) return `<p>${typeOf(schema)}</p>`;
  const required = new Set((resolved.required as string[] | undefined) ?? []);
  const rows = Object.entries(properties)
    .map(
      ([name, prop]) =>
        `<tr><td><code>${escape(name)}</code>${required.has(name) ? ' <span class="req">required</span>' : ''}</td><td>${typeOf(prop)}</td><td>${constraints(prop)}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>Field</th><th>Type</th><th>Notes</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function renderReference(doc: OpenApiDocument, baseUrl: string): string {
  const components = doc.components.schemas as Record<string, Schema>;
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as Schema & {
        tags: string[];
        parameters?: Schema[];
        requestBody?: Schema;
        responses: Schema;
      };
      const params = (op.parameters ?? []).filter((p) => p.in !== 'header');
      const body = op.requestBody as
        { content: Record<string, { schema: Schema }>; required: boolean } | undefined;
      const json = body?.content['application/json']?.schema;
      const ok = (op.responses['200'] as { content?: Record<string, { schema?: Schema }> }).content;
      const okSchema = ok?.['application/json']?.schema;
      const html = [
        `<section class="op" id="${escape(op.operationId)}">`,
        `<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>`,
        `<p>${escape(op.summary)}${op.description ? ` <em>${escape(op.description)}</em>` : ''}</p>`,
        params.length
          ? `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Notes</th></tr></thead><tbody>${params
              .map(
                (p) =>
                  `<tr><td><code>${escape(p.name)}</code>${p.required ? ' <span class="req">required</span>' : ''}</td><td>${escape(p.in)}</td><td>${typeOf(p.schema as Schema)}</td><td>${constraints(p.schema as Schema)}</td></tr>`,
              )
              .join('')}</tbody></table>`
          : '',
        json
          ? `<h4>Body${body?.required ? '' : ' (optional)'}</h4>${propertyTable(json, components)}`
          : '',
        body?.content['multipart/form-data']
          ? '<h4>Body</h4><p><code>multipart/form-data</code> with one part named <code>file</code>.</p>'
          : '',
        `<h4>Response</h4>${okSchema ? propertyTable(okSchema, components) : '<p>The file itself.</p>'}`,
        '</section>',
      ].join('');
      const list = byTag.get(op.tags[0]!) ?? [];
      list.push(html);
      byTag.set(op.tags[0]!, list);
    }
  }
  const nav = [...byTag.keys()]
    .map((tag) => `<li><a href="#tag-${escape(tag.replace(/\W+/g, '-'))}">${escape(tag)}</a></li>`)
    .join('');
  const sections = [...byTag.entries()]
    .map(
      ([tag, ops]) =>
        `<h2 id="tag-${escape(tag.replace(/\W+/g, '-'))}">${escape(tag)}</h2>${ops.join('')}`,
    )
    .join('');
  const schemas = Object.entries(components)
    .map(
      ([name, schema]) =>
        `<section id="schema-${escape(name)}"><h3>${escape(name)}</h3>${propertyTable(schema, components)}</section>`,
    )
    .join('');
  const errors = ERROR_CODES.map(
    (code) =>
      `<tr id="${code}"><td><code>${code}</code></td><td>${escape(PROBLEM_TITLES[code])}</td></tr>`,
  ).join('');

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Partner Payments API — sandbox reference</title><link rel="stylesheet" href="docs.css"></head>
<body><main>
<h1>Partner Payments API <span class="badge">sandbox</span></h1>
<p>Base URL: <code>${escape(baseUrl)}</code>. Machine-readable: <a href="openapi.json">openapi.json</a> (OpenAPI 3.1).</p>
<nav><ul>${nav}<li><a href="#sandbox">Sandbox behaviour</a></li><li><a href="#errors">Errors</a></li><li><a href="#schemas">Schemas</a></li></ul></nav>
<h2>Authentication</h2>
<p>Every operation under <code>/v1/</code> needs the headers <code>x-api-key</code> and <code>x-api-secret</code>. A missing header, an unknown key and a wrong secret all answer <code>401</code>. Each partner sees only its own records: another partner's id answers <code>404</code>.</p>
<h2 id="sandbox">Sandbox behaviour</h2>
<ul>
<li>Update a merchant with <code>localRegNumber</code> ending in <code>|STATUS</code> (one of the kycStatus values, for example <code>12345|VALID</code>) to set its kycStatus directly; the number is stored without the suffix and an event is recorded.</li>
<li>Update a payout account with <code>accountNumber</code> ending in <code>|PENDING</code>, <code>|ACTIVE</code>, <code>|FROZEN</code> or <code>|CLOSED</code> to set its accountStatus the same way.</li>
<li>Submitted onboarding moves to <code>UNDER_REVIEW</code>, then to <code>VALID</code> after the review delay unless a simulation set another status meanwhile.</li>
<li>Payout and end to end transactions move from <code>OnOff_PENDING</code> to <code>OnOff_AWAITING_QUOTE_APPROVAL</code> after the quote delay; an approved deposit completes after the settlement delay. Collections stay <code>Receive_PENDING</code> until their quote or deposit is approved.</li>
<li>Prices: payout 1.0&nbsp;%, end to end 0.8&nbsp;%, collections 0.5&nbsp;% below fixed reference rates; the deposit <code>amount</code> is rounded up to the deposit currency's decimals. Payout amounts are 1 to 1,000,000 in the payout currency, with no more decimals than it has.</li>
<li>Webhooks: every status change is posted to each endpoint as the event JSON with <code>x-webhook-id</code> (the event id), <code>x-webhook-attempt</code> and <code>x-webhook-signature: t=&lt;unix seconds&gt;,v1=&lt;hex HMAC-SHA256(secret, "&lt;t&gt;.&lt;raw body&gt;")&gt;</code>. Anything but a 2xx within 5&nbsp;s is retried with doubling delays. URLs leading to loopback, private, link-local or metadata addresses are refused, when the endpoint is added and at every delivery, unless this sandbox allows them (<code>SANDBOX_WEBHOOK_ALLOW_PRIVATE</code>, on by default when it listens on loopback only).</li>
<li>Every POST takes an optional <code>Idempotency-Key</code> header: the same key and body replay the first successful answer for 24 hours (<code>idempotent-replayed: true</code>); another body is 422; a retry while the first is still being read is 409. The key is stored in the same transaction as the work it guards, so after a crash a retry either replays the answer or does the work once.</li>
<li>Pages: <code>start</code> is a zero-based offset (default 0), <code>limit</code> 1 to 100 (default 20); newest first.</li>
</ul>
<section id="errors"><h2>Errors</h2>
<p>Errors are RFC 9457 problem details (<code>application/problem+json</code>) with <code>code</code>, <code>detail</code>, field <code>errors</code> where input was invalid, and the <code>requestId</code> that every response also carries in <code>x-request-id</code>.</p>
<table><thead><tr><th>code</th><th>title</th></tr></thead><tbody>${errors}</tbody></table></section>
${sections}
<h2 id="schemas">Schemas</h2>${schemas}
</main></body></html>`;
}

const CSS = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1a1b1e;background:#fff}
main{max-width:960px;margin:0 auto;padding:24px}h1 .badge{font-size:13px;background:#fd7e14;color:#000;padding:2px 8px;border-radius:4px;vertical-align:middle}
code{font:13px ui-monospace,monospace;background:#f1f3f5;padding:1px 4px;border-radius:3px}
table{border-collapse:collapse;width:100%;margin:8px 0 16px}th,td{border:1px solid #dee2e6;padding:4px 8px;text-align:left;vertical-align:top}
.op{border-top:1px solid #dee2e6;padding-top:8px}.method{font:600 12px ui-monospace,monospace;padding:2px 6px;border-radius:3px;color:#fff;background:#495057}
.method.get{background:#1864ab}.method.post{background:#2b8a3e}.method.put{background:#a35200}.method.delete{background:#c92a2a}
.req{font-size:11px;color:#c92a2a}nav ul{columns:2}a{color:#1864ab}
@media (prefers-color-scheme:dark){body{background:#1a1b1e;color:#e9ecef}code{background:#2c2e33}th,td{border-color:#373a40}a{color:#74c0fc}}`;

const LEGAL_TEXT: Record<string, string> = {
  'terms-of-service':
    'These sandbox Terms of Service stand in for the terms a merchant accepts before it is onboarded. No money moves in the sandbox and nothing here binds anyone.',
  'privacy-notice':
    'This sandbox Privacy Notice stands in for the notice that explains how merchant and contact data is processed. Use made-up data in the sandbox.',
  'merchant-services-agreement':
    'This sandbox Merchant Services Agreement stands in for the agreement that governs payouts, collections and end to end transfers for the merchant.',
};

export function docsRoutes(app: FastifyInstance) {
  const documents = new Map<string, OpenApiDocument>();
  const documentFor = (baseUrl: string) => {
    let doc = documents.get(baseUrl);
    if (!doc) {
      doc = buildOpenApiDocument({ serverUrl: baseUrl });
      if (documents.size < 16) documents.set(baseUrl, doc);
    }
    return doc;
  };

  app.get('/openapi.json', (request) => documentFor(publicBaseUrl(request)));
  app.get('/docs', (request, reply) => {
    const baseUrl = publicBaseUrl(request);
    return reply
      .type('text/html; charset=utf-8')
      .send(renderReference(documentFor(baseUrl), baseUrl));
  });
  app.get('/docs.css', (_request, reply) => reply.type('text/css; charset=utf-8').send(CSS));
  app.get<{ Params: { slug: string } }>('/legal/:slug', (request, reply) => {
    const agreement = AGREEMENTS.find((a) => a.slug === request.params.slug);
    if (!agreement) return reply.callNotFound();
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(agreement.name)} (version ${escape(agreement.version)})</title>
<link rel="stylesheet" href="../docs.css"></head><body><main><h1>${escape(agreement.name)} <span class="badge">sandbox</span></h1>
<p>Version ${escape(agreement.version)}</p><p>${escape(LEGAL_TEXT[agreement.slug])}</p></main></body></html>`);
  });
}
