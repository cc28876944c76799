// The dashboard server's configuration: the sandbox's settings plus where each environment is.
import { z } from 'zod';
import { SandboxEnv } from '#/sandbox/env';
import { oneOf } from '#/api/schemas/common';

const baseUrl = z
  .url({
    protocol: /^https?$/,
    error: 'must be an http or https URL, such as https://api.example.com/partner',
  })
  .transform((url) => url.replace(/\/+$/, ''));

/** A whole number of `unit` from `min` to `max`, as the environment spells it. */
const whole = (unit: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce
    .number({ error: `must be a number (${unit})` })
    .int({ error: `must be a whole number (${unit})` })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });

export const ServerEnv = z.intersection(
  SandboxEnv,
  z.object({
    LIVE_API_BASE_URL: baseUrl.optional(),
    SANDBOX_API_BASE_URL: baseUrl.optional(),
    /** Where the built SPA is; tests point it elsewhere. */
    DIST_DIR: z.string().min(1).default('dist'),
    /** PostgreSQL for the dashboard's own database; a SQLite file in DATA_DIR when unset. */
    DASHBOARD_DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })
      .optional(),
    /** 32 bytes (64 hex digits or base64) sealing the API secrets; generated when unset. */
    DASHBOARD_SECRET_KEY: z.string().min(1).optional(),
    DASHBOARD_DEMO: oneOf(['on', 'off']).default('on'),
    /** Milliseconds between the local index's reconciliation passes. */
    DASHBOARD_INDEX_INTERVAL_MS: whole('milliseconds', 1000).default(10_000),
    /** Where notification mail is sent (smtp:// or smtps://); kept in the database when unset. */
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })
      .optional(),
    /** The From of notification mail, such as `Payments <payments@example.com>`. */
    MAIL_FROM: z.string().min(3, { error: 'must be an address' }).optional(),
    /** How long a server's claim on an outbox message it delivers holds (as for batches). */
    DASHBOARD_OUTBOX_LEASE_MS: whole('milliseconds', 1000).default(30_000),
    /**
     * How long a server's claim on a bulk payout it is submitting holds without renewal: after
     * a crash, another server (or this one, started again) takes the batch over after it.
     */
    DASHBOARD_BATCH_LEASE_MS: whole('milliseconds', 1000).default(30_000),
    /**
     * After SIGTERM, how long the server keeps serving while its readiness says no, so that the
     * balancer stops sending it requests before it closes (docs/decisions/079).
     */
    DRAIN_GRACE_MS: whole('milliseconds', 0, 600_000).default(10_000),
    /**
     * Background calls a second of each partner environment, all servers together (the local
     * index, bulk quoting and submission); half the embedded sandbox's rate limit when unset,
     * else 20 (docs/decisions/081).
     */
    DASHBOARD_API_BUDGET: whole('calls a second', 1, 10_000).optional(),
    /** The bearer token `/metrics` asks for; metrics are off without it or METRICS_PORT. */
    METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
    /** A port of its own for `/metrics` (no token asked there), on HOST. */
    METRICS_PORT: whole('a port', 1, 65_535).optional(),
  }),
);
export type ServerEnv = z.output<typeof ServerEnv>;

export const DEFAULT_PORT = 8080;
