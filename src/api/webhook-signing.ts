// Webhook signatures, part of the API's contract: the sandbox signs its deliveries, a receiver
// (the dashboard server's, a partner's) checks them.
// `x-webhook-signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function signatureHeader(secret: string, timestampSeconds: number, rawBody: string): string {
  const digest = createHmac('sha256', secret)
    .update(`${timestampSeconds}.${rawBody}`)
    .digest('hex');
  return `t=${timestampSeconds},v1=${digest}`;
}

/**
 * What a receiver does: recompute the HMAC over the raw body and compare in constant time,
 * refusing signatures older than `toleranceSeconds`.
 */
export function verifySignature(
  secret: string,
  header: string,
  rawBody: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = 300,
): boolean {
  const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const given = parts.get('v1');
  if (!Number.isInteger(t) || !given || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = signatureHeader(secret, t, rawBody).split('v1=')[1]!;
  return (
    given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected))
  );
}
