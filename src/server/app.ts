// The dashboard server: signs partner staff in to server-side sessions, forwards /api/v1/* to the
// session's environment with the credentials added, serves the SPA, and embeds the sandbox at
// /sandbox unless SANDBOX_API_BASE_URL points elsewhere.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { type Environment, type EnvironmentInfo, SessionInfo, SignIn } from '../api/dashboard';
import { makeProblem } from '../api/problem';
import type { FieldError } from '../api/schemas/common';
import { JSON_BODY_LIMIT, sandboxPlugin, type SandboxHandles } from '../sandbox/app';
import type { SandboxSettings } from '../sandbox/domain/context';
import type { Credentials } from '../sandbox/domain/partners';
import { fieldErrors } from '../sandbox/http';
import type { Store } from '../sandbox/store';
import {
  applySecurityHeaders,
  contentSecurityPolicy,
  csrfRefusal,
  newNonce,
  ownOrigin,
  signInLimiter,
} from './security';
import { createSessionStore, type Session } from './sessions';
import { embeddedUpstream, httpUpstream, type Upstream, UpstreamError } from './upstream';

export const SANDBOX_PREFIX = '/sandbox';
const PROXY_BODY_LIMIT = 11 * 1024 * 1024;

export interface EmbeddedSandbox {
  store: Store;
  settings: SandboxSettings;
  rateLimit: number;
  demo: Credentials;
  expose?: (handles: SandboxHandles) => void;
}

export interface DashboardOptions {
  distDir: string;
  /** The sandbox inside this server; absent when SANDBOX_API_BASE_URL is set. */
  embedded?: EmbeddedSandbox | undefined;
  sandboxBaseUrl?: string | undefined;
  liveBaseUrl?: string | undefined;
  /** Served over https: the cookie becomes `__Host-` prefixed and Secure. */
  secureCookies?: boolean;
  logger?: boolean | object;
  upstreamTimeoutMs?: number;
  /** The sessions' clock (tests move it forward). */
  now?: () => number;
}

/** Log redaction: credentials, cookies and the sign-in body never reach the logs. */
export const REDACT = [
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["x-api-secret"]',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'apiKey',
  'apiSecret',
];

