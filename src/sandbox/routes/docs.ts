// The API's documents, served without credentials: the OpenAPI document, a readable reference
// page generated from it, and the legal agreements that onboarding links to.
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '#/api/schemas/common';
import { buildOpenApiDocument, type OpenApiDocument } from '#/api/openapi';
import { AGREEMENTS } from '../domain/merchants';
import { PROBLEM_TITLES } from '#/api/problem';
import { publicBaseUrl } from '../http';
import { curlCommand } from '#/api/curl';
import { EXAMPLE_ID, exampleOf } from '#/api/examples';
import { VERIFY_EXAMPLE, VERIFY_SHELL } from '#/api/webhook-example';

type Schema = Record<string, unknown>;

const escape = (text: unknown) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const anchorOf = (text: string) => text.replace(/\W+/g, '-');

function refName(schema: Schema): string | undefined {
  return typeof schema.$ref === 'string' ? schema.$ref.split('/').pop() : undefined;
}

/** A field's type in words: a schema's name links to it; nullable types say "or null". */
function typeOf(schema: Schema | undefined): string {
  if (!schema) return 'any';
  const name = refName(schema);
  if (name) return `<a href="#schema-${escape(name)}">${escape(name)}</a>`;
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Schema[]).map(typeOf).join(' or ');
  if (Array.isArray(schema.enum) && schema.enum.length > 24)
    return `one of ${schema.enum.length} codes (${schema.enum
      .slice(0, 3)
      .map((v) => `<code>${escape(v)}</code>`)
      .join(', ')}…; <a href="openapi.json">openapi.json</a> lists them)`;
  if (Array.isArray(schema.enum))
    return schema.enum.map((v) => `<code>${escape(v)}</code>`).join(' | ');
  if (schema.type === 'array') return `array of ${typeOf(schema.items as Schema)}`;
  if (schema.type === 'object' && schema.properties) return 'object (fields below)';
  if (schema.type === 'object') return 'JSON object (see its notes)';
  if (Array.isArray(schema.type)) return (schema.type as string[]).map(escape).join(' or ');
  return escape(schema.type ?? 'any');
}

/** What else a field says, as one sentence list: its description, then its limits. */
function constraints(schema: Schema): string {
  const notes: string[] = [];
  if (typeof schema.description === 'string')
    notes.push(escape(schema.description.trim().replace(/\.$/, '')));
  if (schema.minLength !== undefined && Number(schema.minLength) > 0)
    notes.push(
      `at least ${escape(schema.minLength)} character${schema.minLength === 1 ? '' : 's'}`,
    );
  if (schema.maxLength !== undefined) notes.push(`at most ${escape(schema.maxLength)} characters`);
  if (typeof schema.pattern === 'string')
    notes.push(`pattern <code>${escape(schema.pattern)}</code>`);
  if (schema.format === 'email') notes.push('an email address');
  if (schema.format === 'uri') notes.push('an http or https URL');
  if (schema.minimum !== undefined && schema.maximum !== undefined && Number(schema.maximum) < 1e15)
    notes.push(`${escape(schema.minimum)} to ${escape(schema.maximum)}`);
  if (schema.default !== undefined)
    notes.push(`default <code>${escape(JSON.stringify(schema.default))}</code>`);
  return notes.length > 0 ? `${notes.join('; ')}.` : '';
}

/** The object an inline field holds (itself, or the non-null choice of an anyOf), if any. */
function inlineObject(schema: Schema): Schema | undefined {
  const options = Array.isArray(schema.anyOf) ? (schema.anyOf as Schema[]) : [schema];
  for (const option of options) {
    if (option.type === 'object' && option.properties) return option;
    if (option.type === 'array') {
      const items = option.items as Schema | undefined;
      if (items?.type === 'object' && items.properties) return items;
    }
  }
  return undefined;
}

