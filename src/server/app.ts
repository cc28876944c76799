// The dashboard server: signs partner staff in to server-side sessions, forwards /api/v1/* to the
// session's environment with the credentials added, serves the SPA, and embeds the sandbox at
// /sandbox unless SANDBOX_API_BASE_URL points elsewhere.
import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { type Environment, type EnvironmentInfo, SessionInfo, SignIn } from '../api/dashboard';
import type { FieldError } from '../api/schemas/common';
import { type ProblemReplyOptions, replyProblem } from '../http/problem-reply';
import {
  frameworkProblem,
  httpServerOptions,
  notFoundOrNotAllowed,
  trackAllowedMethods,
  type TrustProxy,
} from '../http/server';
import { JSON_BODY_LIMIT, sandboxPlugin, type SandboxHandles } from '../sandbox/app';
import type { SandboxSettings } from '../sandbox/domain/context';
import type { Credentials } from '../sandbox/domain/partners';
import { fieldErrors } from '../sandbox/http';
import type { Store } from '../sandbox/store';
import {
  applySecurityHeaders,
  contentSecurityPolicy,
  csrfRefusal,
  failureLimiter,
  newNonce,
  publicAddress,
} from './security';
import { createSessionStore, type Session } from './sessions';
import { embeddedUpstream, httpUpstream, type Upstream, UpstreamError } from './upstream';

