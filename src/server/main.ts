// Runs the dashboard: `npm start` (after building the SPA) or `npm run dev` (behind Vite).
import { originOf } from '#/http/env';
import { loggerOptions } from '#/http/logging';
import { bootSandbox } from '#/sandbox/boot';
import { parseEnv, settingsFrom } from '#/sandbox/env';
import Fastify from 'fastify';
import { PROBE_PATHS } from '#/api/probes';
import { buildDashboardServer, REDACT } from './app';
import type { DashboardMetrics } from './metrics';
import { sendMetrics } from './plugins/probes';
import { startTracing, traceIds } from './tracing';
import { DEFAULT_PORT, ServerEnv } from './env';
import { auditAnchorFile, openWorkspace } from './workspace-db';

async function main() {
  const env = parseEnv(ServerEnv, process.env);
  // Before anything else: the SDK is the tracer every span is made with (decision 082).
  const tracing = await startTracing();
  const settings = settingsFrom(env);
  const booted = env.SANDBOX_API_BASE_URL ? undefined : bootSandbox(env, settings);
  const workspace = await openWorkspace(env);
  const {
    app,
    workspace: people,
    metrics,
    drain,
  } = await buildDashboardServer({
    workspace,
    auditAnchorFile: auditAnchorFile(env.DATA_DIR),
    demoWorkspace: env.DASHBOARD_DEMO === 'on',
    distDir: env.DIST_DIR,
    embedded: booted && {
      store: booted.store,
      settings,
      rateLimit: env.SANDBOX_RATE_LIMIT,
      demo: booted.demo,
    },
    sandboxBaseUrl: env.SANDBOX_API_BASE_URL,
    sandboxDemo:
      env.SANDBOX_API_BASE_URL && env.SANDBOX_API_KEY && env.SANDBOX_API_SECRET
        ? { apiKey: env.SANDBOX_API_KEY, apiSecret: env.SANDBOX_API_SECRET }
        : undefined,
    liveBaseUrl: env.LIVE_API_BASE_URL,
    publicUrl: env.PUBLIC_URL,
    trustProxy: env.TRUST_PROXY,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
    logger: loggerOptions({
      level: env.LOG_LEVEL,
      redact: { paths: REDACT, censor: '[redacted]' },
      // Each line of a request names its trace, where traces are exported.
      ...(tracing ? { mixin: traceIds } : {}),
    }),
    tracing: tracing !== undefined,
    indexSync: { intervalMs: env.DASHBOARD_INDEX_INTERVAL_MS },
    batchSubmitter: { leaseMs: env.DASHBOARD_BATCH_LEASE_MS },
    mail: {
      smtpUrl: env.SMTP_URL,
      leaseMs: env.DASHBOARD_OUTBOX_LEASE_MS,
      ...(env.MAIL_FROM ? { from: env.MAIL_FROM } : {}),
    },
    metrics: { token: env.METRICS_TOKEN, elsewhere: env.METRICS_PORT !== undefined },
    apiBudgetPerSecond: env.DASHBOARD_API_BUDGET,
  });
  await app.listen({ host: env.HOST, port: env.PORT ?? DEFAULT_PORT });
  const metricsServer =
    env.METRICS_PORT === undefined
      ? undefined
      : await metricsListener(metrics, env.HOST, env.METRICS_PORT);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const url = env.PUBLIC_URL ?? originOf(env.HOST, port ?? DEFAULT_PORT);
  console.log(
    [
      `Partner payments dashboard on ${url} (Node.js ${process.version})`,
      booted
        ? `Embedded sandbox API at ${url}/sandbox (reference ${url}/sandbox/docs)${booted.demo.seeded ? ', seeded with demo data' : ''}`
        : `Sandbox environment: ${env.SANDBOX_API_BASE_URL}`,
      env.LIVE_API_BASE_URL
        ? `Live environment: ${env.LIVE_API_BASE_URL}`
        : 'Live environment: not configured (LIVE_API_BASE_URL)',
    ].join('\n'),
  );
  if ((await people.countUsers()) === 0) {
    console.log(
      'No one can sign in yet: create the first admin with\n  npm run -s dashboard -- user create --email you@example.com --name "Your Name" --role admin',
    );
  }
  // SIGTERM (a platform stopping this server): readiness says no at once, requests are served
  // for DRAIN_GRACE_MS while the balancer notices, then the server closes: requests in flight
  // are answered, jobs finish the work in hand, live streams end (their pages reconnect to
  // another server). SIGINT (Ctrl-C) closes at once.
  let stopping = false;
  const shutdown = async (graceMs: number) => {
    if (stopping) return;
    stopping = true;
    drain();
    if (graceMs > 0) {
      console.log(`Draining: not ready, closing in ${graceMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, graceMs));
    }
    await app.close();
    await metricsServer?.close();
    await tracing?.shutdown();
    await workspace.db.close();
    booted?.store.db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown(0));
  process.once('SIGTERM', () => void shutdown(env.DRAIN_GRACE_MS));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

/** `/metrics` on a port of its own (METRICS_PORT), for a scraper inside the platform's network. */
async function metricsListener(metrics: DashboardMetrics, host: string, port: number) {
  const server = Fastify({ logger: false });
  server.get(PROBE_PATHS.metrics, (_request, reply) => sendMetrics(reply, metrics));
  await server.listen({ host, port });
  return server;
}