/** Rows of a field table: nested objects' fields follow their parent as `parent.field`. */
function fieldRows(schema: Schema, prefix: string, depth: number): string {
  const properties = schema.properties as Record<string, Schema> | undefined;
  if (!properties) return '';
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties)
    .map(([name, prop]) => {
      const path = `${prefix}${name}`;
      const row = `<tr><td><code>${escape(path)}</code>${required.has(name) ? ' <span class="req">required</span>' : ''}</td><td>${typeOf(prop)}</td><td>${constraints(prop)}</td></tr>`;
      const inner = depth < 4 ? inlineObject(prop) : undefined;
      const isArray =
        inner &&
        (prop.type === 'array' ||
          (Array.isArray(prop.anyOf) && (prop.anyOf as Schema[]).some((o) => o.type === 'array')));
      return inner ? row + fieldRows(inner, `${path}${isArray ? '[]' : ''}.`, depth + 1) : row;
    })
    .join('');
}

function propertyTable(schema: Schema, components: Record<string, Schema>): string {
  const name = refName(schema);
  const resolved = name ? (components[name] ?? schema) : schema;
  if (!resolved.properties) return `<p>${typeOf(schema)}</p>`;
  return `<div class="table"><table><thead><tr><th>Field</th><th>Type</th><th>Notes</th></tr></thead><tbody>${fieldRows(resolved, '', 0)}</tbody></table></div>`;
}

/** A block of code with a copy button (added by docs.js) named after what it holds. */
const codeBlock = (code: string, what: string) =>
  `<div class="code"><pre tabindex="0" data-copy="${escape(what)}"><code>${escape(code)}</code></pre></div>`;

interface Operation extends Schema {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: Schema[];
  requestBody?: {
    content: Record<string, { schema: Schema; example?: unknown }>;
    required: boolean;
  };
  responses: Record<string, { description: string; content?: Record<string, { schema?: Schema }> }>;
  'x-design-choice'?: boolean;
  'x-sandbox-extension'?: boolean;
}

function renderOperation(
  path: string,
  method: string,
  op: Operation,
  components: Record<string, Schema>,
  baseUrl: string,
): string {
  const params = (op.parameters ?? []).filter((p) => p.in !== 'header');
  const json = op.requestBody?.content['application/json'];
  const multipart = op.requestBody?.content['multipart/form-data'];
  const ok = op.responses['200']!;
  const okSchema = ok.content?.['application/json']?.schema;
  const stream = Boolean(ok.content?.['text/event-stream']);
  const url = `${baseUrl.replace(/\/+$/, '')}${path
    .replace('{id}', String(EXAMPLE_ID))
    .replace('{requestId}', '3f2a8c1e-6b0d-4e7a-9c55-2d1f0b8a7e64')
    .replace(
      /^\/v1\/sandbox\/moves\/$/,
      `/v1/sandbox/moves/?objectType=transaction&objectId=${EXAMPLE_ID}`,
    )}`;
  const curl = curlCommand({
    method: method.toUpperCase(),
    url,
    json: json?.example === undefined ? null : JSON.stringify(json.example),
    file: multipart ? 'invoice.pdf' : undefined,
  });
  const answer = okSchema
    ? `HTTP/1.1 200 OK\ncontent-type: application/json\n\n${JSON.stringify(exampleOf(okSchema, components), null, 2)}`
    : stream
      ? 'HTTP/1.1 200 OK\ncontent-type: text/event-stream\n\nid: 42\nevent: event\ndata: {"id":42,"type":"transaction.status.changed",…}'
      : 'HTTP/1.1 200 OK\ncontent-type: application/pdf\n\n(the file itself)';
  const badge = op['x-sandbox-extension']
    ? ' <span class="tag sandbox" title="A sandbox console extension, not part of the live API">sandbox only</span>'
    : op['x-design-choice']
      ? ' <span class="tag design" title="This sandbox chose the path or payload: the specification does not show one">design</span>'
      : '';
  const errors = Object.entries(op.responses)
    .filter(([status]) => status !== '200')
    .map(
      ([status, r]) =>
        `<tr><td><code>${escape(status)}</code></td><td>${escape(r.description)}</td></tr>`,
    )
    .join('');
  const search = `${method} ${path} ${op.summary} ${op.operationId} ${op.tags[0]}`.toLowerCase();
  return [
    `<section class="op" id="${escape(op.operationId)}" data-search="${escape(search)}">`,
    `<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code>${badge}</h3>`,
    `<p>${escape(op.summary)}.${op.description ? ` ${escape(op.description)}` : ''}</p>`,
    params.length
      ? `<h4>Parameters</h4><div class="table"><table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Notes</th></tr></thead><tbody>${params
          .map(
            (p) =>
              `<tr><td><code>${escape(p.name)}</code>${p.required ? ' <span class="req">required</span>' : ''}</td><td>${escape(p.in)}</td><td>${typeOf(p.schema as Schema)}</td><td>${constraints(p.schema as Schema)}</td></tr>`,
          )
          .join('')}</tbody></table></div>`
      : '',
    json
      ? `<h4>Body${op.requestBody?.required ? '' : ' (optional)'}</h4>${propertyTable(json.schema, components)}`
      : '',
    multipart
      ? '<h4>Body</h4><p><code>multipart/form-data</code> with one part named <code>file</code>: a PDF, PNG or JPEG of at most 10 MB.</p>'
      : '',
    '<div class="examples">',
    `<div><h4>Example request</h4>${codeBlock(curl, `the curl command of ${op.operationId}`)}</div>`,
    `<div><h4>Example answer</h4>${codeBlock(answer, `the example answer of ${op.operationId}`)}</div>`,
    '</div>',
    `<h4>Answer fields</h4>${okSchema ? propertyTable(okSchema, components) : stream ? '<p>Server-sent events; see the summary.</p>' : '<p>The file itself.</p>'}`,
    `<h4>Errors</h4><p>As <a href="#errors">problem details</a>, with a <code>code</code>:</p><div class="table"><table><thead><tr><th>Status</th><th>When</th></tr></thead><tbody>${errors}</tbody></table></div>`,
    '</section>',
  ].join('');
}

