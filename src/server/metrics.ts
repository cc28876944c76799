// What the dashboard server tells a Prometheus scraper (docs/decisions/079), with the well-kept
// `prom-client`: requests by route and status with their latency, the partner API's calls by
// operation and status with theirs, database statements, webhook deliveries received, background
// jobs (passes and failures, the outbox's depth and age, bulk rows waiting, the index's lag),
// live streams open and the PostgreSQL pool. Counters move where the work happens; what is a
// state (a queue's depth) is read when scraped, each with one cheap query.
import client from 'prom-client';
import { operationFor } from '#/api/operation-paths';
import type { DashboardDb } from './store/db';
import type { PassReport } from './repeating-pass';
import type { Upstream } from './upstream';

/** The operation of the partner API a call is, by its method and path ('other' for none). */
export const operationOf = (method: string, path: string) =>
  operationFor(method, path.replace(/\?.*$/, ''))?.id ?? 'other';

/** Seconds between two instants in milliseconds. */
const seconds = (ms: number) => ms / 1000;

/** What the scrape-time readings need from the running server. */
export interface MetricSources {
  db: DashboardDb;
  now: () => number;
  /** Every background job's passes (../jobs.ts). */
  jobs: { reports(): ReadonlyArray<{ name: string; passes: readonly PassReport[] }> };
  /** The index's passes, one per environment, named `index (<environment>)`. */
  sync: { reports(): readonly PassReport[] };
  live: { readonly size: number };
}

