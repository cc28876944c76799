// `/api/v1/*`: forwards to the session's environment with the partner's credentials added,
// confined to paths below `/v1/`; refuses without a session before reading the body.
import type { FastifyPluginAsync } from 'fastify';
import { hasBody, problem, sessionOf } from '../context';
import { UpstreamError } from '../upstream';

const PROXY_BODY_LIMIT = 11 * 1024 * 1024;

export const proxyRoutes: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: PROXY_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );
  // Refused before a byte of the body is read: no session, no work (CSRF is checked above).
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request, reply) => {
    const session = sessionOf(request);
    if (session) {
      request.session = session;
      return;
    }
    if (hasBody(request)) reply.header('connection', 'close');
    return problem(request, reply, {
      status: 401,
      code: 'UNAUTHORIZED',
      detail: 'Sign in again: the session has ended.',
    });
  });
  app.all('/v1/*', async (request, reply) => {
    const session = request.session!;
    // Everything after /api, kept raw: the upstream receives exactly this path below its base.
    const raw = request.url.slice('/api'.length);
    const [pathname = ''] = raw.split('?');
    if (
      !/^\/v1\/[A-Za-z0-9_\-/.()%]*$/.test(pathname) ||
      /(^|\/)\.\.?(\/|$)|%2e|%2f|%5c|\/\//i.test(pathname)
    ) {
      return problem(request, reply, {
        status: 400,
        code: 'VALIDATION_ERROR',
        detail: 'That path is not an API path.',
      });
    }
    const headers: Record<string, string> = {
      accept: String(request.headers.accept ?? 'application/json'),
      'x-api-key': session.apiKey,
      'x-api-secret': session.apiSecret,
    };
    for (const name of ['content-type', 'idempotency-key'] as const) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const upstream = app.dashboard.upstreams.get(session.environment)!;
    let response;
    try {
      response = await upstream.send({
        method: request.method,
        path: raw,
        headers,
        body: Buffer.isBuffer(request.body) ? request.body : undefined,
      });
    } catch (error) {
      if (error instanceof UpstreamError && error.kind === 'timeout') {
        return problem(request, reply, {
          status: 504,
          code: 'UPSTREAM_TIMEOUT',
          detail: `The API gave no answer within 15 s.`,
        });
      }
      return problem(request, reply, {
        status: 502,
        code: 'UPSTREAM_UNAVAILABLE',
        detail: 'The API could not be reached. Try again shortly.',
      });
    }
    // Credentials the API no longer accepts end the session.
    if (response.status === 401)
      app.dashboard.sessions.destroy(request.cookies[app.dashboard.cookie.name]);
    reply.code(response.status);
    for (const [name, value] of Object.entries(response.headers))
      if (value !== undefined) reply.header(name, value);
    return reply.send(response.body);
  });
};
