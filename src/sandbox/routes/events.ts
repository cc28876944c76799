import type { FastifyInstance } from 'fastify';
import { operations } from '../../api/operations';
import { partnerOf } from '../auth';
import type { DomainContext } from '../domain/context';
import { listEvents } from '../domain/event-log';
import { route } from '../http';

export function eventRoutes(app: FastifyInstance, ctx: DomainContext) {
  route(app, operations.listEvents, ({ query }, req) => {
    const { start, limit, ...filter } = query;
    return listEvents(ctx, partnerOf(req).id, filter, start, limit);
  });
}