export async function buildDashboardServer(options: DashboardOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: () => randomUUID(),
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { maxParamLength: 1000 },
  });
  const cookieName = options.secureCookies ? '__Host-session' : 'session';
  const sessions = createSessionStore(options.now);
  const limiter = signInLimiter(10, 60_000, options.now);
  app.addHook('onClose', async () => sessions.close());
  await app.register(cookie);

  app.addHook('onSend', async (_request, reply, payload) => {
    applySecurityHeaders(reply);
    return payload;
  });

  // Environments and how to reach each.
  const upstreams = new Map<Environment, Upstream>();
  if (options.embedded && !options.sandboxBaseUrl) {
    const { store, settings, rateLimit, expose } = options.embedded;
    await app.register(sandboxPlugin, {
      prefix: SANDBOX_PREFIX,
      store,
      settings,
      rateLimit,
      ...(expose ? { expose } : {}),
    });
    upstreams.set('sandbox', embeddedUpstream(app, SANDBOX_PREFIX));
  } else if (options.sandboxBaseUrl) {
    upstreams.set('sandbox', httpUpstream(options.sandboxBaseUrl, options.upstreamTimeoutMs));
  }
  if (options.liveBaseUrl)
    upstreams.set('live', httpUpstream(options.liveBaseUrl, options.upstreamTimeoutMs));
  const demo = options.embedded && !options.sandboxBaseUrl ? options.embedded.demo : undefined;
  const environments: EnvironmentInfo[] = [...upstreams.keys()].map((id) => ({
    id,
    label: id === 'sandbox' ? 'Sandbox' : 'Live',
    demo: id === 'sandbox' && demo !== undefined,
  }));

  const problem = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    code: string,
    detail: string,
    errors?: FieldError[],
  ) =>
    reply
      .code(status)
      .type('application/problem+json')
      .send(
        makeProblem({
          typeBase: '/api/problems',
          status,
          code,
          detail,
          errors,
          requestId: String(request.id),
        }),
      );

  const sessionOf = (
    request: FastifyRequest,
  ): { id: string | undefined; session: Session | undefined } => {
    const id = request.cookies[cookieName];
    return { id, session: sessions.touch(id) };
  };

  const sessionInfo = (session: Session | undefined, request: FastifyRequest): SessionInfo =>
    session
      ? {
          signedIn: true,
          environments,
          environment: session.environment,
          demo: session.demo,
          apiKeyHint:
            session.apiKey.length > 10
              ? `${session.apiKey.slice(0, 11)}…${session.apiKey.slice(-4)}`
              : '…',
          baseUrl: upstreams.get(session.environment)!.baseUrl(ownOrigin(request)),
          expiresAt: sessions.expiresAt(session),
        }
      : { signedIn: false, environments };

  await app.register(
    async (api) => {
      api.addHook('onRequest', async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const refusal = csrfRefusal(request);
        if (refusal) return problem(request, reply, 403, 'CSRF_REJECTED', refusal);
      });
      api.setErrorHandler(
        (error: { statusCode?: number; code?: string; message: string }, request, reply) => {
          const status = error.statusCode ?? 500;
          if (status === 413)
            return problem(request, reply, 413, 'PAYLOAD_TOO_LARGE', 'The body is too large.');
          if (status >= 400 && status < 500)
            return problem(request, reply, 400, 'VALIDATION_ERROR', error.message);
          request.log.error({ err: error }, 'unexpected error');
          return problem(
            request,
            reply,
            500,
            'INTERNAL_ERROR',
            'Something went wrong in the dashboard server.',
          );
        },
      );
      api.setNotFoundHandler((request, reply) =>
        problem(
          request,
          reply,
          404,
          'NOT_FOUND',
          `There is nothing at ${request.method} ${request.url.split('?')[0]}.`,
        ),
      );

      api.get('/session', async (request) => sessionInfo(sessionOf(request).session, request));

      api.post('/session', async (request, reply) => {
        const wait = limiter.retryAfter(request.ip);
        if (wait > 0) {
          reply.header('retry-after', String(wait));
          return problem(
            request,
            reply,
            429,
            'RATE_LIMITED',
            `Too many failed sign-ins; try again in ${wait} s.`,
          );
        }
        const parsed = SignIn.safeParse(request.body);
        if (!parsed.success) {
          const errors = fieldErrors(parsed.error.issues, request.body, 'body');
          return problem(
            request,
            reply,
            400,
            'VALIDATION_ERROR',
            'Choose an environment and give the API key and secret.',
            errors,
          );
        }
        const body = parsed.data;
        const upstream = upstreams.get(body.environment);
        if (!upstream) {
          return problem(
            request,
            reply,
            400,
            'VALIDATION_ERROR',
            `The ${body.environment} environment is not configured.`,
            [{ field: 'environment', message: 'is not available on this server' }],
          );
        }
        let credentials: Credentials;
        if ('demo' in body) {
          if (!demo) {
            return problem(
              request,
              reply,
              400,
              'VALIDATION_ERROR',
              'The demo partner exists only in the embedded sandbox.',
            );
          }
          credentials = demo;
        } else {
          credentials = { apiKey: body.apiKey, apiSecret: body.apiSecret };
        }
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
            origin: ownOrigin(request),
          });
        } catch (error) {
          const detail = error instanceof UpstreamError ? error.message : 'could not be reached';
          return problem(
            request,
            reply,
            502,
            'UPSTREAM_UNAVAILABLE',
            `The ${body.environment} API ${detail}.`,
          );
        }
        if (check.status === 401) {
          limiter.failed(request.ip);
          return problem(
            request,
            reply,
            401,
            'UNAUTHORIZED',
            `The ${body.environment} API did not accept this API key and secret.`,
            [{ field: 'apiSecret', message: 'does not match the API key' }],
          );
        }
        if (check.status !== 200) {
          return problem(
            request,
            reply,
            502,
            'UPSTREAM_UNAVAILABLE',
            `The ${body.environment} API answered ${check.status} to the credentials check.`,
          );
        }
        limiter.succeeded(request.ip);
        // A new id at every sign-in; the old session, if any, ends.
        sessions.destroy(request.cookies[cookieName]);
        const { id, session } = sessions.create({
          environment: body.environment,
          apiKey: credentials.apiKey,
          apiSecret: credentials.apiSecret,
          demo: 'demo' in body,
        });
        reply.setCookie(cookieName, id, {
          httpOnly: true,
          sameSite: 'strict',
          path: '/',
          secure: Boolean(options.secureCookies),
        });
        return sessionInfo(session, request);
      });

      api.delete('/session', async (request, reply) => {
        sessions.destroy(request.cookies[cookieName]);
        reply.clearCookie(cookieName, {
          path: '/',
          httpOnly: true,
          sameSite: 'strict',
          secure: Boolean(options.secureCookies),
        });
        return { signedIn: false, environments };
      });

      await api.register(async (proxy) => {
        proxy.removeAllContentTypeParsers();
        proxy.addContentTypeParser(
          '*',
          { parseAs: 'buffer', bodyLimit: PROXY_BODY_LIMIT },
          (_req, body, done) => done(null, body),
        );
        proxy.all('/v1/*', async (request, reply) => {
          const { id, session } = sessionOf(request);
          if (!session) {
            return problem(
              request,
              reply,
              401,
              'UNAUTHORIZED',
              'Sign in again: the session has ended.',
            );
          }
          // Everything after /api, kept raw: the upstream receives exactly this path below its base.
          const raw = request.url.slice('/api'.length);
          const [pathname = ''] = raw.split('?');
          if (
            !/^\/v1\/[A-Za-z0-9_\-/.()%]*$/.test(pathname) ||
            /(^|\/)\.\.?(\/|$)|%2e|%2f|%5c|\/\//i.test(pathname)
          ) {
            return problem(
              request,
              reply,
              400,
              'VALIDATION_ERROR',
              'That path is not an API path.',
            );
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
          const upstream = upstreams.get(session.environment)!;
          let response;
          try {
            response = await upstream.send({
              method: request.method,
              path: raw,
              headers,
              body: Buffer.isBuffer(request.body) ? request.body : undefined,
              origin: ownOrigin(request),
            });
          } catch (error) {
            if (error instanceof UpstreamError && error.kind === 'timeout') {
              return problem(
                request,
                reply,
                504,
                'UPSTREAM_TIMEOUT',
                `The API gave no answer within 15 s.`,
              );
            }
            return problem(
              request,
              reply,
              502,
              'UPSTREAM_UNAVAILABLE',
              'The API could not be reached. Try again shortly.',
            );
          }
          // Credentials the API no longer accepts end the session.
          if (response.status === 401) sessions.destroy(id);
          reply.code(response.status);
          for (const [name, value] of Object.entries(response.headers))
            if (value !== undefined) reply.header(name, value);
          return reply.send(response.body);
        });
      });
    },
    { prefix: '/api' },
  );

  registerSpa(app, options.distDir);
  return { app, sessions };
}

/** The built SPA: hashed assets with long caching, and index.html for every other page. */
function registerSpa(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  let template: string | undefined;
  const readTemplate = () => {
    if (template === undefined && fs.existsSync(indexFile))
      template = fs.readFileSync(indexFile, 'utf8');
    return template;
  };
  if (fs.existsSync(distDir)) {
    void app.register(fastifyStatic, {
      root: path.resolve(distDir),
      index: false,
      wildcard: false,
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  const sendIndex = (_request: FastifyRequest, reply: FastifyReply) => {
    const html = readTemplate();
    if (!html) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The dashboard is not built yet: run npm run build.');
    }
    const nonce = newNonce();
    return reply
      .header('content-security-policy', contentSecurityPolicy(nonce))
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html.replaceAll('__CSP_NONCE__', nonce));
  };
  // The SPA's own /sandbox page; the sandbox API lives below it (/sandbox/v1, /sandbox/docs).
  app.get(SANDBOX_PREFIX, sendIndex);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    const mine = url === '/api' || url.startsWith('/api/') || url.startsWith(`${SANDBOX_PREFIX}/`);
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      !mine &&
      !url.startsWith('/assets/')
    ) {
      return sendIndex(request, reply);
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
