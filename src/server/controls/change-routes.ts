// Changes of the controls held for a second admin (docs/decisions/042): listed, decided through
// ../approvals, applied once approved, and withdrawn by their author.
import { REFUSED } from '../refusal-words';
import { said, wordsCode } from '#/i18n/words';
import { changeRef } from '../approvals/subjects/change';
import type { FastifyInstance } from 'fastify';
import { type ApprovalSettings, controlsEndpoints as E } from '#/api/controls';
import { type Role } from '#/api/roles';
import { mailPasswordLink } from '../notifications/link-mail';
import { type ApplyChange } from './changes';
import { audit, problem } from '../request';
import { route } from '../endpoint';
import type { User } from '../store/workspace';
import { type ControlChangeRefusal, CONTROL_CHANGE_REFUSAL_WORDS } from './rules';
import { refusedProblem } from '../approvals/decide';
import type { Refused } from './verdict';

import { type Decide, auditWithdrawal, type ControlsRouteHelpers } from './route-helpers';

export function controlChangeRoutes(app: FastifyInstance, { signedIn }: ControlsRouteHelpers) {
  const ctx = app.dashboard;
  const { controls, controlChanges: changes } = ctx;
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
        return 'duplicate' in added ? wordsCode(REFUSED.samePolicy) : undefined;
      }
      case 'removePolicy': {
        const removed = await controls.removePolicy((change.payload as { id: string }).id);
        return removed ? undefined : wordsCode(REFUSED.policyGone);
      }
      case 'removeLimit': {
        const removed = await controls.limits.remove((change.payload as { id: string }).id);
        return removed ? undefined : wordsCode(REFUSED.limitGone);
      }
      case 'setApprovalSettings':
        await controls.saveCheckedSettings(change.payload as ApprovalSettings, by);
        return undefined;
      case 'setRoles': {
        const { userId, roles } = change.payload as { userId: string; roles: Role[] };
        if (!(await ctx.workspace.userById(userId))) return wordsCode(REFUSED.personGone);
        return (await ctx.workspace.setRoles(userId, roles)) === 'lastAdmin'
          ? wordsCode(REFUSED.lastAdmin)
          : undefined;
      }
      case 'addPerson': {
        const person = change.payload as { email: string; name: string; roles: Role[] };
        if (await ctx.workspace.userByEmail(person.email)) return wordsCode(REFUSED.emailTaken);
        // The invitation mail sets the password: nobody sees a one-time password.
        const { user } = await ctx.workspace.createUser({ ...person, invited: true });
        await mailPasswordLink(ctx, user, {
          kind: 'invitation',
          by: change.authorName,
          roles: user.roles,
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
  ): Promise<Refused | { change: ReturnType<typeof changes.asSeenBy> }> => {
    const decided = await ctx.approvals.decide(changeRef(id), user, decision, reason);
    if (!decided.subject)
      return { refused: { status: 404, code: 'NOT_FOUND', detail: said(REFUSED.noChange) } };
    // A change's own rule refuses only in its own words (judgeControlChange).
    if (decided.outcome.kind === 'refused')
      return {
        refused: refusedProblem(
          decided.outcome.refusal as ControlChangeRefusal,
          decided.decidedBy,
          'change',
          CONTROL_CHANGE_REFUSAL_WORDS,
        ),
      };
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
}
