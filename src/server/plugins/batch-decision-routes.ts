// What moves a bulk file on (docs/decisions/034, 055, 074): its quote asked for, its approval or
// rejection (decided in ../approvals, the second factor first), its cancellation.
import { REFUSED } from '../refusal-words';
import { said } from '#/i18n/words';
import { batchRef } from '../approvals/subjects/batch';
import type { FastifyInstance } from 'fastify';
import { batchEndpoints as E } from '#/api/batches';
import { audit, problem } from '../request';
import { held, route } from '../endpoint';
import { REFUSAL_WORDS } from '../controls/rules';
import { refusedProblem } from '../approvals/decide';

import { type BatchRouteHelpers } from './batch-route-helpers';
import { wordsCode } from '#/i18n/words';
import { BATCH_CLOSED } from '../batches/words';

export function batchDecisionRoutes(
  app: FastifyInstance,
  { environmentOf, batchRates, changed, refused, found }: BatchRouteHelpers,
) {
  const ctx = app.dashboard;
  const batches = ctx.batches.store;
  route(app, E.quoteBatch, async ({ request, reply, params }) => {
    const batch = await found(request, reply, params.id);
    if (!batch) return reply;
    if (batch.status !== 'validated' && batch.status !== 'awaiting_approval')
      return refused(
        request,
        reply,
        said(batch.status === 'draft' ? REFUSED.batchHasProblems : REFUSED.batchPastQuote),
      );
    if (!(await ctx.workspace.credentials(environmentOf(request))))
      return problem(request, reply, {
        status: 503,
        code: 'ENVIRONMENT_NOT_CONFIGURED',
        detail: said(REFUSED.noCredentials, { environment: environmentOf(request) }),
      });
    const ready = batch.rows.filter((r) => r.state === 'ready' && r.valid).length;
    if (!(await batches.startQuote(batch.id, request.signedIn!.user.id, ready)))
      return refused(request, reply, said(REFUSED.batchHasApprovals));
    // Priced in the background (docs/decisions/055): the page follows the progress. The answer
    // is read first, so that it shows the quote started however fast the quoter is.
    const answer = await changed(request, E.quoteBatch.audit, batch.id, { rows: ready });
    void ctx.jobs.kick('bulk quote');
    return answer;
  });

  route(app, E.decideBatch, async ({ request, reply, params, body }) => {
    const batch = await found(request, reply, params.id);
    if (!batch) return reply;
    const user = request.signedIn!.user;
    // Approving a file releases every payment in it: the second factor first, where enrolled.
    const stepUp =
      body.decision === 'approve'
        ? await ctx.controls.releaseRefusal(user, request.signedIn!.session.stepUpAt)
        : undefined;
    if (stepUp) {
      await audit(request, {
        action: E.decideBatch.audit,
        target: `batch/${batch.id}`,
        outcome: 'refused',
        details: { decision: body.decision, reason: stepUp.refused.code },
      });
      return problem(request, reply, stepUp.refused);
    }
    const { outcome, required, decidedBy } = await ctx.approvals.decide(
      batchRef(batch.id, await batchRates(batch, true)),
      user,
      body.decision,
      body.reason ?? null,
    );
    if (outcome.kind === 'refused') {
      await audit(request, {
        action: E.decideBatch.audit,
        target: `batch/${batch.id}`,
        outcome: 'refused',
        details: { decision: body.decision, reason: outcome.refusal },
      });
      return problem(
        request,
        reply,
        refusedProblem(outcome.refusal, decidedBy, 'bulk file', {
          ...REFUSAL_WORDS,
          APPROVAL_CLOSED: REFUSED.batchNotWaiting,
        }),
      );
    }
    const decided = await changed(request, E.decideBatch.audit, batch.id, {
      decision: body.decision,
      reason: body.reason ?? null,
      required,
      ...(outcome.kind === 'complete' || outcome.kind === 'recorded'
        ? { approvals: outcome.approvals }
        : {}),
    });
    // More approvers needed: held, as a transaction's approval is (202 with what waits).
    if (outcome.kind === 'recorded') return held({ batch: decided });
    // The last approval needed: submission starts now, on this server (or any, if it stops).
    if (outcome.kind === 'complete') void ctx.jobs.kick('bulk submit');
    return decided;
  });

  route(app, E.cancelBatch, async ({ request, reply, params, body }) => {
    const batch = await found(request, reply, params.id);
    if (!batch) return reply;
    const name = request.signedIn!.user.name;
    const reason = body.reason
      ? wordsCode(BATCH_CLOSED.cancelledBecause, { name, reason: body.reason })
      : wordsCode(BATCH_CLOSED.cancelled, { name });
    if (!(await batches.cancel(batch.id, reason)))
      return refused(request, reply, said(REFUSED.batchPastCancel));
    return changed(request, E.cancelBatch.audit, batch.id, { reason: body.reason ?? null });
  });
}
