// Signing in (src/api/dashboard.ts's session endpoints): `POST /api/session` with email and
// password (and the authenticator's code where required), or one click as a person of the
// sandbox demo workspace; `GET` says who is signed in; `DELETE` ends this session,
// `POST /api/session/everywhere` all of the person's; `PUT /api/session/environment` switches
// between the environments an admin has set up.
import { FIELD, REFUSED } from '../refusal-words';
import { english, said, type Words, wordsCode } from '#/i18n/words';
import { V } from '#/api/validation-words';
import { providerLogoutUrl } from './saml-routes';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { type EnvironmentInfo, type SessionInfo, sessionEndpoints as E } from '#/api/dashboard';
import { type DashboardContext } from '../context';
import { audit, invalidInput, problem, signedInOf, tooManyTries } from '../request';
import { route } from '../endpoint';
import { openSession } from '../notifications/new-browser';
import { signInFailures } from '../store/sign-in-failures';
import type { User } from '../store/workspace';
import { stepUpUntil } from '../controls/rules';
import { mustUseSso } from '../sso/policy';

async function environmentsOf(ctx: DashboardContext): Promise<EnvironmentInfo[]> {
  const configured = new Set((await ctx.workspace.credentialHints()).map((h) => h.environment));
  return ctx.environments.map((e) => ({ ...e, configured: configured.has(e.id) }));
}

export async function sessionInfo(
  ctx: DashboardContext,
  request: FastifyRequest,
): Promise<SessionInfo> {
  const environments = await environmentsOf(ctx);
  const signedIn = request.signedIn ?? (await signedInOf(request));
  if (!signedIn) {
    const demoUsers = await Promise.all(
      ctx.demoUsers.map((email) => ctx.workspace.userByEmail(email)),
    );
    return {
      signedIn: false,
      environments,
      demoUsers: demoUsers
        .filter((u): u is User => u !== undefined)
        .map(({ email, name, roles }) => ({ email, name, roles })),
      singleSignOn: await ctx.sso.hasProvider(),
    };
  }
  const { session, user } = signedIn;
  const hint = (await ctx.workspace.credentialHints()).find(
    (h) => h.environment === session.environment,
  );
  const upstream = ctx.upstreams.get(session.environment as EnvironmentInfo['id']);
  return {
    signedIn: true,
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      roles: user.roles,
      locale: user.locale,
      timeZone: user.timeZone,
      language: user.language,
    },
    environments,
    environment: session.environment as EnvironmentInfo['id'],
    demo: ctx.demoUsers.includes(user.email),
    apiKeyHint: hint ? `…${hint.apiKeyLast4}` : 'not set',
    baseUrl: upstream?.baseUrl() ?? '',
    expiresAt: Math.min(session.expiresAt, session.lastSeenAt + session.idleMs),
    idleMs: session.idleMs,
    mustEnrol: signedIn.mustEnrol,
    secondFactor: Boolean(user.secondFactor),
    stepUpUntil: user.secondFactor
      ? stepUpUntil(session.stepUpAt, (await ctx.controls.settings()).stepUpMinutes, ctx.now())
      : null,
  };
}

