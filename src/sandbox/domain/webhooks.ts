// Webhook endpoints: add (with a signing secret), list (secrets masked), delete; and resending
// an event to every endpoint.
import { randomBytes } from 'node:crypto';
import type { EventWithAttempts, Webhook, WebhookTestResult } from '../../api/schemas/platform';
import { sendSigned } from '../webhooks/worker';
import type { DomainContext } from './context';
import { notFound } from './errors';
import { eventWithAttempts } from './event-log';

export function maskSecret(secret: string): string {
  return `whsec_…${secret.slice(-4)}`;
}

export function createWebhook(ctx: DomainContext, partnerId: number, url: string): Webhook {
  const secret = `whsec_${randomBytes(24).toString('hex')}`;
  return ctx.store.write(() => ctx.store.webhooks.insert(partnerId, url, secret, ctx.now()));
}

export function listWebhooks(ctx: DomainContext, partnerId: number): Webhook[] {
  return ctx.store.webhooks.list(partnerId).map((w) => ({ ...w, secret: maskSecret(w.secret) }));
}

export function deleteWebhook(ctx: DomainContext, partnerId: number, id: number) {
  if (!ctx.store.webhooks.byId(partnerId, id)) throw notFound('Webhook endpoint', id);
  ctx.store.write(() => ctx.store.webhooks.remove(partnerId, id, ctx.now()));
  return { id, deleted: true as const };
}

export function resendEvent(ctx: DomainContext, partnerId: number, id: number): EventWithAttempts {
  const event = ctx.store.events.byId(partnerId, id);
  if (!event) throw notFound('Event', id);
  const queued = ctx.store.write(() => ctx.store.webhooks.enqueue(partnerId, id, ctx.now()));
  if (queued > 0) ctx.deliveriesQueued();
  return eventWithAttempts(ctx, [event])[0]!;
}

/**
 * Sends one signed `webhook.test` event to an endpoint now and says how it went. Nothing is
 * stored: the event log and the endpoint's deliveries stay as they are.
 */
export async function testWebhook(
  ctx: DomainContext,
  partnerId: number,
  id: number,
): Promise<WebhookTestResult> {
  const endpoint = ctx.store.webhooks.byId(partnerId, id);
  if (!endpoint) throw notFound('Webhook endpoint', id);
  const event = {
    id: 0,
    type: 'webhook.test',
    creationTime: ctx.now(),
    objectType: 'webhook',
    objectId: id,
    data: { message: 'A test event from the sandbox: your endpoint received and verified it.' },
  };
  const sent = await sendSigned(ctx.settings, endpoint.url, endpoint.secret, event, 1, ctx.now);
  return {
    webhookId: id,
    url: endpoint.url,
    eventType: 'webhook.test',
    statusCode: sent.statusCode,
    error: sent.error,
    durationMs: sent.durationMs,
    delivered: sent.delivered,
    responseBody: sent.responseBody,
  };
}
