// Bank-detail changes held for approval (docs/decisions/025, 040): listed, approved (the second
// factor first), rejected with a reason, withdrawn by their author, and checked before saving.
import type { FastifyInstance } from 'fastify';
import { controlsEndpoints as E } from '#/api/controls';
import { audit, languageOf, problem } from '../request';
import { route } from '../endpoint';

import { type Decide, auditWithdrawal, type ControlsRouteHelpers } from './route-helpers';
import { said } from '#/i18n/words';
import { REFUSED } from '../refusal-words';

export function payeeChangeRoutes(app: FastifyInstance, { signedIn, apiOf }: ControlsRouteHelpers) {
  const { controls } = app.dashboard;
  route(app, E.payeeChanges, async ({ request, query }) => {
    const { user, environment } = signedIn(request);
    return controls.payeeChanges(user, environment, query.accountId);
  });

  // Approving or rejecting a payee change: the decision, audited, and the account as the API
  // now has it once the last approval sent the change.
  const decidePayee = (async (request, reply, id, decision, reason) => {
    const { user, environment } = signedIn(request);
    const action = decision === 'approve' ? E.approvePayeeChange.audit : E.rejectPayeeChange.audit;
    // New bank details release the money paid to them: the second factor first, where enrolled.
    const stepUp =
      decision === 'approve'
        ? await controls.releaseRefusal(user, request.signedIn!.session.stepUpAt)
        : undefined;
    const api = stepUp ? undefined : await apiOf(request, reply);
    if (!stepUp && !api) return { reply };
    // The new details are on the trail before they leave for the API (docs/decisions/026).
    const sent = (accountId: number) =>
      audit(request, {
        action,
        target: `businessExternalAccount/${accountId}`,
        outcome: 'sent',
        details: { change: id },
      });
    const decided =
      stepUp ??
      (await controls.decidePayeeChange(user, environment, id, decision, reason, api!, sent));
    if ('refused' in decided) {
      await audit(request, {
        action,
        target: id,
        outcome: 'refused',
        details: { reason: decided.refused.code },
      });
      return { reply: await problem(request, reply, decided.refused) };
    }
    const { change, applied } = decided;
    await audit(request, {
      action,
      target: `businessExternalAccount/${change.accountId}`,
      outcome: change.status === 'failed' ? 'failed' : 'ok',
      details: {
        change: change.id,
        status: change.status,
        fields: change.changed,
        ...(reason ? { reason } : {}),
        ...(applied ? { applied: applied.status } : {}),
      },
    });
    return { change, account: applied?.account ?? null };
  }) satisfies Decide;

  route(app, E.approvePayeeChange, async ({ request, reply, params }) => {
    const decided = await decidePayee(request, reply, params.id, 'approve', null);
    if ('reply' in decided) return reply;
    if (decided.change.status === 'failed')
      return problem(request, reply, {
        status: 409,
        code: 'PAYEE_CHANGE_FAILED',
        detail: decided.change.reason ?? said(REFUSED.apiRefusedChange),
      });
    return decided as never;
  });

  route(app, E.rejectPayeeChange, async ({ request, reply, params, body }) => {
    const decided = await decidePayee(request, reply, params.id, 'reject', body.reason);
    return 'reply' in decided ? reply : decided.change;
  });

  route(app, E.withdrawPayeeChange, async ({ request, reply, params }) => {
    const { user, environment } = signedIn(request);
    const withdrawn = await controls.withdrawPayeeChange(user, environment, params.id);
    await auditWithdrawal(request, E.withdrawPayeeChange.audit, params.id, withdrawn);
    if ('refused' in withdrawn) return problem(request, reply, withdrawn.refused);
    return withdrawn.change;
  });

  route(app, E.payeeCheck, async ({ request, body }) =>
    controls.payeeCheck(signedIn(request).environment, body, languageOf(request)),
  );
}
