// The platform's probes and the metrics scrape (docs/decisions/079): `/healthz` answers while the
// process does; `/readyz` while the database answers, the migrations are in and the server is
// not draining; `/metrics` only with the operator's token, or on a port of its own. All three are
// registered before the SPA's fallback and need no session; none is kept in a log at info level.
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { HealthAnswer, PROBE_PATHS, ReadyAnswer } from '#/api/probes';
import type { DashboardDb } from '../store/db';
import type { DashboardMetrics } from '../metrics';
import { migrations as MIGRATIONS } from '../store/migrations';

const MIGRATION_COUNT = Object.keys(MIGRATIONS).length;

/** How long the readiness probe waits for the database. */
export const READY_DB_TIMEOUT_MS = 2_000;

export interface ProbeOptions {
  db: DashboardDb;
  metrics: DashboardMetrics;
  /** Whether the server is draining (it answers, but takes no new work from the balancer). */
  draining: () => boolean;
  /** A bearer token that `/metrics` asks for; without it (and without a port of its own), off. */
  metricsToken?: string | undefined;
  /** Metrics are served on another listener: this one does not serve them. */
  metricsElsewhere?: boolean;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries the token (compared in constant time). */
function bearer(request: FastifyRequest, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

/** The scrape, as Prometheus reads it. */
export async function sendMetrics(reply: FastifyReply, metrics: DashboardMetrics) {
  const text = await metrics.text();
  return reply
    .header('content-type', metrics.contentType)
    .header('cache-control', 'no-store')
    .send(text);
}

const LABELS = new WeakMap<FastifyRequest, string>();

/** Names a request's route for metrics and traces (a relayed call: its operation's path). */
export function labelRoute(request: FastifyRequest, route: string) {
  LABELS.set(request, route);
}

/** A request's route pattern, or the label its handler gave it. */
export const routeLabel = (request: FastifyRequest): string =>
  LABELS.get(request) ?? request.routeOptions.url ?? 'unmatched';

/**
 * What every request passes through for the platform: counted by its route (`routeLabel`), and,
 * while the server
 * drains, answered with `Connection: close` so the balancer's next request goes to a server
 * that stays. Callback-style hooks: no promise per request.
 */
export function serviceHooks(
  app: FastifyInstance,
  metrics: DashboardMetrics,
  draining: () => boolean,
) {
  app.addHook('onRequest', (_request, reply, done) => {
    if (draining()) reply.header('connection', 'close');
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(request.method, routeLabel(request), reply.statusCode, reply.elapsedTime);
    done();
  });
}

export function registerProbes(app: FastifyInstance, options: ProbeOptions) {
  const { db, metrics } = options;
  const quiet = { logLevel: 'warn' as const };

  app.get(PROBE_PATHS.health, quiet, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send(HealthAnswer.parse({ status: 'ok' })),
  );

  // One statement at a time, however often the probes ask: a database that hangs holds one
  // connection for the probes, not one per probe, until its statement times out.
  let asking: Promise<{ rows: { n: number | string }[] }> | undefined;
  const migrationsApplied = () =>
    (asking ??= sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM kysely_migration`
      .execute(db.db)
      .finally(() => {
        asking = undefined;
      }));

  app.get(PROBE_PATHS.ready, quiet, async (_request, reply) => {
    const accepting = !options.draining();
    let database = false;
    let migrations = false;
    let timer: NodeJS.Timeout | undefined;
    try {
      // One statement answers both: the database answers, and holds every migration we know.
      const done = await Promise.race([
        migrationsApplied(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), READY_DB_TIMEOUT_MS);
        }),
      ]);
      database = true;
      migrations = Number(done.rows[0]?.n ?? 0) >= MIGRATION_COUNT;
    } catch {
      // Not answering within the probe's time is not ready.
    } finally {
      clearTimeout(timer);
    }
    const answer: ReadyAnswer = {
      status: !accepting
        ? 'draining'
        : !database
          ? 'database unavailable'
          : migrations
            ? 'ready'
            : 'migrations missing',
      checks: { database, migrations, accepting },
    };
    return reply
      .code(answer.status === 'ready' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(ReadyAnswer.parse(answer));
  });

  if (options.metricsElsewhere) return;
  app.get(PROBE_PATHS.metrics, quiet, async (request, reply) => {
    const token = options.metricsToken;
    if (!token || !bearer(request, token))
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(
          token
            ? 'Not found.'
            : 'Metrics are off: set METRICS_TOKEN (then send it as a bearer token) or METRICS_PORT.',
        );
    return sendMetrics(reply, metrics);
  });
}
