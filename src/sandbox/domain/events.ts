// Events: written in the caller's database transaction, next to the change they describe.
import type { Event } from '#/api/schemas/platform';
import type { NewEvent } from '../store/events';
import type { DomainContext } from './context';

/** Records the event and queues its delivery to each of the partner's webhook endpoints. */
export function recordEvent(ctx: DomainContext, partnerId: number, event: NewEvent): Event {
  const now = ctx.now();
  const recorded = ctx.store.events.insert(partnerId, event, now);
  // Delivery starts at the real time of the request, whatever clock the change was dated by.
  if (ctx.store.webhooks.enqueue(partnerId, recorded.id, Math.min(now, Date.now())) > 0) {
    ctx.deliveriesQueued();
  }
  return recorded;
}
