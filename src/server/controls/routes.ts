// The money controls' own endpoints (declared in src/api/controls.ts): policies and what they
// would ask, the approvals inbox and its count, a transaction's approvals, payee changes and
// their decisions, and the check of bank details before they are saved. Every change and every
// refusal is audited.
import { changeRef } from '../approvals/subjects/change';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  type ApprovalSettings,
  type TransactionApproval,
  controlsEndpoints as E,
  policySummary,
} from '#/api/controls';
import { ROLE_LABEL, type Role } from '#/api/roles';
import { mailPasswordLink } from '../notifications/link-mail';
import { type ApplyChange, holdForSecondAdmin } from './changes';
import type { Environment } from '#/api/dashboard';
import { batchCounts, batchInbox, withWaitingBatches } from '../batches/approval';
import { audit, invalidInput, problem } from '../request';
import { route } from '../endpoint';
import { partnerApi } from '../partner-api';
import type { UpstreamResponse } from '../upstream';
import type { FieldProblem } from '#/api/payee';
import type { TransactionRef } from '../approvals/requests';
import { LAST_ADMIN_TEXT } from '../store/workspace';
import type { User } from '../store/workspace';
import type { ControlChangeRefusal } from './rules';

/** Approving or rejecting something a second person must decide: a payee change, a control change. */
type Decide = (
  request: FastifyRequest,
  reply: FastifyReply,
  id: string,
  decision: 'approve' | 'reject',
  reason: string | null,
) => Promise<unknown>;

/** Audits a withdrawal by its author: done, or refused with the refusal's code. */
const auditWithdrawal = (
  request: FastifyRequest,
  action: string,
  target: string,
  withdrawn: { refused: { code: string } } | object,
) =>
  audit(request, {
    action,
    target,
    outcome: 'refused' in withdrawn ? 'refused' : 'ok',
    details: 'refused' in withdrawn ? { reason: withdrawn.refused.code } : null,
  });