export const sessionRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.dashboard;
  // Failed sign-ins, counted per client address and per account in the shared database; a
  // success resets nothing.
  const failures = signInFailures(ctx.db, { max: 10, windowMs: 60_000, now: ctx.now });

  route(app, E.getSession, async ({ request }) => sessionInfo(ctx, request));

  // The second factor again before money is released (docs/decisions/041): five wrong codes in
  // ten minutes and the person waits, as at sign-in.
  const stepUpFailures = signInFailures(ctx.db, { max: 5, windowMs: 10 * 60_000, now: ctx.now });
  route(app, E.stepUp, async ({ request, reply, body }) => {
    const { user, token } = request.signedIn!;
    if (!user.secondFactor)
      return problem(request, reply, {
        status: 409,
        code: 'NO_SECOND_FACTOR',
        detail: said(REFUSED.noSecondFactor),
      });
    const attempt = await stepUpFailures.attempt(`step-up:${user.id}`);
    if ('wait' in attempt)
      return tooManyTries(request, reply, attempt.wait, REFUSED.tooManyStepUps);
    if (!(await ctx.secondFactor.checkCodeOrRecovery(user.id, body.code))) {
      await audit(request, {
        action: 'step up',
        outcome: 'refused',
        details: { reason: 'wrong code' },
      });
      return invalidInput(request, reply, said(REFUSED.wrongCode), [
        { field: 'code', message: wordsCode(FIELD.wrongCode) },
      ]);
    }
    await stepUpFailures.succeeded(attempt.ticket);
    const at = await ctx.workspace.markStepUp(token);
    await audit(request, { action: 'step up', outcome: 'ok', details: null });
    return { stepUpUntil: stepUpUntil(at, (await ctx.controls.settings()).stepUpMinutes, at)! };
  });

  route(app, E.signIn, async ({ request, reply, body }) => {
    const tooMany = (wait: number) => tooManyTries(request, reply, wait, REFUSED.tooManySignIns);
    const addressKey = `address:${request.ip}`;
    const addressWait = await failures.retryAfter(addressKey);
    if (addressWait > 0) return tooMany(addressWait);
    const account = 'demoUser' in body ? body.demoUser.toLowerCase() : body.email.toLowerCase();
    // Counted before the password is checked: guesses sent together are each counted first.
    const attempt = await failures.attempt(addressKey, `account:${account}`);
    if ('wait' in attempt) return tooMany(attempt.wait);
    /** Not a wrong guess (a success, or a question the person must answer first). */
    const notAGuess = () => failures.succeeded(attempt.ticket);
    const failed = async (detail: Words, field: string, message: Words, user?: User) => {
      await audit(
        request,
        {
          action: 'sign-in',
          outcome: 'refused',
          target: account,
          details: { reason: english(detail) },
        },
        user,
      );
      return problem(request, reply, {
        status: 401,
        code: 'UNAUTHORIZED',
        detail: said(detail),
        errors: [{ field, message: wordsCode(message) }],
      });
    };

    let user: User | undefined;
    if ('demoUser' in body) {
      if (!ctx.demoUsers.includes(account)) {
        await notAGuess();
        return invalidInput(request, reply, said(REFUSED.demoOnly), [
          { field: 'demoUser', message: wordsCode(FIELD.notDemoPerson) },
        ]);
      }
      user = await ctx.workspace.userByEmail(account);
    } else {
      // Held to single sign-on: the password is not even looked at, and the page points there.
      const provider = await mustUseSso(ctx.sso, account);
      if (provider) {
        await notAGuess();
        await audit(request, {
          action: 'sign-in',
          outcome: 'refused',
          target: account,
          details: { reason: 'single sign-on required', provider },
        });
        return problem(request, reply, {
          status: 409,
          code: 'SSO_REQUIRED',
          detail: said(REFUSED.ssoRequired, { domain: account.split('@')[1] ?? '' }),
          errors: [{ field: 'email', message: wordsCode(FIELD.ssoRequired) }],
        });
      }
      user = await ctx.workspace.checkPassword(body.email, body.password);
      if (!user) return failed(REFUSED.passwordMismatch, 'password', FIELD.passwordMismatch);
    }
    // The second step, for whoever has enrolled one (one-click demo people included).
    if (user?.secondFactor) {
      const code = body.code?.trim();
      if (!code) {
        await notAGuess();
        return problem(request, reply, {
          status: 401,
          code: 'SECOND_FACTOR_REQUIRED',
          detail: said(REFUSED.enterCode),
          errors: [{ field: 'code', message: wordsCode(V.required) }],
        });
      }
      const good = await ctx.secondFactor.checkCodeOrRecovery(user.id, code);
      if (!good) return failed(REFUSED.wrongCode, 'code', FIELD.wrongCode, user);
    }
    if (!user || user.disabledAt !== null)
      return failed(REFUSED.noAccount, 'email', FIELD.notAccount);
    await notAGuess();

    const configured = (await environmentsOf(ctx)).find((e) => e.configured);
    const environment = configured?.id ?? ctx.environments[0]?.id ?? 'sandbox';
    // A new session at every sign-in; the one this browser had, if any, ends.
    await ctx.workspace.endSession(request.cookies[ctx.cookie.name]);
    // A browser this person has not signed in from is told of (not for one-click demo people).
    const { token, session } = await openSession(
      ctx,
      request,
      reply,
      user.id,
      environment,
      'demoUser' in body ? null : ctx.notifications.notices,
    );
    const mustEnrol = !user.secondFactor && (await ctx.secondFactor.requiredFor(user.roles));
    request.signedIn = { token, session, user, mustEnrol };
    await audit(
      request,
      {
        action: 'sign-in',
        outcome: 'ok',
        target: user.email,
        details: mustEnrol ? { restricted: 'must enrol an authenticator first' } : null,
      },
      user,
    );
    return sessionInfo(ctx, request);
  });

  route(app, E.signOut, async ({ request, reply }) => {
    const signedIn = await signedInOf(request);
    const token = request.cookies[ctx.cookie.name];
    // A session a SAML provider opened is ended there too, where it offers single logout.
    const providerLogout = signedIn ? await providerLogoutUrl(ctx, token) : undefined;
    await ctx.workspace.endSession(token);
    if (signedIn)
      await audit(
        request,
        {
          action: 'sign-out',
          outcome: 'ok',
          details: providerLogout ? { singleLogout: true } : null,
        },
        signedIn.user,
      );
    reply.clearCookie(ctx.cookie.name, ctx.cookie.options);
    request.signedIn = null;
    const info = await sessionInfo(ctx, request);
    return providerLogout && !info.signedIn ? { ...info, providerLogout } : info;
  });

  route(app, E.signOutEverywhere, async ({ request, reply }) => {
    const { user } = request.signedIn!;
    const ended = await ctx.workspace.endAllSessions(user.id);
    await audit(request, { action: 'sign-out everywhere', outcome: 'ok', details: { ended } });
    reply.clearCookie(ctx.cookie.name, ctx.cookie.options);
    request.signedIn = null;
    return sessionInfo(ctx, request);
  });

  route(app, E.switchEnvironment, async ({ request, reply, body }) => {
    const target = (await environmentsOf(ctx)).find((e) => e.id === body.environment);
    if (!target || !target.configured) {
      return invalidInput(request, reply, said(REFUSED.chooseEnvironment), [
        { field: 'environment', message: wordsCode(FIELD.environmentNotSet) },
      ]);
    }
    await ctx.workspace.setSessionEnvironment(request.signedIn!.token, target.id);
    request.signedIn = (await signedInOf(request)) ?? null;
    await audit(request, { action: 'switch environment', outcome: 'ok', target: target.id });
    return sessionInfo(ctx, request);
  });
};
