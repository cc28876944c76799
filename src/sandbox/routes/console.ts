// The sandbox console (docs/decisions/023): what a partner's integration did, and tools to
// steer the sandbox. Sandbox extensions under /v1/sandbox/, never part of the live API.
import type { FastifyInstance } from 'fastify';
import { sandboxOperations } from '../../api/operations';
import { partnerOf } from '../auth';
import type { DomainContext } from '../domain/context';
import { notFound } from '../domain/errors';
import { toPage } from '../domain/pagination';
import { route } from '../http';
import type { RequestRecorder } from '../request-log';

export function consoleRoutes(app: FastifyInstance, ctx: DomainContext, log: RequestRecorder) {
  route(app, sandboxOperations.listRequests, ({ query }, req) => {
    log.flush();
    const { start, limit, ...filter } = query;
    return toPage(
      ctx.store.requestLog.search(partnerOf(req).id, filter, start, limit),
      start,
      limit,
    );
  });
  route(app, sandboxOperations.getRequest, ({ params }, req) => {
    log.flush();
    const entry = ctx.store.requestLog.byRequestId(partnerOf(req).id, params.requestId);
    if (!entry) throw notFound('Logged request', params.requestId);
    return entry;
  });
}