export const controlsRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.dashboard;
  const controls = ctx.controls;
  const changes = ctx.controlChanges;

  const signedIn = (request: FastifyRequest) => {
    const { user, session } = request.signedIn!;
    return { user, environment: session.environment as Environment };
  };

  /** The session's environment's API, or undefined once a 503 says it is not set up. */
  const apiOf = async (request: FastifyRequest, reply: FastifyReply) => {
    const { environment } = signedIn(request);
    const api = await partnerApi(ctx, environment);
    if (!api)
      void problem(request, reply, {
        status: 503,
        code: 'ENVIRONMENT_NOT_CONFIGURED',
        detail: `An admin has not set the ${environment} environment's API credentials yet.`,
      });
    return api;
  };

  /** An answer of the API passed on as the problem it is (a record not found, say). */
  const apiProblem = (request: FastifyRequest, reply: FastifyReply, response: UpstreamResponse) =>
    reply
      .code(response.status === 404 ? 404 : 502)
      .type(response.headers['content-type'] ?? 'application/problem+json')
      .send(response.body);

  /**
   * A check of what an admin typed that did not pass: the currency list could not be read (502),
   * or a field it cannot take (400, named).
   */
  const refuseUnchecked = (
    request: FastifyRequest,
    reply: FastifyReply,
    checked: { unavailable: true } | { problem: FieldProblem },
    what: { unreadable: string; field: (problem: FieldProblem) => string },
  ) =>
    'unavailable' in checked
      ? problem(request, reply, {
          status: 502,
          code: 'UPSTREAM_UNAVAILABLE',
          detail: `The currency list could not be read from the API, so ${what.unreadable} was not checked.`,
        })
      : invalidInput(request, reply, what.field(checked.problem), [checked.problem]);

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
        summary: `Add a policy: ${policySummary(checked.policy, baseCurrency)}`,
        audit: { action: E.addPolicy.audit, details: checked.policy },
      });
    }
    if ('unavailable' in checked || 'problem' in checked)
      return refuseUnchecked(request, reply, checked, {
        unreadable: 'the currency',
        field: (p) =>
          `The policy's ${p.field === 'currency' ? 'currency' : 'amount'} ${p.message}.`,
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
        detail: `A policy for the same action, product, currency and amount exists already (it asks ${added.duplicate.approvers} approver${added.duplicate.approvers === 1 ? '' : 's'}): remove it first to change it.`,
        // On the amount field: the same decision, product and currency from the same amount.
        errors: [
          {
            field: 'minAmount',
            message: `is the threshold of a policy that exists already (it asks ${added.duplicate.approvers} approver${added.duplicate.approvers === 1 ? '' : 's'}): remove that one first to change it`,
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
          detail: 'No such policy.',
        });
      const { baseCurrency } = await controls.settings();
      return holdForSecondAdmin(ctx.controlChanges, request, {
        kind: 'removePolicy',
        payload: { id: policy.id },
        summary: `Remove the policy: ${policySummary(policy, baseCurrency)}`,
        audit: { action: E.removePolicy.audit, target: policy.id },
      });
    }
    const removed = await controls.removePolicy(params.id);
    if (!removed)
      return problem(request, reply, { status: 404, code: 'NOT_FOUND', detail: 'No such policy.' });
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
        unreadable: 'the base currency',
        field: (p) => `The base currency ${p.message}.`,
      });
    const { settings } = checked;
    if (await changes.fourEyes())
      return holdForSecondAdmin(ctx.controlChanges, request, {
        kind: 'setApprovalSettings',
        payload: settings,
        summary: `Change the approval settings: quotes approved within ${settings.quoteValidityMinutes} minutes, the second factor asked again after ${settings.stepUpMinutes} minutes, base currency ${settings.baseCurrency}.`,
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
          ? { action, reason: rejected.refused.code }
          : { action, reason, approval: rejected.approval.id, reasonSent: rejected.reasonSent },
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
        detail: 'No such approval.',
      });
    return reject(request, reply, open.ref, open.action, body.reason);
  });

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
        detail: decided.change.reason ?? 'The API refused the change.',
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

  // Changes of the controls waiting for a second admin (docs/decisions/042).
  route(app, E.controlChanges, async ({ request }) => {
    const { user } = signedIn(request);
    return { results: (await changes.list()).map((c) => changes.asSeenBy(c, user)) };
  });

  /** Applies an approved change; the reason it could not be, if so. */
  const apply: ApplyChange = async (change) => {
    const by = change.authorName;
    switch (change.kind) {
      case 'addPolicy': {
        const added = await controls.addCheckedPolicy(
          change.payload as Parameters<typeof controls.addCheckedPolicy>[0],
          by,
        );
        return 'duplicate' in added ? 'A policy that says the same exists already.' : undefined;
      }
      case 'removePolicy': {
        const removed = await controls.removePolicy((change.payload as { id: string }).id);
        return removed ? undefined : 'The policy had been removed already.';
      }
      case 'setApprovalSettings':
        await controls.saveCheckedSettings(change.payload as ApprovalSettings, by);
        return undefined;
      case 'setRoles': {
        const { userId, roles } = change.payload as { userId: string; roles: Role[] };
        if (!(await ctx.workspace.userById(userId))) return 'The person no longer exists.';
        return (await ctx.workspace.setRoles(userId, roles)) === 'lastAdmin'
          ? LAST_ADMIN_TEXT
          : undefined;
      }
      case 'addPerson': {
        const person = change.payload as { email: string; name: string; roles: Role[] };
        if (await ctx.workspace.userByEmail(person.email))
          return 'Someone already has this email address.';
        // The invitation mail sets the password: nobody sees a one-time password.
        const { user } = await ctx.workspace.createUser({ ...person, invited: true });
        await mailPasswordLink(ctx, user, {
          kind: 'invitation',
          by: change.authorName,
          roles: user.roles.map((r) => ROLE_LABEL[r]).join(', '),
        });
        return undefined;
      }
      case 'setSingleSignOn': {
        const payload = change.payload as { protocol?: string };
        if (payload.protocol === 'saml') {
          const { protocol: _protocol, ...saml } = change.payload as Parameters<
            typeof ctx.sso.setSaml
          >[0] & { protocol: string };
          await ctx.sso.setSaml(saml, by);
          return undefined;
        }
        const { clientSecretSealed, ...settings } = change.payload as Omit<
          Parameters<typeof ctx.sso.setOidc>[0],
          'clientSecret'
        > & { clientSecretSealed: string };
        await ctx.sso.setOidc(
          { ...settings, clientSecret: ctx.sso.openPending(clientSecretSealed) },
          by,
        );
        return undefined;
      }
    }
  };

  /**
   * Another admin's decision on a held change (../approvals): an approval closes it as applied
   * under the lock, so that two admins approving at once apply it once; then it is applied.
   */
  const decideChange = async (
    user: User,
    id: string,
    decision: 'approve' | 'reject',
    reason: string | null,
  ) => {
    const decided = await ctx.approvals.decide(changeRef(id), user, decision, reason);
    if (!decided.subject)
      return { refused: { status: 404, code: 'NOT_FOUND', detail: 'No such change.' } };
    // A change's own rule refuses only in its own words (decideControlChange).
    if (decided.outcome.kind === 'refused')
      return changes.refused(decided.outcome.refusal as ControlChangeRefusal);
    if (decided.outcome.kind === 'complete') await changes.applyApproved(decided.subject, apply);
    return { change: changes.asSeenBy((await changes.load(id))!, user) };
  };

  const decideAndAuditChange = (async (request, reply, id, decision, reason) => {
    const { user } = signedIn(request);
    const decided = await decideChange(user, id, decision, reason);
    const action =
      decision === 'approve' ? E.approveControlChange.audit : E.rejectControlChange.audit;
    await audit(request, {
      action,
      target: id,
      outcome:
        'refused' in decided ? 'refused' : decided.change.status === 'failed' ? 'failed' : 'ok',
      details:
        'refused' in decided
          ? { reason: decided.refused.code }
          : {
              kind: decided.change.kind,
              summary: decided.change.summary,
              proposedBy: decided.change.authorName,
              status: decided.change.status,
              ...(decided.change.reason ? { reason: decided.change.reason } : {}),
            },
    });
    if ('refused' in decided) return problem(request, reply, decided.refused);
    return decided;
  }) satisfies Decide;

  route(app, E.approveControlChange, async ({ request, reply, params }) =>
    decideAndAuditChange(request, reply, params.id, 'approve', null),
  );
  route(app, E.rejectControlChange, async ({ request, reply, params, body }) =>
    decideAndAuditChange(request, reply, params.id, 'reject', body.reason),
  );
  route(app, E.withdrawControlChange, async ({ request, reply, params }) => {
    const { user } = signedIn(request);
    const withdrawn = await changes.withdraw(params.id, user);
    await auditWithdrawal(request, E.withdrawControlChange.audit, params.id, withdrawn);
    if ('refused' in withdrawn) return problem(request, reply, withdrawn.refused);
    return withdrawn;
  });

  route(app, E.payeeCheck, async ({ request, body }) =>
    controls.payeeCheck(signedIn(request).environment, body),
  );
};
