// The approvals inbox and a transaction's approvals (docs/decisions/025, 041): what waits and for
// whom, what a transaction's approvals need, and rejecting one with its reason.
import { REFUSED } from '../refusal-words';
import { said } from '#/i18n/words';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type TransactionApproval, controlsEndpoints as E } from '#/api/controls';
import { batchCounts, batchInbox, withWaitingBatches } from '../batches/approval';
import { audit, problem } from '../request';
import { route } from '../endpoint';
import { partnerApi } from '../partner-api';
import type { TransactionRef } from '../approvals/requests';

import { type ControlsRouteHelpers } from './route-helpers';

export function approvalRoutes(
  app: FastifyInstance,
  { signedIn, apiOf, apiProblem }: ControlsRouteHelpers,
) {
  const ctx = app.dashboard;
  const { controls } = ctx;
  route(app, E.inbox, async ({ request, query }) => {
    const { user, environment } = signedIn(request);
    const api = await partnerApi(ctx, environment);
    const [page, batches] = await Promise.all([
      controls.inbox(user, environment, query, api),
      batchInbox(app.dashboard, user, environment),
    ]);
    return {
      ...page,
      batches: query.scope === 'you' ? batches.filter((b) => b.canAct) : batches,
      counts: withWaitingBatches(page.counts, batchCounts(batches)),
    };
  });

  route(app, E.inboxCounts, async ({ request }) => {
    const { user, environment } = signedIn(request);
    const [counts, batches] = await Promise.all([
      controls.inboxCounts(user, environment),
      batchInbox(app.dashboard, user, environment),
    ]);
    return withWaitingBatches(counts, batchCounts(batches));
  });

  route(app, E.transactionControls, async ({ request, reply, params }) => {
    const { user, environment } = signedIn(request);
    const api = await apiOf(request, reply);
    if (!api) return reply;
    const answer = await controls.transactionControls(
      user,
      { environment, product: params.product, transactionId: params.id },
      api,
    );
    return 'response' in answer ? apiProblem(request, reply, answer.response) : answer;
  });

  /**
   * Rejecting a transaction's approval: the API cancels it, the rejection is recorded and its
   * creator told; audited either way, and the cancelled transaction noted in the local index.
   */
  const reject = async (
    request: FastifyRequest,
    reply: FastifyReply,
    ref: TransactionRef,
    action: TransactionApproval,
    reason: string,
  ) => {
    const { user } = signedIn(request);
    const api = await apiOf(request, reply);
    if (!api) return reply;
    const rejected = await controls.rejectTransaction(user, ref, action, reason, api);
    const target = `${ref.product}/${ref.transactionId}`;
    if ('response' in rejected) {
      await audit(request, {
        action: E.rejectTransaction.audit,
        target,
        outcome: 'failed',
        details: { action, reason, status: rejected.response.status },
      });
      return apiProblem(request, reply, rejected.response);
    }
    await audit(request, {
      action: E.rejectTransaction.audit,
      target,
      outcome: 'refused' in rejected ? 'refused' : 'ok',
      details:
        'refused' in rejected
          ? { action, reason: rejected.refused.code, channel: 'dashboard' }
          : {
              action,
              reason,
              approval: rejected.approval.id,
              reasonSent: rejected.reasonSent,
              channel: 'dashboard',
            },
    });
    if ('refused' in rejected) return problem(request, reply, rejected.refused);
    return rejected;
  };

  route(app, E.rejectTransaction, async ({ request, reply, params, body }) => {
    const { environment } = signedIn(request);
    const ref = { environment, product: params.product, transactionId: params.id };
    return reject(request, reply, ref, body.action, body.reason);
  });

  route(app, E.rejectApproval, async ({ request, reply, params, body }) => {
    const { environment } = signedIn(request);
    const open = await controls.approvalRef(environment, params.id);
    if (!open)
      return problem(request, reply, {
        status: 404,
        code: 'NOT_FOUND',
        detail: said(REFUSED.noApproval),
      });
    return reject(request, reply, open.ref, open.action, body.reason);
  });
}
