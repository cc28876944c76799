// Runs the sandbox alone: `npm run sandbox`.
import { loggerOptions } from '#/http/logging';
import { originOf } from '#/http/env';
import { createSandboxServer } from './app';
import { bootSandbox } from './boot';
import { parseEnv, SandboxEnv, settingsFrom } from './env';

export async function main(options: { announce?: string } = {}) {
  const env = parseEnv(SandboxEnv, process.env);
  const settings = settingsFrom(env);
  const { store, demo } = bootSandbox(env, settings);
  let listeningOrigin = '';
  const app = await createSandboxServer({
    store,
    settings,
    rateLimit: env.SANDBOX_RATE_LIMIT,
    publicUrl: () => env.PUBLIC_URL ?? listeningOrigin,
    trustProxy: env.TRUST_PROXY,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
    logger: loggerOptions({
      level: env.LOG_LEVEL,
      redact: ['req.headers["x-api-secret"]', 'req.headers["x-api-key"]'],
    }),
  });
  app.get('/', (_request, reply) => reply.redirect('/docs'));

  const port = env.PORT ?? 4010;
  await app.listen({ host: env.HOST, port });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  listeningOrigin = originOf(env.HOST, actualPort);
  const baseUrl = env.PUBLIC_URL ?? listeningOrigin;
  const lines = [
    options.announce,
    `Sandbox Partner Payments API on ${baseUrl} (base_url), reference at ${baseUrl}/docs (Node.js ${process.version})`,
    `Demo partner: x-api-key ${demo.apiKey}` +
      (process.env.SANDBOX_API_SECRET
        ? ' (secret from SANDBOX_API_SECRET)'
        : `, secret in ${env.DATA_DIR}/sandbox-credentials.json`),
    demo.seeded ? 'Seeded with demo data.' : undefined,
  ].filter(Boolean);
  console.log(lines.join('\n'));

  const shutdown = async () => {
    await app.close();
    store.db.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  return app;
}
