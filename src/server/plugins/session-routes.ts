// Signing in and out: `POST /api/session` checks the credentials against the environment
// itself and opens a session; `GET` says who is signed in (never the secret); `DELETE` ends it.
import type { FastifyPluginAsync } from 'fastify';
import type { SessionInfo } from '../../api/dashboard';
import { SignIn } from '../../api/dashboard';
import { fieldErrors } from '../../api/problem';
import type { Credentials } from '../../sandbox/domain/partners';
import { type DashboardContext, problem, sessionOf } from '../context';
import { failureLimiter } from '../security';
import type { Session } from '../sessions';
import { UpstreamError } from '../upstream';

export function sessionInfo(ctx: DashboardContext, session: Session | undefined): SessionInfo {
  return session
    ? {
        signedIn: true,
        environments: ctx.environments,
        environment: session.environment,
        demo: session.demo,
        apiKeyHint:
          session.apiKey.length > 10
            ? `${session.apiKey.slice(0, 11)}…${session.apiKey.slice(-4)}`
            : '…',
        baseUrl: ctx.upstreams.get(session.environment)!.baseUrl(),
        expiresAt: ctx.sessions.expiresAt(session),
      }
    : { signedIn: false, environments: ctx.environments };
}

export const sessionRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.dashboard;
  // Failed sign-ins, counted per client address and per account (environment and API key).
  const addressFailures = failureLimiter(10, 60_000, ctx.now);
  const accountFailures = failureLimiter(10, 60_000, ctx.now);

  app.get('/session', async (request) => sessionInfo(app.dashboard, sessionOf(request)));

  app.post('/session', async (request, reply) => {
    const tooMany = (wait: number) => {
      reply.header('retry-after', String(wait));
      return problem(request, reply, {
        status: 429,
        code: 'RATE_LIMITED',
        detail: `Too many failed sign-ins; try again in ${wait} s.`,
      });
    };
    const addressWait = addressFailures.retryAfter(request.ip);
    if (addressWait > 0) return tooMany(addressWait);
    const parsed = SignIn.safeParse(request.body);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error.issues, request.body, 'body');
      return problem(request, reply, {
        status: 400,
        code: 'VALIDATION_ERROR',
        detail: 'Choose an environment and give the API key and secret.',
        errors,
      });
    }
    const body = parsed.data;
    const upstream = ctx.upstreams.get(body.environment);
    if (!upstream) {
      return problem(request, reply, {
        status: 400,
        code: 'VALIDATION_ERROR',
        detail: `The ${body.environment} environment is not configured.`,
        errors: [{ field: 'environment', message: 'is not available on this server' }],
      });
    }
    let credentials: Credentials;
    if ('demo' in body) {
      if (!ctx.demo) {
        return problem(request, reply, {
          status: 400,
          code: 'VALIDATION_ERROR',
          detail: 'The demo partner exists only in the embedded sandbox.',
        });
      }
      credentials = ctx.demo;
    } else {
      credentials = { apiKey: body.apiKey, apiSecret: body.apiSecret };
    }
    const account = `${body.environment}\n${credentials.apiKey}`;
    const accountWait = accountFailures.retryAfter(account);
    if (accountWait > 0) return tooMany(accountWait);
    // The credentials are checked against the environment itself.
    let check;
    try {
      check = await upstream.send({
        method: 'GET',
        path: '/v1/currency/',
        headers: {
          accept: 'application/json',
          'x-api-key': credentials.apiKey,
          'x-api-secret': credentials.apiSecret,
        },
      });
    } catch (error) {
      const detail = error instanceof UpstreamError ? error.message : 'could not be reached';
      return problem(request, reply, {
        status: 502,
        code: 'UPSTREAM_UNAVAILABLE',
        detail: `The ${body.environment} API ${detail}.`,
      });
    }
    if (check.status === 401) {
      addressFailures.failed(request.ip);
      accountFailures.failed(account);
      return problem(request, reply, {
        status: 401,
        code: 'UNAUTHORIZED',
        detail: `The ${body.environment} API did not accept this API key and secret.`,
        errors: [{ field: 'apiSecret', message: 'does not match the API key' }],
      });
    }
    if (check.status !== 200) {
      return problem(request, reply, {
        status: 502,
        code: 'UPSTREAM_UNAVAILABLE',
        detail: `The ${body.environment} API answered ${check.status} to the credentials check.`,
      });
    }
    // A new id at every sign-in; the old session, if any, ends.
    ctx.sessions.destroy(request.cookies[ctx.cookie.name]);
    const { id, session } = ctx.sessions.create({
      environment: body.environment,
      apiKey: credentials.apiKey,
      apiSecret: credentials.apiSecret,
      demo: 'demo' in body,
    });
    reply.setCookie(ctx.cookie.name, id, ctx.cookie.options);
    return sessionInfo(app.dashboard, session);
  });

  app.delete('/session', async (request, reply) => {
    ctx.sessions.destroy(request.cookies[ctx.cookie.name]);
    reply.clearCookie(ctx.cookie.name, ctx.cookie.options);
    return { signedIn: false, environments: ctx.environments };
  });
};
