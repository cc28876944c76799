// Webhook endpoints: add (with a signing secret), list (secrets masked), delete; and resending
// an event to every endpoint.
import { randomBytes } from 'node:crypto';
import type { EventWithAttempts, Webhook, WebhookTestResult } from '#/api/schemas/platform';
import type { DomainContext } from './context';
import { PRODUCTS } from '#/api/schemas/transaction';
import { notFound, refused } from './errors';
import { eventWithAttempts } from './event-log';
import { listPayoutAccounts } from './payout-accounts';
import { listTransactions } from './transactions';

export function maskSecret(secret: string): string {
  return `whsec_…${secret.slice(-4)}`;
}

const newSecret = () => `whsec_${randomBytes(24).toString('hex')}`;

export function createWebhook(ctx: DomainContext, partnerId: number, url: string): Webhook {
  return ctx.store.write(() => ctx.store.webhooks.insert(partnerId, url, newSecret(), ctx.now()));
}

/**
 * A lost or leaked secret is replaced, never shown again: the answer holds the new one (once),
 * and the old one signs nothing from now on.
 */
export function rotateWebhookSecret(ctx: DomainContext, partnerId: number, id: number): Webhook {
  if (!ctx.store.webhooks.byId(partnerId, id)) throw notFound('Webhook endpoint', id);
  return ctx.store.write(() => ctx.store.webhooks.setSecret(partnerId, id, newSecret()));
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
  ctx.eventResent?.(partnerId, event);
  return eventWithAttempts(ctx, [event])[0]!;
}

/**
 * A test event of `type`: `webhook.test` says only that it is a test; any other type carries the
 * partner's newest record of its kind as a real event of that type would (a test event's id is
 * 0: it is not stored, and resends do not exist for it).
 */
function testEventOf(ctx: DomainContext, partnerId: number, webhookId: number, type: string) {
  const base = { id: 0, type, creationTime: ctx.now() };
  if (type === 'webhook.test')
    return {
      ...base,
      objectType: 'webhook',
      objectId: webhookId,
      data: { message: 'A test event from the sandbox: your endpoint received and verified it.' },
    };
  const none = (what: string) =>
    refused(
      'VALIDATION_ERROR',
      `A ${type} test event describes your newest ${what}: create one first.`,
    );
  if (type.startsWith('merchant.')) {
    const [merchant] = ctx.store.merchants.list(partnerId, 0, 1);
    if (!merchant) throw none('merchant');
    return { ...base, objectType: 'merchant', objectId: merchant.id, data: merchant };
  }
  if (type.startsWith('payout_account.')) {
    const [account] = listPayoutAccounts(ctx, partnerId, {}, 0, 1).results;
    if (!account) throw none('payout account');
    return { ...base, objectType: 'payout_account', objectId: account.id, data: account };
  }
  const newest = PRODUCTS.flatMap((product) =>
    listTransactions(ctx, partnerId, product, {}, 0, 1).results.map((t) => ({ product, t })),
  ).sort((a, b) => b.t.creationTime - a.t.creationTime)[0];
  if (!newest) throw none('transaction');
  return {
    ...base,
    objectType: 'transaction',
    objectId: newest.t.businessRequestId,
    product: newest.product,
    data: newest.t,
  };
}

/**
 * Sends one signed test event to an endpoint now and says how it went. Nothing is stored: the
 * event log and the endpoint's deliveries stay as they are.
 */
export async function testWebhook(
  ctx: DomainContext,
  partnerId: number,
  id: number,
  type = 'webhook.test',
): Promise<WebhookTestResult> {
  const endpoint = ctx.store.webhooks.byId(partnerId, id);
  if (!endpoint) throw notFound('Webhook endpoint', id);
  const event = testEventOf(ctx, partnerId, id, type);
  const sent = await ctx.sendWebhook(endpoint.url, endpoint.secret, event);
  return {
    webhookId: id,
    url: endpoint.url,
    eventType: type,
    statusCode: sent.statusCode,
    error: sent.error,
    durationMs: sent.durationMs,
    delivered: sent.delivered,
    responseBody: sent.responseBody,
  };
}