const SANDBOX_RULES = `<ul>
<li>Update a merchant with <code>localRegNumber</code> ending in <code>|STATUS</code> (one of the kycStatus values, for example <code>12345|VALID</code>) to set its kycStatus directly; the number is stored without the suffix and an event is recorded.</li>
<li>Update a payout account with <code>accountNumber</code> ending in <code>|PENDING</code>, <code>|ACTIVE</code>, <code>|FROZEN</code> or <code>|CLOSED</code> to set its accountStatus the same way.</li>
<li>Submitted onboarding moves to <code>UNDER_REVIEW</code>, then to <code>VALID</code> after the review delay unless a simulation set another status meanwhile.</li>
<li>Payout and end to end transactions move from <code>OnOff_PENDING</code> to <code>OnOff_AWAITING_QUOTE_APPROVAL</code> after the quote delay; an approved deposit completes after the settlement delay. Collections stay <code>Receive_PENDING</code> until their quote or deposit is approved.</li>
<li>A transaction pays the payout account's bank details as they were when it was created: a later update of the account changes what later transactions pay, not those already made. The payout confirmation and every <code>transaction.status.changed</code> event carry that <code>recipient</code> (holder, bank, last four of the number, country).</li>
<li>Prices: payout 1.0&nbsp;%, end to end 0.8&nbsp;%, collections 0.5&nbsp;% below fixed reference rates; the deposit <code>amount</code> is rounded up to the deposit currency's decimals. Payout amounts are 1 to 1,000,000 in the payout currency, with no more decimals than it has.</li>
<li>Pages: <code>start</code> is a zero-based offset (default 0), <code>limit</code> 1 to 100 (default 20); newest first.</li>
</ul>`;

