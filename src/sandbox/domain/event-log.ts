// Reading the event log, each event with its delivery attempts.
import type { Event, EventWithAttempts } from '#/api/schemas/platform';
import type { EventFilter } from '../store/events';
import type { DomainContext } from './context';
import { toPage } from './pagination';

export function eventWithAttempts(ctx: DomainContext, events: Event[]): EventWithAttempts[] {
  const ids = events.map((e) => e.id);
  const attempts = ctx.store.webhooks.attemptsFor(ids);
  const deliveries = ctx.store.webhooks.deliveriesFor(ids);
  return events.map((event) => ({
    ...event,
    attempts: attempts.get(event.id) ?? [],
    deliveries: deliveries.get(event.id) ?? [],
  }));
}

export function listEvents(
  ctx: DomainContext,
  partnerId: number,
  filter: EventFilter,
  start: number,
  limit: number,
) {
  const events = ctx.store.events.list(partnerId, filter, start, limit);
  return toPage(eventWithAttempts(ctx, events), start, limit);
}
