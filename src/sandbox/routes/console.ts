// The sandbox console (docs/decisions/023): what a partner's integration did, and tools to
// steer the sandbox. Sandbox extensions under /v1/sandbox/, never part of the live API.
import type { FastifyInstance } from 'fastify';
import { sandboxOperations } from '../../api/operations';
import { partnerOf } from '../auth';
import { notFound } from '../domain/errors';
import { toPage } from '../domain/pagination';
import { route } from '../http';
import type { RequestLog } from '../request-log';

export function consoleRoutes(app: FastifyInstance, log: RequestLog) {
  route(app, sandboxOperations.listRequests, ({ query }, req) => {
    const { start, limit, ...filter } = query;
    return toPage(log.search(partnerOf(req).id, filter, start, limit), start, limit);
  });
  route(app, sandboxOperations.getRequest, ({ params }, req) => {
    const entry = log.byRequestId(partnerOf(req).id, params.requestId);
    if (!entry) throw notFound('Logged request', params.requestId);
    return entry;
  });
}