const WEBHOOKS = `<p>Every status change is posted to each endpoint as the event JSON, with the headers <code>x-webhook-id</code> (the event id), <code>x-webhook-attempt</code> and <code>x-webhook-signature: t=&lt;unix seconds&gt;,v1=&lt;hex HMAC-SHA256(secret, "&lt;t&gt;.&lt;raw body&gt;")&gt;</code>. Anything but a 2xx within 5&nbsp;s is retried with doubling delays. URLs leading to loopback, private, link-local or metadata addresses are refused, when the endpoint is added and at every delivery, unless this sandbox allows them (<code>SANDBOX_WEBHOOK_ALLOW_PRIVATE</code>, on by default when it listens on loopback only).</p>
<p>An endpoint's secret is in the answer that adds it, once; a lost or leaked one is replaced with <a href="#rotateWebhookSecret">POST /v1/webhook/{id}/secret</a>. Check every delivery before trusting it: recompute the HMAC over the raw body (before any JSON parsing), compare in constant time, and refuse a timestamp more than five minutes away.</p>
<h3>Checking a signature in Node.js</h3>${codeBlock(VERIFY_EXAMPLE, 'the signature check in Node.js')}
<h3>By hand in a shell</h3>${codeBlock(VERIFY_SHELL, 'the signature check in a shell')}`;