export const SANDBOX_PREFIX = '/sandbox';
const PROBLEM_TYPE_BASE = '/api/problems';
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
  /**
   * PUBLIC_URL: where people reach the dashboard. Every absolute URL, the CSRF origin check and the
   * cookie's flags (https: `__Host-` prefixed and Secure) come from it, never from `Host`.
   */
  publicUrl?: string | undefined;
  /** TRUST_PROXY: whose X-Forwarded-For and X-Forwarded-Proto to believe. */
  trustProxy?: TrustProxy | undefined;
  requestTimeoutMs?: number | undefined;
  headersTimeoutMs?: number | undefined;
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
  const problems = { typeBase: PROBLEM_TYPE_BASE };
  const app = Fastify(
    httpServerOptions({
      ...problems,
      logger: options.logger,
      bodyLimit: JSON_BODY_LIMIT,
      trustProxy: options.trustProxy,
      requestTimeoutMs: options.requestTimeoutMs,
      headersTimeoutMs: options.headersTimeoutMs,
    }),
  );
  const methods = trackAllowedMethods(app);
  const address = publicAddress(options.publicUrl, () => {
    const listening = app.server.address();
    return typeof listening === 'object' && listening ? { port: listening.port } : undefined;
  });
  const cookieName = address.secure ? '__Host-session' : 'session';
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: address.secure,
  } as const;
  const sessions = createSessionStore(options.now);
  // Failed sign-ins, counted per client address and per account (environment and API key).
  const addressFailures = failureLimiter(10, 60_000, options.now);
  const accountFailures = failureLimiter(10, 60_000, options.now);
  app.addHook('onClose', async () => sessions.close());
  await app.register(cookie);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
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
      publicUrl: () => `${address.origin()}${SANDBOX_PREFIX}`,
      ...(expose ? { expose } : {}),
    });
    upstreams.set(
      'sandbox',
      embeddedUpstream(app, SANDBOX_PREFIX, () => `${address.origin()}${SANDBOX_PREFIX}`),
    );
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
  ) => replyProblem(request, reply, problems, { status, code, detail, errors });

  const sessionOf = (
    request: FastifyRequest,
  ): { id: string | undefined; session: Session | undefined } => {
    const id = request.cookies[cookieName];
    return { id, session: sessions.touch(id) };
  };

  const sessionInfo = (session: Session | undefined): SessionInfo =>
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
          baseUrl: upstreams.get(session.environment)!.baseUrl(),
          expiresAt: sessions.expiresAt(session),
        }
      : { signedIn: false, environments };

  await app.register(
    async (api) => {
      api.addHook('onRequest', async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const refusal = csrfRefusal(request, address);
        if (refusal) {
          if (hasBody(request)) reply.header('connection', 'close');
          return problem(request, reply, 403, 'CSRF_REJECTED', refusal);
        }
      });
      api.setErrorHandler((error: FastifyError, request, reply) => {
        const known = frameworkProblem(error);
        if (known) return replyProblem(request, reply, problems, known);
        request.log.error({ err: error }, 'unexpected error');
        return problem(
          request,
          reply,
          500,
          'INTERNAL_ERROR',
          'Something went wrong in the dashboard server.',
        );
      });
      api.setNotFoundHandler(
        notFoundOrNotAllowed(
          methods,
          problems,
          (method, path) => `There is nothing at ${method} ${path}.`,
        ),
      );

      api.get('/session', async (request) => sessionInfo(sessionOf(request).session));

      api.post('/session', async (request, reply) => {
        const tooMany = (wait: number) => {
          reply.header('retry-after', String(wait));
          return problem(
            request,
            reply,
            429,
            'RATE_LIMITED',
            `Too many failed sign-ins; try again in ${wait} s.`,
          );
        };
        const addressWait = addressFailures.retryAfter(request.ip);
        if (addressWait > 0) return tooMany(addressWait);
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
          return problem(
            request,
            reply,
            502,
            'UPSTREAM_UNAVAILABLE',
            `The ${body.environment} API ${detail}.`,
          );
        }
        if (check.status === 401) {
          addressFailures.failed(request.ip);
          accountFailures.failed(account);
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
        // A new id at every sign-in; the old session, if any, ends.
        sessions.destroy(request.cookies[cookieName]);
        const { id, session } = sessions.create({
          environment: body.environment,
          apiKey: credentials.apiKey,
          apiSecret: credentials.apiSecret,
          demo: 'demo' in body,
        });
        reply.setCookie(cookieName, id, cookieOptions);
        return sessionInfo(session);
      });

      api.delete('/session', async (request, reply) => {
        sessions.destroy(request.cookies[cookieName]);
        reply.clearCookie(cookieName, cookieOptions);
        return { signedIn: false, environments };
      });

      await api.register(async (proxy) => {
        proxy.removeAllContentTypeParsers();
        proxy.addContentTypeParser(
          '*',
          { parseAs: 'buffer', bodyLimit: PROXY_BODY_LIMIT },
          (_req, body, done) => done(null, body),
        );
        // Refused before a byte of the body is read: no session, no work (CSRF is checked above).
        proxy.decorateRequest('session', null);
        proxy.addHook('onRequest', async (request, reply) => {
          const { session } = sessionOf(request);
          if (session) {
            request.session = session;
            return;
          }
          if (hasBody(request)) reply.header('connection', 'close');
          return problem(
            request,
            reply,
            401,
            'UNAUTHORIZED',
            'Sign in again: the session has ended.',
          );
        });
        proxy.all('/v1/*', async (request, reply) => {
          const session = request.session!;
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
          if (response.status === 401) sessions.destroy(request.cookies[cookieName]);
          reply.code(response.status);
          for (const [name, value] of Object.entries(response.headers))
            if (value !== undefined) reply.header(name, value);
          return reply.send(response.body);
        });
      });
    },
    { prefix: '/api' },
  );

  registerSpa(app, options.distDir, problems);
  return { app, sessions };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session of a proxied call (set before its body is read). */
    session: Session | null;
  }
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
  );
}

/** The built SPA: hashed assets with long caching, and index.html for every other page. */
function registerSpa(app: FastifyInstance, distDir: string, problems: ProblemReplyOptions) {
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
    const page = !mine && !url.startsWith('/assets/');
    if (page && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendIndex(request, reply);
    }
    if (page) {
      return replyProblem(request, reply, problems, {
        status: 405,
        code: 'METHOD_NOT_ALLOWED',
        detail: `Pages of the dashboard take GET and HEAD, not ${request.method}.`,
        headers: { allow: 'GET, HEAD' },
      });
    }
    return replyProblem(request, reply, problems, {
      status: 404,
      code: 'NOT_FOUND',
      detail: `There is nothing at ${request.method} ${url}.`,
    });
  });
}
