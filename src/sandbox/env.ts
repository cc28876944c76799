// The sandbox's configuration, from the environment, checked once at start.
import { englishOfText } from '#/i18n/words';
import path from 'node:path';
import { z } from 'zod';
import {
  HttpEnvFields,
  isLoopbackHost,
  PUBLIC_URL_REQUIRED,
  requirePublicUrlOffLoopback,
} from '#/http/env';
import type { SandboxSettings } from './domain/context';
import { oneOf } from '#/api/schemas/common';

const milliseconds = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .min(0, { error: 'must not be negative' })
    .max(24 * 60 * 60 * 1000, { error: 'must be at most a day' })
    .default(fallback);

export const SandboxEnv = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).optional(),
    ...HttpEnvFields,
    DATA_DIR: z.string().min(1).default('.data'),
    SANDBOX_API_KEY: z.string().min(1).max(200).optional(),
    SANDBOX_API_SECRET: z.string().min(1).max(200).optional(),
    SANDBOX_SEED: oneOf(['demo', 'none']).default('demo'),
    SANDBOX_KYC_REVIEW_DELAY_MS: milliseconds(3000),
    SANDBOX_QUOTE_DELAY_MS: milliseconds(1000),
    SANDBOX_SETTLEMENT_DELAY_MS: milliseconds(5000),
    SANDBOX_WEBHOOK_RETRY_BASE_MS: milliseconds(1000),
    SANDBOX_WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(8),
    SANDBOX_WEBHOOK_TIMEOUT_MS: milliseconds(5000),
    SANDBOX_WEBHOOK_ALLOW_PRIVATE: oneOf(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
    SANDBOX_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(100),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
  })
  .refine((env) => (env.SANDBOX_API_KEY === undefined) === (env.SANDBOX_API_SECRET === undefined), {
    error: 'set both SANDBOX_API_KEY and SANDBOX_API_SECRET, or neither',
    path: ['SANDBOX_API_SECRET'],
  })
  .refine(requirePublicUrlOffLoopback, PUBLIC_URL_REQUIRED);

export type SandboxEnv = z.output<typeof SandboxEnv>;

/** Parses the environment, or explains every problem at once and exits. */
export function parseEnv<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv): z.output<S> {
  const defined = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const result = schema.safeParse(defined);
  if (result.success) return result.data;
  const lines = result.error.issues.map(
    (i) => `  ${i.path.join('.') || 'environment'}: ${englishOfText(i.message)}`,
  );
  console.error(`The configuration is invalid:\n${lines.join('\n')}`);
  process.exit(1);
}

export function databaseFile(env: { DATA_DIR: string }) {
  return path.join(env.DATA_DIR, 'sandbox.db');
}

export function settingsFrom(env: SandboxEnv): SandboxSettings {
  return {
    kycReviewDelayMs: env.SANDBOX_KYC_REVIEW_DELAY_MS,
    quoteDelayMs: env.SANDBOX_QUOTE_DELAY_MS,
    settlementDelayMs: env.SANDBOX_SETTLEMENT_DELAY_MS,
    webhookRetryBaseMs: env.SANDBOX_WEBHOOK_RETRY_BASE_MS,
    webhookMaxAttempts: env.SANDBOX_WEBHOOK_MAX_ATTEMPTS,
    webhookTimeoutMs: env.SANDBOX_WEBHOOK_TIMEOUT_MS,
    // A partner's own receiver on this machine is the point of a local sandbox; a shared one must
    // not be a way into its network (docs/decisions/011).
    webhookAllowPrivate: env.SANDBOX_WEBHOOK_ALLOW_PRIVATE ?? isLoopbackHost(env.HOST),
  };
}
