// Events: written in the caller's database transaction, next to the change they describe.
import type { Event } from '../../api/schemas/platform';
import type { NewEvent } from '../store/events';
import type { DomainContext } from './context';

export function recordEvent(ctx: DomainContext, partnerId: number, event: NewEvent): Event {
  return ctx.store.events.insert(partnerId, event, ctx.now());
}
