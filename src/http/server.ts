// What both servers share about HTTP below their routes: request ids, proxies to trust, time
// limits for slow senders, and problem bodies for every refusal the framework or Node makes
// itself (a bad URL, an unknown method, a malformed request, a timeout). docs/decisions/010.
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyHttpOptions,
} from 'fastify';
import Fastify, { LogController } from 'fastify';
import compress from '@fastify/compress';
import type { Server } from 'node:http';
import { logRequests } from './logging';
import {
  type ProblemFields,
  type ProblemReplyOptions,
  replyProblem,
  writeRawProblem,
} from './problem-reply';

export type TrustProxy = boolean | number | string;

export interface HttpServerConfig extends ProblemReplyOptions {
  logger?: boolean | object | undefined;
  bodyLimit: number;
  trustProxy?: TrustProxy | undefined;
  /** The whole request, headers and body, must arrive within this. */
  requestTimeoutMs?: number | undefined;
  /** The headers must arrive within this. */
  headersTimeoutMs?: number | undefined;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;

/** A hop count trusts that many proxies nearest to us, as proxy-addr counts them. */
function trustProxyOption(value: TrustProxy | undefined) {
  if (typeof value === 'number') return (_address: string, hop: number) => hop < value;
  return value ?? false;
}

/** Options for `Fastify(...)` that make every refusal below the routes a problem body. */
export function httpServerOptions(config: HttpServerConfig): FastifyHttpOptions<Server> {
  const requestTimeout = config.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const headersTimeout = Math.min(
    config.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS,
    requestTimeout,
  );
  return {
    logger: config.logger ?? false,
    // Requests are logged at debug by logRequests (./logging.ts), not at info by Fastify.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    bodyLimit: config.bodyLimit,
    // Long path parameters reach the handler, which answers 400 naming the parameter.
    routerOptions: { maxParamLength: 1000 },
    trustProxy: trustProxyOption(config.trustProxy),
    requestTimeout,
    // Node checks the time limits this often; its default (30 s) would let a slow sender linger.
    http: {
      headersTimeout,
      connectionsCheckingInterval: Math.max(100, Math.min(1000, headersTimeout / 4)),
    },
    frameworkErrors: (error, request, reply) => {
      const badUrl = error.code === 'FST_ERR_BAD_URL';
      return replyProblem(request, reply, config, {
        status: 400,
        code: 'VALIDATION_ERROR',
        detail: badUrl
          ? 'The path is not valid: it has a broken percent-encoding or bytes that are not URL characters.'
          : 'The request could not be routed.',
        errors: [{ field: 'path', message: badUrl ? 'is not a valid URL path' : error.message }],
      });
    },
    clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
        return writeRawProblem(socket, config, {
          status: 408,
          code: 'REQUEST_TIMEOUT',
          detail: 'The request did not arrive in time; send it again, faster.',
        });
      }
      if (error.code === 'HPE_HEADER_OVERFLOW') {
        return writeRawProblem(socket, config, {
          status: 431,
          code: 'HEADERS_TOO_LARGE',
          detail: 'The request headers are larger than this server accepts.',
        });
      }
      return writeRawProblem(socket, config, {
        status: 400,
        code: 'VALIDATION_ERROR',
        detail:
          error.code === 'HPE_INVALID_METHOD'
            ? 'The request method is not an HTTP method this server knows.'
            : 'The request is not well-formed HTTP/1.1 (request line, path or headers).',
      });
    },
  };
}

/** A Fastify path pattern (`/v1/business/:id`, `/api/v1/*`) as a test for concrete paths. */
function patternOf(url: string): RegExp {
  const source = url
    .split(/(:\w+|\*)/)
    .map((part) =>
      part === '*'
        ? '.*'
        : part.startsWith(':')
          ? '[^/]+'
          : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * Remembers every route's methods, so that a request with a method that the path does not take
 * answers 405 with `Allow` instead of 404. Call before any route is registered.
 */
export function trackAllowedMethods(app: FastifyInstance) {
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
    routes.push({ pattern: patternOf(route.url), methods });
  });
  return {
    /** The methods `path` takes, in a stable order; empty when no route has it. */
    allowed(path: string): string[] {
      const found = new Set<string>();
      for (const route of routes)
        if (route.pattern.test(path)) for (const m of route.methods) found.add(m);
      const order = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
      return [...found].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    },
  };
}

/** The 404 answer of a server: 405 with Allow when the path exists with other methods. */
export function notFoundOrNotAllowed(
  methods: ReturnType<typeof trackAllowedMethods>,
  config: ProblemReplyOptions,
  notFoundDetail: (method: string, path: string) => string,
) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0]!;
    const allowed = methods.allowed(path);
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      return replyProblem(request, reply, config, {
        status: 405,
        code: 'METHOD_NOT_ALLOWED',
        detail: `${path} takes ${allowed.join(', ')}, not ${request.method}.`,
        headers: { allow: allowed.join(', ') },
      });
    }
    return replyProblem(request, reply, config, {
      status: 404,
      code: 'NOT_FOUND',
      detail: notFoundDetail(request.method, path),
    });
  };
}

/** A body refused by the JSON parser itself, with the problem to answer (see frameworkProblem). */
export class BodyRefused extends Error {
  readonly statusCode = 400;
  constructor(readonly problem: ProblemFields) {
    super(problem.detail);
  }
}

