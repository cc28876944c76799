// Configuration both servers share: where people reach them, which proxies to believe, and how
// long a request may take to arrive. Parsed with the rest of each server's environment.
import net from 'node:net';
import { z } from 'zod';
import type { TrustProxy } from './server';

export function isLoopbackHost(host: string): boolean {
  return (
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) ||
    host === 'localhost' ||
    host === '::1' ||
    host === '[::1]'
  );
}

/** `http://host:port` for a listening address, with IPv6 hosts in brackets. */
export function originOf(host: string, port: number): string {
  return `http://${net.isIPv6(host) ? `[${host}]` : host}:${port}`;
}

const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validProxyEntry(entry: string): boolean {
  if (PROXY_KEYWORDS.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

const trustProxy = z.string().transform((value, ctx): TrustProxy => {
  const text = value.trim();
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((e) => e.trim());
  if (entries.every(validProxyEntry)) return entries.join(',');
  ctx.addIssue({
    code: 'custom',
    message:
      'must be true, false, a number of proxy hops, or addresses and CIDR ranges separated by commas (loopback, linklocal and uniquelocal also work)',
  });
  return z.NEVER;
});

const publicUrl = z
  .url({
    protocol: /^https?$/,
    error: 'must be an http or https URL, such as https://dash.example.com',
  })
  .refine((url) => new URL(url).pathname.replace(/\/+$/, '') === '', {
    error: 'must be an origin without a path, such as https://dash.example.com',
  })
  .transform((url) => new URL(url).origin);

const timeout = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .min(100, { error: 'must be at least 100 ms' })
    .max(10 * 60 * 1000, { error: 'must be at most ten minutes' })
    .default(fallback);

export const HttpEnvFields = {
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: publicUrl.optional(),
  TRUST_PROXY: trustProxy.optional(),
  REQUEST_TIMEOUT_MS: timeout(60_000),
  HEADERS_TIMEOUT_MS: timeout(10_000),
};

/**
 * Listening beyond loopback without PUBLIC_URL would leave the server guessing its own address
 * from requests: refused at start instead.
 */
export function requirePublicUrlOffLoopback(env: {
  HOST: string;
  PUBLIC_URL?: string | undefined;
}) {
  return isLoopbackHost(env.HOST) || env.PUBLIC_URL !== undefined;
}

export const PUBLIC_URL_REQUIRED = {
  error:
    'is required when HOST is not a loopback address: set it to the address people use, such as https://dash.example.com',
  path: ['PUBLIC_URL'],
};
