// Reading the event log.
import type { EventWithAttempts } from '../../api/schemas/platform';
import type { EventFilter } from '../store/events';
import type { DomainContext } from './context';
import { toPage } from './pagination';

export function listEvents(
  ctx: DomainContext,
  partnerId: number,
  filter: EventFilter,
  start: number,
  limit: number,
) {
  const events = ctx.store.events.list(partnerId, filter, start, limit);
  const withAttempts: EventWithAttempts[] = events.map((event) => ({ ...event, attempts: [] }));
  return toPage(withAttempts, start, limit);
}
