// The sandbox console (docs/decisions/023): what a partner's integration did, and tools to
// steer the sandbox. Sandbox extensions under /v1/sandbox/, never part of the live API.
import type { FastifyInstance } from 'fastify';
import { allOperations, sandboxOperations } from '#/api/operations';
import { partnerOf } from '../auth';
import { notFound } from '../domain/errors';
import { toPage } from '../domain/pagination';
import { route } from '../http';
import type { FaultBoard } from '../faults';
import type { DomainContext } from '../domain/context';
import { getMerchant, KYC_REVIEW_TASK } from '../domain/merchants';
import { QUOTE_TASK, SETTLE_TASK } from '../domain/transactions';
import type { Moves, MoveTarget, PendingMove } from '#/api/schemas/platform';
import { invalidField, refused } from '../domain/errors';
import type { RequestLog } from '../request-log';
import { exportScenario, loadScenario, resetPartner } from '../domain/scenarios';
import { presetScenario, scenarioPresets } from '../scenario-presets';

// The operations a fault may be chosen for: the API's own, not the console's.
const FAULTABLE = new Set(allOperations.filter((op) => op.source !== 'sandbox').map((op) => op.id));

const KINDS_OF: Record<MoveTarget['objectType'], readonly string[]> = {
  merchant: [KYC_REVIEW_TASK],
  transaction: [QUOTE_TASK, SETTLE_TASK],
};

export interface MoveControl {
  runNow(kind: string, objectId: number): void;
  released(): void;
}

export function consoleRoutes(
  app: FastifyInstance,
  ctx: DomainContext,
  log: RequestLog,
  faults: FaultBoard,
  control: MoveControl,
) {
  const { store } = ctx;
  const pendingOf = (partnerId: number, target?: MoveTarget): PendingMove[] => {
    const tasks = target
      ? store.tasks
          .ofObject(partnerId, target.objectId)
          .filter((t) => KINDS_OF[target.objectType]!.includes(t.kind))
      : store.tasks.ofPartner(partnerId, 100);
    return tasks.map((t) => ({
      kind: t.kind as PendingMove['kind'],
      objectType: t.kind === KYC_REVIEW_TASK ? 'merchant' : 'transaction',
      objectId: t.objectId,
      dueTime: t.dueTime,
    }));
  };
  const movesOf = (partnerId: number, target?: MoveTarget): Moves => {
    const heldSince = store.partners.movesHeldSince(partnerId);
    return { held: heldSince !== null, heldSince, moves: pendingOf(partnerId, target) };
  };
  /** The record must be the partner's own, as for any other request. */
  const ensureOwn = (partnerId: number, target: MoveTarget) => {
    if (target.objectType === 'merchant') getMerchant(ctx, partnerId, target.objectId);
    else if (!store.transactions.ownerOf(target.objectId, partnerId))
      throw notFound('Transaction', target.objectId);
  };

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
  route(app, sandboxOperations.listMoves, ({ query }, req) => {
    const { objectType, objectId } = query;
    if ((objectType === undefined) !== (objectId === undefined))
      throw invalidField(objectType ? 'objectId' : 'objectType', 'is needed with the other one');
    const target = objectType && objectId ? { objectType, objectId } : undefined;
    if (target) ensureOwn(partnerOf(req).id, target);
    return movesOf(partnerOf(req).id, target);
  });
  route(app, sandboxOperations.runMove, ({ body }, req) => {
    const partnerId = partnerOf(req).id;
    ensureOwn(partnerId, body);
    const [next] = pendingOf(partnerId, body);
    if (!next)
      throw refused(
        'INVALID_STATE_TRANSITION',
        `${body.objectType === 'merchant' ? 'Merchant' : 'Transaction'} ${body.objectId} is not waiting for an automatic move.`,
      );
    control.runNow(next.kind, next.objectId);
    return movesOf(partnerId, body);
  });
  route(app, sandboxOperations.holdMoves, (_input, req) => {
    const partnerId = partnerOf(req).id;
    if (store.partners.movesHeldSince(partnerId) === null)
      store.partners.holdMoves(partnerId, ctx.now());
    return movesOf(partnerId);
  });
  route(app, sandboxOperations.releaseMoves, (_input, req) => {
    const partnerId = partnerOf(req).id;
    store.partners.holdMoves(partnerId, null);
    control.released();
    return movesOf(partnerId);
  });
  route(app, sandboxOperations.listScenarios, () => scenarioPresets);
  route(app, sandboxOperations.exportScenario, (_input, req) => {
    const partner = partnerOf(req);
    return exportScenario(ctx, partner.id, `Records of ${partner.name}`);
  });
  route(app, sandboxOperations.loadScenario, ({ body }, req) => {
    const scenario = body.scenario ?? presetScenario(body.preset!);
    if (!scenario)
      throw invalidField(
        'preset',
        `must be the name of a preset: ${scenarioPresets.map((p) => p.name).join(', ')}`,
      );
    return loadScenario(ctx, partnerOf(req).id, scenario, { reset: body.reset });
  });
  route(app, sandboxOperations.resetSandbox, (_input, req) => resetPartner(ctx, partnerOf(req).id));
}
