// One's own account (src/api/account.ts): the password, changed while signed in or set from an
// admin's reset link, and the authenticator app. Guesses of one's own password or codes are
// limited like sign-ins; a changed password ends the person's other sessions.
import { REFUSED, FIELD } from '../refusal-words';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { accountEndpoints as E, AuthenticatorProof } from '#/api/account';
import { REPLACE_NEEDS } from '../invalid-words';
import { audit, invalidInput, readPart, tooManyTries } from '../request';
import { route } from '../endpoint';
import { mailPasswordLink } from '../notifications/link-mail';
import { openSession } from '../notifications/new-browser';
import { signInFailures } from '../store/sign-in-failures';
import type { User } from '../store/workspace';
import { said, wordsCode, englishOfText } from '#/i18n/words';
import { toldStored } from '../words';

export const accountRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.dashboard;
  // Guesses of one's own password or codes while signed in: ten a minute per person.
  const secretGuesses = signInFailures(ctx.db, { max: 10, windowMs: 60_000, now: ctx.now });

  // A reset link asked for by the person, by email address (no session). The answer is the same
  // whether the address has an account or not; requests are limited per address and per client.
  const hour = { windowMs: 60 * 60_000, now: ctx.now };
  const resetsFrom = signInFailures(ctx.db, { max: 20, ...hour });
  const resetsFor = signInFailures(ctx.db, { max: 3, ...hour });
  route(app, E.requestPasswordReset, async ({ request, reply, body }) => {
    const email = body.email.toLowerCase();
    let attempt = await resetsFrom.attempt(`reset-from:${request.ip}`);
    if (!('wait' in attempt)) attempt = await resetsFor.attempt(`reset-for:${email}`);
    if ('wait' in attempt) {
      await audit(request, {
        action: 'request password reset',
        outcome: 'refused',
        target: email,
        details: { reason: 'rate limited' },
      });
      return tooManyTries(request, reply, attempt.wait, REFUSED.tooManyResets);
    }
    const user = await ctx.workspace.userByEmail(email);
    if (user && user.disabledAt === null)
      await mailPasswordLink(ctx, user, { kind: 'password reset', ip: request.ip });
    await audit(
      request,
      {
        action: 'request password reset',
        outcome: user && user.disabledAt === null ? 'ok' : 'refused',
        target: email,
        details: user
          ? user.disabledAt === null
            ? null
            : { reason: 'deactivated' }
          : { reason: 'no such account' },
      },
      user,
    );
    return { requested: true as const };
  });

  // A reset link's new password: no session needed, the token is the proof (once, 24 hours).
  route(app, E.resetPassword, async ({ request, reply, body }) => {
    const user = await ctx.workspace.useReset(body.token, body.password);
    if (!user) {
      await audit(request, { action: 'reset password', outcome: 'refused' });
      return invalidInput(request, reply, said(REFUSED.resetLinkDead), [
        { field: 'token', message: wordsCode(FIELD.linkExpired) },
      ]);
    }
    await audit(request, { action: 'reset password', outcome: 'ok', target: user.email }, user);
    // The link proved the mailbox: a person without an authenticator is signed in at once (one
    // with an authenticator signs in with it, so the link never skips the second step).
    if (user.secondFactor) return { reset: true as const, signedIn: false };
    const environment = ctx.environments[0]?.id ?? 'sandbox';
    await openSession(ctx, request, reply, user.id, environment, ctx.notifications.notices);
    await audit(
      request,
      { action: 'sign-in', outcome: 'ok', target: user.email, details: { by: 'reset link' } },
      user,
    );
    return { reset: true as const, signedIn: true };
  });

  /** One's absence, whom one may name, and for whom one stands in (088). */
  async function awayInfo(userId: string) {
    const [away, people, all] = await Promise.all([
      ctx.absences.of(userId),
      ctx.workspace.listUsers(),
      ctx.absences.current(),
    ]);
    const nameOf = (id: string) => people.find((p) => p.id === id)?.name ?? 'someone';
    return {
      away: away ? { ...away, delegateName: nameOf(away.delegateId) } : null,
      choices: people
        .filter((p) => p.id !== userId && p.disabledAt === null)
        .map((p) => ({ id: p.id, name: p.name })),
      standingInFor: all
        .filter((a) => a.delegateId === userId)
        .map((a) => ({ name: a.name, from: a.from, until: a.until })),
    };
  }

  route(app, E.getAway, async ({ request }) => awayInfo(request.signedIn!.user.id));

  route(app, E.setAway, async ({ request, reply, body }) => {
    const { user } = request.signedIn!;
    const problem = await ctx.absences.set(user.id, body);
    if (problem) {
      await audit(request, {
        action: E.setAway.audit,
        outcome: 'refused',
        details: { ...body, reason: englishOfText(problem.message) },
      });
      return invalidInput(
        request,
        reply,
        said(REFUSED.awayRefused, { problem: toldStored(problem.message) }),
        [problem],
      );
    }
    await audit(request, {
      action: E.setAway.audit,
      outcome: 'ok',
      target: body.delegateId,
      details: body,
    });
    return awayInfo(user.id);
  });

  route(app, E.clearAway, async ({ request }) => {
    const { user } = request.signedIn!;
    const cleared = await ctx.absences.clear(user.id);
    await audit(request, { action: E.clearAway.audit, outcome: 'ok', details: { cleared } });
    return awayInfo(user.id);
  });

  route(app, E.setFormats, async ({ request, body }) => {
    await ctx.workspace.setFormats(request.signedIn!.user.id, body);
    await audit(request, { action: 'change formats', outcome: 'ok', details: body });
    return body;
  });

  route(app, E.setLanguage, async ({ request, body }) => {
    await ctx.workspace.setLanguage(request.signedIn!.user.id, body.language);
    await audit(request, { action: E.setLanguage.audit, outcome: 'ok', details: body });
    return body;
  });

  route(app, E.changePassword, async ({ request, reply, body }) => {
    const { user, token } = request.signedIn!;
    if (await refusedSecrets(request, reply, user, { password: body.current })) return reply;
    await ctx.workspace.setPassword(user.id, body.next);
    // Whoever knew the old password is signed out everywhere else.
    const ended = await ctx.workspace.endOtherSessions(user.id, token);
    await audit(request, { action: 'change password', outcome: 'ok', details: { ended } });
    return { changed: true as const };
  });

  /**
   * The person's password (and their authenticator's code, when they have one), guessed at most
   * ten times a minute: false when right, true once the refusal is sent. (A boolean: a reply is
   * thenable, so an async function cannot hand one back as a value.)
   */
  async function refusedSecrets(
    request: FastifyRequest,
    reply: FastifyReply,
    user: User,
    given: { password: string; code?: string | undefined },
  ) {
    const action = given.code === undefined ? 'change password' : 'replace authenticator';
    const attempt = await secretGuesses.attempt(`secret:${user.id}`);
    if ('wait' in attempt) {
      await audit(request, { action, outcome: 'refused', details: { reason: 'rate limited' } });
      await tooManyTries(request, reply, attempt.wait, REFUSED.tooManyTries);
      return true;
    }
    const errors = [];
    if (!(await ctx.workspace.checkPassword(user.email, given.password)))
      errors.push({
        field: given.code === undefined ? 'current' : 'password',
        message: wordsCode(FIELD.notRight),
      });
    else if (given.code !== undefined) {
      const code = given.code.trim();
      const good = await ctx.secondFactor.checkCodeOrRecovery(user.id, code);
      if (!good) errors.push({ field: 'code', message: wordsCode(FIELD.codeUsed) });
    }
    if (errors.length === 0) {
      await secretGuesses.succeeded(attempt.ticket);
      return false;
    }
    await audit(request, {
      action,
      outcome: 'refused',
      details: { fields: errors.map((e) => e.field) },
    });
    await invalidInput(
      request,
      reply,
      said(errors[0]!.field === 'code' ? REFUSED.codeWrong : REFUSED.passwordWrong),
      errors,
    );
    return true;
  }

  // A first authenticator needs the session; replacing one needs the password and a code of the
  // one it replaces: a session alone never removes the second step.
  route(app, E.beginAuthenticator, async ({ request, reply }) => {
    const { user } = request.signedIn!;
    if (user.secondFactor) {
      const proof = readPart(AuthenticatorProof, 'body', request, reply, said(REPLACE_NEEDS));
      if (!proof) return reply;
      if (await refusedSecrets(request, reply, user, proof.value)) return reply;
      await audit(request, { action: 'replace authenticator', outcome: 'ok' });
    }
    return ctx.secondFactor.beginEnrolment(user.id, user.email);
  });

  route(app, E.confirmAuthenticator, async ({ request, reply, body }) => {
    const { user } = request.signedIn!;
    const attempt = await secretGuesses.attempt(`enrol:${user.id}`);
    if ('wait' in attempt) return tooManyTries(request, reply, attempt.wait, REFUSED.tooManyCodes);
    const codes = await ctx.secondFactor.confirmEnrolment(user.id, body.code);
    if (!codes) {
      return invalidInput(request, reply, said(REFUSED.codeMismatch), [
        { field: 'code', message: wordsCode(FIELD.noMatch) },
      ]);
    }
    await secretGuesses.succeeded(attempt.ticket);
    await audit(request, { action: 'enrol authenticator', outcome: 'ok' });
    return { recoveryCodes: codes };
  });
};
