// What the platform running the dashboard server asks of it (docs/decisions/079): liveness,
// readiness and a Prometheus scrape, outside the dashboard's API and its sign-in. The answers are
// small JSON bodies a person can read too; the metrics are Prometheus's text format.
import { z } from 'zod';

export const PROBE_PATHS = { health: '/healthz', ready: '/readyz', metrics: '/metrics' } as const;

/** `GET /healthz`: the process answers. */
export const HealthAnswer = z.object({ status: z.literal('ok') });

/** `GET /readyz`: whether a balancer should send this server requests, and if not, why. */
export const ReadyAnswer = z.object({
  status: z.enum(['ready', 'draining', 'database unavailable', 'migrations missing']),
  checks: z.object({
    /** The database answered a statement within the probe's time. */
    database: z.boolean(),
    /** The database holds every migration this server knows. */
    migrations: z.boolean(),
    /** The server is not stopping (SIGTERM starts a drain). */
    accepting: z.boolean(),
  }),
});
export type ReadyAnswer = z.infer<typeof ReadyAnswer>;
