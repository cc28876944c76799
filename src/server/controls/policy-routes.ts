// The approval policies and settings endpoints (docs/decisions/025, 042): listed, added, removed
// and changed (held for a second admin where there are two), and what a transaction would need.
import { REFUSED, FIELD } from '../refusal-words';
import { said, wordsCode } from '#/i18n/words';
import { saidData } from '#/i18n/said-data';
import type { FastifyInstance } from 'fastify';
import { controlsEndpoints as E } from '#/api/controls';
import { policySaid } from '#/api/policy-words';
import { CHANGE } from './change-words';
import { holdForSecondAdmin } from './changes';
import { audit, problem } from '../request';
import { route } from '../endpoint';
import { toldStored } from '../words';
import { partnerApi } from '../partner-api';

import { type ControlsRouteHelpers } from './route-helpers';

export function policyRoutes(
  app: FastifyInstance,
  { signedIn, apiOf, refuseUnchecked }: ControlsRouteHelpers,
) {
  const ctx = app.dashboard;
  const { controls, controlChanges: changes } = ctx;
  route(app, E.listPolicies, async () => ({ results: await controls.policies() }));

  route(app, E.addPolicy, async ({ request, reply, body }) => {
    const { user, environment } = signedIn(request);
    const api = await apiOf(request, reply);
    if (!api) return reply;
    const checked = await controls.checkPolicy(body, environment, api);
    // Where two or more admins are, a second one approves it first (docs/decisions/042).
    if ('policy' in checked && (await changes.fourEyes())) {
      const { baseCurrency } = await controls.settings();
      return holdForSecondAdmin(ctx.controlChanges, request, {
        kind: 'addPolicy',
        payload: checked.policy,
        summary: saidData(CHANGE.addPolicy, { policy: policySaid(checked.policy, baseCurrency) }),
        audit: { action: E.addPolicy.audit, details: checked.policy },
      });
    }
    if ('unavailable' in checked || 'problem' in checked)
      return refuseUnchecked(request, reply, checked, {
        unreadable: 'currency',
        field: (p) =>
          said(p.field === 'currency' ? REFUSED.policyCurrency : REFUSED.policyAmount, {
            problem: toldStored(p.message),
          }),
      });
    const added =
      'policy' in checked ? await controls.addCheckedPolicy(checked.policy, user.email) : checked;
    if ('duplicate' in added) {
      await audit(request, {
        action: E.addPolicy.audit,
        outcome: 'refused',
        details: { reason: 'duplicate', policy: added.duplicate.id },
      });
      return problem(request, reply, {
        status: 409,
        code: 'POLICY_EXISTS',
        detail: said(REFUSED.duplicatePolicy, { approvers: added.duplicate.approvers }),
        // On the amount field: the same decision, product and currency from the same amount.
        errors: [
          {
            field: 'minAmount',
            message: wordsCode(FIELD.policyThreshold, { approvers: added.duplicate.approvers }),
          },
        ],
      });
    }
    const { policy } = added;
    await audit(request, {
      action: E.addPolicy.audit,
      target: policy.id,
      outcome: 'ok',
      details: {
        action: policy.action,
        product: policy.product,
        currency: policy.currency,
        amountSide: policy.amountSide,
        minAmount: policy.minAmount,
        approvers: policy.approvers,
      },
    });
    return policy;
  });

  route(app, E.removePolicy, async ({ request, reply, params }) => {
    if (await changes.fourEyes()) {
      const policy = (await controls.policies()).find((p) => p.id === params.id);
      if (!policy)
        return problem(request, reply, {
          status: 404,
          code: 'NOT_FOUND',
          detail: said(REFUSED.noPolicy),
        });
      const { baseCurrency } = await controls.settings();
      return holdForSecondAdmin(ctx.controlChanges, request, {
        kind: 'removePolicy',
        payload: { id: policy.id },
        summary: saidData(CHANGE.removePolicy, { policy: policySaid(policy, baseCurrency) }),
        audit: { action: E.removePolicy.audit, target: policy.id },
      });
    }
    const removed = await controls.removePolicy(params.id);
    if (!removed)
      return problem(request, reply, {
        status: 404,
        code: 'NOT_FOUND',
        detail: said(REFUSED.noPolicy),
      });
    await audit(request, {
      action: E.removePolicy.audit,
      target: removed.id,
      outcome: 'ok',
      details: {
        action: removed.action,
        product: removed.product,
        currency: removed.currency,
        amountSide: removed.amountSide,
        minAmount: removed.minAmount,
        approvers: removed.approvers,
      },
    });
    return { id: removed.id, deleted: true as const };
  });

  route(app, E.approvalSettings, async () => controls.settings());

  route(app, E.setApprovalSettings, async ({ request, reply, body }) => {
    const { user, environment } = signedIn(request);
    const api = await apiOf(request, reply);
    if (!api) return reply;
    const checked = await controls.checkSettings(body, environment, api);
    if (!('settings' in checked))
      return refuseUnchecked(request, reply, checked, {
        unreadable: 'baseCurrency',
        field: (p) => said(REFUSED.baseCurrency, { problem: toldStored(p.message) }),
      });
    const { settings } = checked;
    if (await changes.fourEyes())
      return holdForSecondAdmin(ctx.controlChanges, request, {
        kind: 'setApprovalSettings',
        payload: settings,
        summary: saidData(CHANGE.approvalSettings, {
          quote: settings.quoteValidityMinutes,
          stepUp: settings.stepUpMinutes,
          base: settings.baseCurrency,
        }),
        audit: { action: E.setApprovalSettings.audit, details: settings },
      });
    await controls.saveCheckedSettings(settings, user.email);
    await audit(request, {
      action: E.setApprovalSettings.audit,
      outcome: 'ok',
      details: settings,
    });
    return settings;
  });

  route(app, E.requirement, async ({ request, query }) => {
    const { environment } = signedIn(request);
    return controls.requirement(query, environment, await partnerApi(ctx, environment));
  });
}