/** Whether `text` is JSON to a parser that does not guard prototypes. */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The JSON body parser of both servers: an empty body is no body (operations without one are
 * often called with the header and nothing after it); a body nesting deeper than MAX_JSON_DEPTH
 * is refused before anything walks it; a key that could reach an object's prototype is refused,
 * naming it, not called invalid JSON.
 */
export function installJsonParser(app: FastifyInstance, bodyLimit: number) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit },
    (request, body, done) => {
      const text = body.toString();
      if (text.trim() === '') return done(null, undefined);
      if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
        return done(
          new BodyRefused({
            status: 400,
            code: 'VALIDATION_ERROR',
            detail: `The body nests deeper than ${MAX_JSON_DEPTH} levels.`,
            errors: [{ field: 'body', message: `nests deeper than ${MAX_JSON_DEPTH} levels` }],
          }),
        );
      }
      parseJson(request, text, (error, parsed) => {
        if (error && isJson(text))
          return done(
            new BodyRefused({
              status: 400,
              code: 'VALIDATION_ERROR',
              detail:
                'The body has a key named "__proto__" or "constructor" with "prototype" in it, which is refused: no field has such a name.',
              errors: [{ field: 'body', message: 'has a key named "__proto__" or "constructor"' }],
            }),
          );
        done(error, parsed);
      });
    },
  );
}

/** A byte count as people read a limit: "5 MB", "1 MB", "512 KB". */
export function bytesInWords(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

/** How much of a refused body is read (and thrown away) before the answer, at most. */
export const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;
const DRAIN_TIMEOUT_MS = 15_000;

/**
 * Reads what is left of a refused request's body and throws it away, so that the client, still
 * sending, sees the answer instead of a reset connection; bounded in bytes and time, after which
 * the connection is closed as before. Resolves once the body has ended or a bound is reached.
 */
export function drainRefusedBody(request: FastifyRequest): Promise<void> {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', finish);
      raw.off('error', finish);
      raw.off('close', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAIN_LIMIT_BYTES) finish();
    };
    const timer = setTimeout(finish, DRAIN_TIMEOUT_MS);
    raw.on('data', onData);
    raw.once('end', finish);
    raw.once('error', finish);
    raw.once('close', finish);
    raw.resume();
  });
}

/**
 * A framework error that reached an error handler, as problem fields; undefined for a 5xx.
 * `bodyLimit` is the route's (request.routeOptions.bodyLimit): the number a 413 names is the one
 * enforced.
 */
export function frameworkProblem(
  error: FastifyError,
  bodyLimit?: number,
): ProblemFields | undefined {
  if (error instanceof BodyRefused) return error.problem;
  const status = error.statusCode ?? 500;
  if (status === 413) {
    return {
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      detail: bodyLimit
        ? `The body is larger than this operation accepts: at most ${bytesInWords(bodyLimit)}.`
        : 'The body is larger than this operation accepts.',
      errors: [
        {
          field: 'body',
          message: bodyLimit ? `is larger than ${bytesInWords(bodyLimit)}` : 'is too large',
        },
      ],
    };
  }
  if (status === 415) {
    return {
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      detail: 'Send the body as JSON with the header Content-Type: application/json.',
    };
  }
  if (
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
  ) {
    return {
      status: 400,
      code: 'VALIDATION_ERROR',
      detail: 'The body is not valid JSON.',
      errors: [{ field: 'body', message: 'is not valid JSON' }],
    };
  }
  if (status >= 400 && status < 500) {
    return { status, code: 'VALIDATION_ERROR', detail: error.message };
  }
  return undefined;
}

/** Answers above this size are compressed when the client accepts it. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compression of what the routes send (pages, API answers), brotli or gzip as the client asks,
 * above COMPRESS_THRESHOLD_BYTES and for compressible types only. Registered before the routes;
 * an answer that already has a content-encoding (a precompressed asset) is left alone.
 */
/**
 * A server of ours, the dashboard's or the sandbox's alone: its options, its requests logged at
 * debug, its answers compressed. Each adds its body parser, its handlers and its routes.
 */
export async function createHttpApp(config: HttpServerConfig) {
  const app = Fastify(httpServerOptions(config));
  logRequests(app);
  await registerCompression(app);
  return app;
}

export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    // Clients send plain bodies; no hook on every request to look for compressed ones.
    globalDecompression: false,
  });
}

/** How deep a JSON body may nest: far more than any body of the contract needs. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text opens more than `max` arrays or objects inside one another, read without
 * recursion (brackets inside strings do not count). Invalid JSON is left to the parser.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

/**
 * The last part of both servers' error handlers: an error of the framework (a body too large, a
 * malformed one, a bad header) as its problem, reading what is left of a refused body first; any
 * other error logged and answered 500 with `unexpected`, the server's own words.
 */
export async function answerUnhandled(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  options: ProblemReplyOptions,
  unexpected: string,
) {
  const known = frameworkProblem(error, request.routeOptions.bodyLimit);
  if (known?.status === 413) await drainRefusedBody(request);
  if (known) return replyProblem(request, reply, options, known);
  request.log.error({ err: error }, 'unexpected error');
  return replyProblem(request, reply, options, {
    status: 500,
    code: 'INTERNAL_ERROR',
    detail: unexpected,
  });
}