export function dashboardMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'dashboard_' });
  const registers = [registry];

  const requestSeconds = new client.Histogram({
    name: 'dashboard_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status (its _count: the requests).',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const apiCalls = new client.Counter({
    name: 'dashboard_partner_api_calls_total',
    help: "Calls of the partner's API, by environment, operation and status ('error' when none came).",
    labelNames: ['environment', 'operation', 'status'] as const,
    registers,
  });
  const apiSeconds = new client.Histogram({
    name: 'dashboard_partner_api_call_duration_seconds',
    help: "Time a call of the partner's API took, by environment and operation.",
    labelNames: ['environment', 'operation'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
    registers,
  });
  const querySeconds = new client.Histogram({
    name: 'dashboard_db_query_duration_seconds',
    help: 'Time a database statement took.',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
    registers,
  });
  const deliveries = new client.Counter({
    name: 'dashboard_webhook_deliveries_total',
    help: "Webhook deliveries received from an environment, by outcome ('queued', 'ignored', 'refused').",
    labelNames: ['environment', 'outcome'] as const,
    registers,
  });

  const requestChildren = new Map<
    string,
    client.Histogram.Internal<'method' | 'route' | 'status'>
  >();

  // The children of each label set, found by one string (prom-client hashes the labels else).
  const callsOf = new Map<
    string,
    {
      calls: client.Counter.Internal;
      seconds: client.Histogram.Internal<'environment' | 'operation'>;
    }
  >();
  const callChildren = (environment: string, operation: string, status: string) => {
    const key = `${environment} ${operation} ${status}`;
    let found = callsOf.get(key);
    if (!found) {
      found = {
        calls: apiCalls.labels(environment, operation, status),
        seconds: apiSeconds.labels(environment, operation),
      };
      callsOf.set(key, found);
    }
    return found;
  };

  return {
    registry,

    /** A request answered: `route` is its pattern (`/api/batches/:id`), never its path. */
    request(method: string, route: string, status: number, ms: number) {
      // One child per method, route and status, found by one string (not a hash of labels).
      const key = `${method} ${route} ${status}`;
      let child = requestChildren.get(key);
      if (!child) {
        child = requestSeconds.labels(method, route, String(status));
        requestChildren.set(key, child);
      }
      child.observe(seconds(ms));
    },

    /** A statement the database ran. */
    query: (ms: number) => querySeconds.observe(seconds(ms)),

    delivery: (environment: string, outcome: string) => deliveries.inc({ environment, outcome }),

    /** The upstream of an environment, its calls counted and timed by operation. */
    measured(environment: string, upstream: Upstream): Upstream {
      return {
        ...upstream,
        baseUrl: () => upstream.baseUrl(),
        async send(request) {
          const operation = request.operation ?? operationOf(request.method, request.path);
          const started = performance.now();
          let status = 'error';
          try {
            const response = await upstream.send(request);
            status = String(response.status);
            return response;
          } finally {
            const children = callChildren(environment, operation, status);
            children.calls.inc();
            children.seconds.observe(seconds(performance.now() - started));
          }
        },
      };
    },

    /** The readings taken when scraped, from the running server. */
    watch(sources: MetricSources) {
      const { db } = sources.db;
      new client.Counter({
        name: 'dashboard_job_passes_total',
        help: 'Passes of a background job on this server, by job and pass, and whether it failed.',
        labelNames: ['job', 'pass', 'outcome'] as const,
        registers,
        collect() {
          this.reset();
          for (const { name: job, passes } of sources.jobs.reports())
            for (const r of passes) {
              this.inc({ job, pass: r.name, outcome: 'ok' }, r.passes - r.failures);
              this.inc({ job, pass: r.name, outcome: 'failed' }, r.failures);
            }
        },
      });
      new client.Gauge({
        name: 'dashboard_index_lag_seconds',
        help: "Time since this server's last index pass of an environment ended.",
        labelNames: ['environment'] as const,
        registers,
        collect() {
          this.reset();
          for (const pass of sources.sync.reports()) {
            const environment = pass.name.replace(/^index \((.*)\)$/, '$1');
            if (pass.lastEndedAt !== null)
              this.set({ environment }, seconds(sources.now() - pass.lastEndedAt));
          }
        },
      });
      new client.Gauge({
        name: 'dashboard_live_streams',
        help: 'Live streams (server-sent events) open on this server.',
        registers,
        collect() {
          this.set(sources.live.size);
        },
      });
      // Both outbox readings come from one query per scrape (the scrape collects every metric
      // at once: the second asks while the first's query is under way, and shares it).
      let outboxQuery: Promise<{ n: number; oldest: number | null }> | undefined;
      const outboxNow = () =>
        (outboxQuery ??= db
          .selectFrom('outbox')
          .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('created_at').as('oldest')])
          .where('status', '=', 'pending')
          .executeTakeFirst()
          .then((row) => ({
            n: Number(row?.n ?? 0),
            oldest: row?.oldest == null ? null : Number(row.oldest),
          }))
          .finally(() => {
            outboxQuery = undefined;
          }));
      new client.Gauge({
        name: 'dashboard_outbox_pending',
        help: 'Mails and chat messages waiting to be delivered (every server).',
        registers,
        async collect() {
          this.set((await outboxNow()).n);
        },
      });
      new client.Gauge({
        name: 'dashboard_outbox_oldest_age_seconds',
        help: 'Age of the oldest mail or chat message waiting to be delivered; 0 when none waits.',
        registers,
        async collect() {
          const { oldest } = await outboxNow();
          this.set(oldest === null ? 0 : seconds(sources.now() - oldest));
        },
      });
      new client.Gauge({
        name: 'dashboard_bulk_rows_waiting',
        help: 'Rows of approved bulk payout files not yet sent to the API (every server).',
        registers,
        async collect() {
          const row = await db
            .selectFrom('batch_row as r')
            .innerJoin('batch as b', 'b.id', 'r.batch_id')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('b.status', '=', 'submitting')
            .where('r.state', '=', 'ready')
            .executeTakeFirst();
          this.set(Number(row?.n ?? 0));
        },
      });
      const pool = sources.db.pool;
      if (pool)
        new client.Gauge({
          name: 'dashboard_db_pool_connections',
          help: "PostgreSQL pool connections, by state ('total', 'idle', 'waiting' for a connection).",
          labelNames: ['state'] as const,
          registers,
          collect() {
            this.set({ state: 'total' }, pool.totalCount);
            this.set({ state: 'idle' }, pool.idleCount);
            this.set({ state: 'waiting' }, pool.waitingCount);
          },
        });
    },

    /** The text a scraper reads. */
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

export type DashboardMetrics = ReturnType<typeof dashboardMetrics>;
