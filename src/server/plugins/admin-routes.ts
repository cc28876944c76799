// The admin's settings (src/api/admin.ts): API credentials per environment, checked against the
// environment before they are kept; the people of the workspace and their roles; the second
// step per role. Every change is audited; approval policies are the money controls' (../controls).
import { CHANGE, rolesSaid } from '../controls/change-words';
import { said, wordsCode } from '#/i18n/words';
import { saidData } from '#/i18n/said-data';
import { FIELD, REFUSED } from '../refusal-words';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { adminEndpoints as E } from '#/api/admin';
import { buildDashboardOpenApiDocument } from '#/api/dashboard-openapi';
import { operations } from '#/api/operations';
import { audit, invalidInput, problem } from '../request';
import { mailPasswordLink } from '../notifications/link-mail';
import { route } from '../endpoint';
import { holdForSecondAdmin } from '../controls/changes';
import { partnerClient } from '../partner-client';
import { DEFAULT_LANGUAGE_KEY, workspaceLanguage } from '../page-language';
import { putWorkspaceSetting } from '../store/workspace-settings';

export const adminRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.dashboard;
  const noSuchPerson = { status: 404, code: 'NOT_FOUND', detail: said(REFUSED.noPerson) } as const;

  route(app, E.listCredentials, async () => ({ results: await ctx.workspace.credentialHints() }));

  route(app, E.setCredentials, async ({ request, reply, params: { environment }, body }) => {
    const action = E.setCredentials.audit;
    const upstream = ctx.upstreams.get(environment);
    if (!upstream)
      return problem(request, reply, {
        status: 404,
        code: 'NOT_FOUND',
        detail: said(REFUSED.noEnvironment, { environment }),
      });
    // The credentials are checked against the environment itself before they are kept.
    const check = await partnerClient({
      environment,
      upstream,
      credentials: body,
      pacer: ctx.pacer,
      background: true,
    })
      .call(operations.listCurrencies)
      .catch(() => undefined);
    if (!check || !check.ok) {
      await audit(request, {
        action,
        target: environment,
        outcome: 'refused',
        details: { status: check?.status ?? null },
      });
      return problem(request, reply, {
        status: check ? 400 : 502,
        code: check ? 'VALIDATION_ERROR' : 'UPSTREAM_UNAVAILABLE',
        detail: said(check ? REFUSED.credentialsNotAccepted : REFUSED.environmentUnreachable, {
          environment,
        }),
        errors: check
          ? [{ field: 'apiSecret', message: wordsCode(FIELD.notTheKeysSecret) }]
          : undefined,
      });
    }
    const before = await ctx.workspace.credentials(environment);
    await ctx.workspace.setCredentials(environment, body, request.signedIn!.user.email);
    // Another API key is another partner's records: the local index starts again from them.
    const otherPartner = before !== undefined && before.apiKey !== body.apiKey;
    if (otherPartner) await ctx.index.clear(environment);
    void ctx.sync.syncNow(environment);
    await audit(request, {
      action,
      target: environment,
      outcome: 'ok',
      details: { apiKeyLast4: body.apiKey.slice(-4), indexCleared: otherPartner },
    });
    return { results: await ctx.workspace.credentialHints() };
  });

  route(app, E.listPeople, async () => {
    const [people, away] = await Promise.all([ctx.workspace.listUsers(), ctx.absences.current()]);
    const awayOf = new Map(away.map((a) => [a.userId, a]));
    return {
      results: people.map((p) => {
        const a = awayOf.get(p.id);
        return {
          ...p,
          away: a ? { from: a.from, until: a.until, delegateName: a.delegateName } : null,
        };
      }),
    };
  });

  route(app, E.addPerson, async ({ request, reply, body }) => {
    if (await ctx.workspace.userByEmail(body.email)) {
      return invalidInput(request, reply, said(REFUSED.emailTaken), [
        { field: 'email', message: wordsCode(FIELD.emailTaken) },
      ]);
    }
    // Where two or more admins are, a second one approves a new person first (042): nobody
    // adds an approver of their own making alone.
    if (await ctx.controlChanges.fourEyes())
      return holdForSecondAdmin(ctx.controlChanges, request, {
        kind: 'addPerson',
        payload: body,
        summary: saidData(CHANGE.addPerson, {
          name: body.name,
          email: body.email,
          roles: rolesSaid(body.roles),
        }),
        audit: { action: E.addPerson.audit, target: body.email, details: { roles: body.roles } },
      });
    const { user, password } = await ctx.workspace.createUser({ ...body, invited: true });
    await audit(request, {
      action: E.addPerson.audit,
      target: user.email,
      outcome: 'ok',
      details: { roles: user.roles },
    });
    // An invitation by mail: a link to choose a password (24 hours, once). Only where this
    // server sends no mail is the one-time password shown to the admin, to hand over themselves.
    await mailPasswordLink(ctx, user, {
      kind: 'invitation',
      by: request.signedIn!.user.name,
      roles: user.roles,
    });
    return { user, oneTimePassword: ctx.notifications.outbox.smtp ? null : password };
  });

  /** A change refused because no active admin would be left (docs/decisions/063), audited. */
  const lastAdmin = async (
    request: FastifyRequest,
    reply: FastifyReply,
    action: string,
    target: string,
    details: Record<string, unknown>,
  ) => {
    await audit(request, {
      action,
      target,
      outcome: 'refused',
      details: { ...details, reason: 'LAST_ADMIN' },
    });
    return problem(request, reply, {
      status: 409,
      code: 'LAST_ADMIN',
      detail: said(REFUSED.lastAdmin),
    });
  };

  route(app, E.setRoles, async ({ request, reply, params: { id }, body }) => {
    const before = await ctx.workspace.userById(id);
    if (!before) return problem(request, reply, noSuchPerson);
    const details = { from: before.roles, to: body.roles };
    // Refused before it is held too: a second admin is not asked to approve what cannot apply.
    if (await ctx.workspace.wouldLeaveNoAdmin(id, { roles: body.roles }))
      return lastAdmin(request, reply, E.setRoles.audit, before.email, details);
    if (await ctx.controlChanges.fourEyes()) {
      return holdForSecondAdmin(ctx.controlChanges, request, {
        kind: 'setRoles',
        payload: { userId: id, roles: body.roles },
        summary: saidData(CHANGE.setRoles, {
          name: before.name,
          email: before.email,
          before: rolesSaid(before.roles),
          after: rolesSaid(body.roles),
        }),
        audit: {
          action: E.setRoles.audit,
          target: before.email,
          details: { from: before.roles, to: body.roles },
        },
      });
    }
    if ((await ctx.workspace.setRoles(id, body.roles)) === 'lastAdmin')
      return lastAdmin(request, reply, E.setRoles.audit, before.email, details);
    await audit(request, {
      action: E.setRoles.audit,
      target: before.email,
      outcome: 'ok',
      details,
    });
    return (await ctx.workspace.userById(id))!;
  });

  route(app, E.setPersonActive, async ({ request, reply, params: { id }, body }) => {
    const person = await ctx.workspace.userById(id);
    if (!person) return problem(request, reply, noSuchPerson);
    if (!body.active && id === request.signedIn!.user.id)
      return invalidInput(request, reply, said(REFUSED.notYourself), [
        { field: 'active', message: wordsCode(FIELD.notYourself) },
      ]);
    if ((await ctx.workspace.setActive(id, body.active)) === 'lastAdmin')
      return lastAdmin(request, reply, E.setPersonActive.audit, person.email, {
        active: body.active,
      });
    await audit(request, {
      action: E.setPersonActive.audit,
      target: person.email,
      outcome: 'ok',
      details: { active: body.active },
    });
    return (await ctx.workspace.userById(id))!;
  });

  route(app, E.endSessionsOf, async ({ request, reply, params: { id } }) => {
    const user = await ctx.workspace.userById(id);
    if (!user) return problem(request, reply, noSuchPerson);
    const ended = await ctx.workspace.endAllSessions(id);
    await audit(request, {
      action: E.endSessionsOf.audit,
      target: user.email,
      outcome: 'ok',
      details: { ended },
    });
    return { ended };
  });

  route(app, E.issueResetLink, async ({ request, reply, params: { id } }) => {
    const user = await ctx.workspace.userById(id);
    if (!user) return problem(request, reply, noSuchPerson);
    const { token, expiresAt } = await ctx.workspace.issueReset(id);
    await audit(request, { action: E.issueResetLink.audit, target: user.email, outcome: 'ok' });
    // Shown once, to the admin, who hands it over: there is no mail server.
    return { link: `${ctx.address.origin()}/reset-password?token=${token}`, expiresAt };
  });

  // The document of this API for the admin's own automation, built once per server.
  let document: ReturnType<typeof buildDashboardOpenApiDocument> | undefined;
  route(app, E.apiDocument, async () => {
    document ??= buildDashboardOpenApiDocument({
      serverUrl: ctx.address.origin(),
      cookieName: ctx.cookie.name,
    });
    return document;
  });

  route(app, E.languageSettings, async () => ({
    language: await workspaceLanguage(ctx.db.db),
  }));

  route(app, E.setWorkspaceLanguage, async ({ request, body }) => {
    await putWorkspaceSetting(ctx.db.db, {
      key: DEFAULT_LANGUAGE_KEY,
      value: body.language,
      at: Date.now(),
      by: request.signedIn!.user.id,
    });
    await audit(request, { action: E.setWorkspaceLanguage.audit, outcome: 'ok', details: body });
    return body;
  });

  route(app, E.roleSettings, async () => ({
    requireTotp: await ctx.secondFactor.requiredRoles(),
  }));

  route(app, E.setSecondStep, async ({ request, params: { role }, body }) => {
    await ctx.secondFactor.requireForRole(role, body.requireTotp);
    await audit(request, {
      action: E.setSecondStep.audit,
      target: role,
      outcome: 'ok',
      details: body,
    });
    return { role, requireTotp: body.requireTotp };
  });
};
