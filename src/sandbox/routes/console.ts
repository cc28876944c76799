// The sandbox console (docs/decisions/023): what a partner's integration did, and tools to
// steer the sandbox. Sandbox extensions under /v1/sandbox/, never part of the live API.
import type { FastifyInstance } from 'fastify';
import { allOperations, sandboxOperations } from '../../api/operations';
import { partnerOf } from '../auth';
import { notFound } from '../domain/errors';
import { toPage } from '../domain/pagination';
import { route } from '../http';
import type { FaultBoard } from '../faults';
import { invalidField } from '../domain/errors';
import type { RequestLog } from '../request-log';

// The operations a fault may be chosen for: the API's own, not the console's.
const FAULTABLE = new Set(allOperations.filter((op) => op.source !== 'sandbox').map((op) => op.id));

export function consoleRoutes(app: FastifyInstance, log: RequestLog, faults: FaultBoard) {
  route(app, sandboxOperations.listRequests, ({ query }, req) => {
    const { start, limit, ...filter } = query;
    return toPage(log.search(partnerOf(req).id, filter, start, limit), start, limit);
  });
  route(app, sandboxOperations.getRequest, ({ params }, req) => {
    const entry = log.byRequestId(partnerOf(req).id, params.requestId);
    if (!entry) throw notFound('Logged request', params.requestId);
    return entry;
  });
  route(app, sandboxOperations.listFaults, (_input, req) => faults.list(partnerOf(req).id));
  route(app, sandboxOperations.createFault, ({ body }, req) => {
    if (!FAULTABLE.has(body.operationId))
      throw invalidField(
        'operationId',
        'must name an operation of the API (the reference lists each operationId), such as getMerchant',
      );
    return faults.add(partnerOf(req).id, body);
  });
  route(app, sandboxOperations.deleteFault, ({ params }, req) => {
    if (!faults.remove(partnerOf(req).id, params.id)) throw notFound('Fault', params.id);
    return { id: params.id, deleted: true as const };
  });
}
