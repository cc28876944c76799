// Traces (decision 082): the dashboard server as `npm start` runs it, with
// OTEL_EXPORTER_OTLP_ENDPOINT pointing at a collector of this test's own (OTLP over HTTP, JSON).
// One request relayed to the partner API makes one trace: the server span, the database
// statements it ran and the API call, each a child of the request's span; the request's log
// lines carry the trace's id.
import http from 'node:http';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '#/http/free-port';
import { processEnv, serverProcessFolders, signInAt, startDashboardProcess } from './testing';

const folders = serverProcessFolders('tracing-');

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: Record<string, unknown> }[];
}

/** A collector: every span posted to /v1/traces. */
function collector() {
  const spans: OtlpSpan[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const batch = JSON.parse(body) as {
          resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
        };
        for (const resource of batch.resourceSpans)
          for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return { spans, server };
}

const { spans, server } = collector();
afterAll(() => server.close());

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return value && Object.values(value)[0];
};

it('follows a request through its statements and its API call, in one trace', async () => {
  const collectorPort = await freePort();
  await new Promise<void>((resolve) => server.listen(collectorPort, '127.0.0.1', resolve));
  const port = await freePort();
  const child = await startDashboardProcess(
    processEnv(
      { dataDir: folders.dataDir, port, distDir: folders.distDir },
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collectorPort}`,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '100',
        OTEL_SERVICE_NAME: 'dashboard-under-test',
        LOG_LEVEL: 'debug',
      },
    ),
    port,
    folders.running,
  );
  const base = `http://127.0.0.1:${port}`;
  const { cookie } = await signInAt(base, 'viewer@demo.example');
  const listed = await fetch(`${base}/api/v1/business/`, { headers: { cookie } });
  expect(listed.status).toBe(200);

  // The request's span, named by the operation's path.
  const isTheRequest = (s: OtlpSpan) => s.kind === 2 && s.name === 'GET /api/v1/business/';
  await expect.poll(() => spans.some(isTheRequest), { timeout: 15_000 }).toBe(true);
  const root = spans.find(isTheRequest)!;
  const requestId = String(attribute(root, 'request.id'));
  expect(attribute(root, 'http.response.status_code')).toBe(200);
  // Its children: the statements it ran (the session's look-up at least) and the API call.
  await expect
    .poll(
      () => spans.filter((s) => s.traceId === root.traceId && s.name === 'listMerchants').length,
      { timeout: 15_000 },
    )
    .toBe(1);
  const inTrace = spans.filter((s) => s.traceId === root.traceId);
  const call = inTrace.find((s) => s.name === 'listMerchants')!;
  expect(call).toMatchObject({ kind: 3, parentSpanId: root.spanId });
  expect(attribute(call, 'partner.environment')).toBe('sandbox');
  const statements = inTrace.filter((s) => attribute(s, 'db.system.name') === 'sqlite');
  expect(statements.length).toBeGreaterThan(0);
  for (const statement of statements) {
    expect(statement.kind).toBe(3);
    expect(statement.parentSpanId).toBe(root.spanId);
    // The SQL with its placeholders, never the values.
    expect(String(attribute(statement, 'db.query.text'))).not.toContain(cookie.split('=')[1]);
  }
  // The request's log lines name its trace.
  const lines = child
    .output()
    .split('\n')
    .filter((line) => line.includes(requestId));
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(line).toContain(root.traceId);
}, 60_000);