function renderReference(doc: OpenApiDocument, baseUrl: string): string {
  const components = doc.components.schemas as Record<string, Schema>;
  const byTag = new Map<string, Array<{ id: string; label: string; html: string }>>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as Operation;
      const list = byTag.get(op.tags[0]!) ?? [];
      list.push({
        id: op.operationId,
        label: `<span class="m ${method}">${method.toUpperCase()}</span> ${escape(op.summary.split(/[:;,]/)[0])}`,
        html: renderOperation(path, method, op, components, baseUrl),
      });
      byTag.set(op.tags[0]!, list);
    }
  }
  const errors = ERROR_CODES.map(
    (code) =>
      `<tr id="${code}"><td><code>${code}</code></td><td>${escape(PROBLEM_TITLES[code])}</td></tr>`,
  ).join('');
  const schemas = Object.entries(components)
    .map(
      ([name, schema]) =>
        `<section id="schema-${escape(name)}"><h3>${escape(name)}</h3>${propertyTable(schema, components)}</section>`,
    )
    .join('');

  // One list of sections: the sidebar and the page follow it, in the same order.
  const sections: Array<{
    id: string;
    title: string;
    html: string;
    ops?: Array<{ id: string; label: string }>;
  }> = [
    {
      id: 'start',
      title: 'Getting started',
      html: `<p>Base URL: <code>${escape(baseUrl)}</code>. Machine-readable: <a href="openapi.json">openapi.json</a> (OpenAPI 3.1, with these examples).</p>
<p>Every operation under <code>/v1/</code> needs the headers <code>x-api-key</code> and <code>x-api-secret</code>; the examples read them from <code>$SANDBOX_API_KEY</code> and <code>$SANDBOX_API_SECRET</code>. A missing header, an unknown key and a wrong secret all answer <code>401</code>. Each partner sees only its own records: another partner's id answers <code>404</code>. Example ids are <code>${EXAMPLE_ID}</code>, the first record of a new sandbox.</p>
<h3 id="credentials">Where the key and secret come from</h3>
<ul>
<li><b>A partner of your own</b>: <code>npm run sandbox -- partner create --name "Your name"</code> prints <code>{"apiKey", "apiSecret"}</code> once. Keep the secret: the sandbox stores only its hash and cannot show it again.</li>
<li><b>The demo partner</b> (the one the dashboard's demo workspace uses): its pair is in <code>DATA_DIR/sandbox-credentials.json</code>, made on the first start, or given as <code>SANDBOX_API_KEY</code> and <code>SANDBOX_API_SECRET</code> in the environment.</li>
<li><b>The dashboard</b> keeps the pair an admin entered under Settings → API credentials, encrypted; it shows only the key's last four characters there, to tell which pair it uses, and never the secret.</li>
</ul>
<p>Every POST takes an optional <code>Idempotency-Key</code> header: the same key and body replay the first successful answer for 24 hours (<code>idempotent-replayed: true</code>); another body is 422; a retry while the first is still being read is 409.</p>
<p>Marks: <span class="tag design">design</span> a path or payload this sandbox chose where the specification does not show one; <span class="tag sandbox">sandbox only</span> the sandbox console, not part of the live API.</p>`,
    },
    { id: 'sandbox', title: 'Sandbox behaviour', html: SANDBOX_RULES },
    { id: 'webhook-signatures', title: 'Webhooks and signatures', html: WEBHOOKS },
    {
      id: 'errors',
      title: 'Errors',
      html: `<p>Errors are RFC 9457 problem details (<code>application/problem+json</code>) with <code>code</code>, <code>detail</code>, field <code>errors</code> where input was invalid, and the <code>requestId</code> that every response also carries in <code>x-request-id</code>.</p>
<div class="table"><table><thead><tr><th>code</th><th>title</th></tr></thead><tbody>${errors}</tbody></table></div>`,
    },
    ...[...byTag.entries()].map(([tag, ops]) => ({
      id: `tag-${anchorOf(tag)}`,
      title: tag,
      html: ops.map((o) => o.html).join(''),
      ops,
    })),
    { id: 'schemas', title: 'Schemas', html: schemas },
  ];
  const nav = sections
    .map(
      (section) =>
        `<li data-part="${escape(section.id)}"><a href="#${escape(section.id)}">${escape(section.title)}</a>${
          section.ops
            ? `<ul>${section.ops.map((o) => `<li data-op="${escape(o.id)}"><a href="#${escape(o.id)}">${o.label}</a></li>`).join('')}</ul>`
            : ''
        }</li>`,
    )
    .join('');
  const body = sections
    .map(
      (section) =>
        `<section class="part${section.ops ? ' tag-part' : ''}" id="${escape(section.id)}"><h2>${escape(section.title)}</h2>${section.html}</section>`,
    )
    .join('');

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Partner Payments API — sandbox reference</title><link rel="stylesheet" href="docs.css"><script src="docs.js" defer></script></head>
<body><div class="layout">
<nav class="side" aria-label="Contents">
<p class="brand">Partner Payments API <span class="badge">sandbox</span></p>
<label for="search">Search the reference</label>
<input id="search" type="search" placeholder="Path, operation or words" autocomplete="off">
<p id="search-status" role="status" aria-live="polite"></p>
<ul>${nav}</ul>
</nav>
<main>
<h1>Partner Payments API <span class="badge">sandbox</span></h1>
${body}
</main></div></body></html>`;
}

const CSS = `*{box-sizing:border-box}body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1a1b1e;background:#fff}
.layout{display:grid;grid-template-columns:290px minmax(0,1fr)}
.side{position:sticky;top:0;height:100vh;overflow:auto;padding:16px;border-right:1px solid #dee2e6;font-size:14px}
.side ul{list-style:none;margin:0;padding:0}.side>ul>li{margin:4px 0}.side ul ul{margin:0 0 4px 8px}.side a{display:inline-block;min-height:24px;line-height:24px}.side ul ul a{color:inherit;font-size:13px}
.side label{display:block;font-weight:600;margin:8px 0 4px}.side input{width:100%;padding:6px 8px;font:inherit;border:1px solid #adb5bd;border-radius:4px;background:inherit;color:inherit}
#search-status{font-size:12px;color:#495057;min-height:18px;margin:4px 0}.brand{font-weight:700;margin:0 0 8px}
main{max-width:980px;padding:24px 32px}h1 .badge,.brand .badge{font-size:12px;background:#fd7e14;color:#000;padding:2px 8px;border-radius:4px;vertical-align:middle}
h2{border-bottom:2px solid #dee2e6;padding-bottom:4px;margin-top:40px}
code{font:13px ui-monospace,monospace;background:#f1f3f5;padding:1px 4px;border-radius:3px}
.code{position:relative}pre{background:#f1f3f5;padding:30px 12px 10px;border-radius:6px;overflow:auto;max-height:420px;margin:4px 0 12px}pre code{background:none;padding:0;white-space:pre}
.copy{position:absolute;top:6px;right:6px;font:12px system-ui,sans-serif;padding:2px 8px;border:1px solid #adb5bd;border-radius:4px;background:#fff;color:#1a1b1e;cursor:pointer}
.table{overflow-x:auto}table{border-collapse:collapse;width:100%;margin:8px 0 16px}th,td{border:1px solid #dee2e6;padding:4px 8px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
.op{border-top:1px solid #dee2e6;padding-top:8px;margin-top:24px}.method,.m{font:600 12px ui-monospace,monospace;padding:2px 6px;border-radius:3px;color:#fff;background:#495057}
.m{font-size:10px;padding:0 4px}.get{background:#1864ab}.post{background:#237032}.put{background:#a35200}.delete{background:#c92a2a}
.tag{font:600 11px system-ui,sans-serif;padding:1px 6px;border-radius:10px;border:1px solid #868e96;color:#495057;vertical-align:middle}.tag.sandbox{border-color:#d9480f;color:#a33b0a}
.examples{display:grid;grid-template-columns:repeat(auto-fit,minmax(320px,1fr));gap:12px}
.req{font-size:11px;color:#c92a2a}a{color:#1864ab}[hidden]{display:none!important}
@media (max-width:900px){.side:not(.searching) ul ul{display:none}.layout{display:block}.side{position:static;height:auto;border-right:0;border-bottom:1px solid #dee2e6}main{padding:16px}}
@media (prefers-color-scheme:dark){body{background:#1a1b1e;color:#e9ecef}code,pre{background:#2c2e33}th,td{border-color:#373a40}a{color:#74c0fc}.side{border-color:#373a40}#search-status{color:#ced4da}.tag{color:#ced4da}.tag.sandbox{color:#ffa94d}.copy{background:#2c2e33;color:#e9ecef}.req{color:#ff8787}}`;

// Search and copy: the page reads whole without them (script-src 'self', no inline code).
const SCRIPT = `(() => {
  const input = document.getElementById('search');
  const status = document.getElementById('search-status');
  const ops = [...document.querySelectorAll('section.op')];
  const parts = [...document.querySelectorAll('section.part')];
  const items = new Map([...document.querySelectorAll('[data-op]')].map((li) => [li.dataset.op, li]));
  const texts = new Map(parts.map((p) => [p, p.textContent.toLowerCase()]));
  input.addEventListener('input', () => {
    const words = input.value.toLowerCase().split(/\\s+/).filter(Boolean);
    let found = 0;
    for (const op of ops) {
      const hit = words.every((w) => op.dataset.search.includes(w));
      op.hidden = !hit;
      const item = items.get(op.id);
      if (item) item.hidden = !hit;
      if (hit) found += 1;
    }
    for (const part of parts) {
      part.hidden = words.length > 0 && (part.classList.contains('tag-part')
        ? !part.querySelector('section.op:not([hidden])')
        : !words.every((w) => texts.get(part).includes(w)));
      const entry = document.querySelector('[data-part="' + part.id + '"]');
      if (entry) entry.hidden = part.hidden;
    }
    input.closest('nav').classList.toggle('searching', words.length > 0);
    status.textContent = words.length === 0 ? '' : found === 1 ? '1 operation matches' : found + ' operations match';
  });
  for (const pre of document.querySelectorAll('pre[data-copy]')) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy';
    button.textContent = 'Copy';
    button.setAttribute('aria-label', 'Copy ' + pre.dataset.copy);
    button.addEventListener('click', async () => {
      await navigator.clipboard.writeText(pre.textContent);
      button.textContent = 'Copied';
      setTimeout(() => (button.textContent = 'Copy'), 1500);
    });
    pre.after(button);
  }
})();`;

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
  app.get('/docs.js', (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(SCRIPT),
  );
  app.get<{ Params: { slug: string } }>('/legal/:slug', (request, reply) => {
    const agreement = AGREEMENTS.find((a) => a.slug === request.params.slug);
    if (!agreement) return reply.callNotFound();
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(agreement.name)} (version ${escape(agreement.version)})</title>
<link rel="stylesheet" href="../docs.css"></head><body><main><h1>${escape(agreement.name)} <span class="badge">sandbox</span></h1>
<p>Version ${escape(agreement.version)}</p><p>${escape(LEGAL_TEXT[agreement.slug])}</p></main></body></html>`);
  });
}
