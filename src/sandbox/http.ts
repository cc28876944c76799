// The sandbox's HTTP conventions: input parsing with the contract's
// schemas, and route registration from the operation list.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { OperationDef } from '#/api/operations';
import type { FieldError } from '#/api/schemas/common';
import { fieldErrors } from '#/api/problem';
import { validationProblem } from './domain/errors';

export { validationProblem };
import { idempotent } from './idempotency';
import { applyFault, faultFor, type FaultBoard } from './faults';
import type { Store } from './store';

/** The sandbox's mount point, from the plugin's prefix ('' when it runs alone). */
export function mountPrefix(app: FastifyInstance): string {
  return app.prefix.replace(/\/+$/, '');
}

/** Where this sandbox is reached from the caller's side: its {base_url}, as configured. */
export function publicBaseUrl(request: FastifyRequest): string {
  return request.server.sandboxPublicUrl();
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface OperationInput<O extends OperationDef> {
  params: Parsed<O['params']>;
  query: Parsed<O['query']>;
  body: Parsed<O['body']>;
}

/** Parses a request's path, query and body with the operation's schemas, or throws one 400. */
export function parseInput<O extends OperationDef>(
  op: O,
  request: FastifyRequest,
): OperationInput<O> {
  const errors: FieldError[] = [];
  const parse = (schema: z.ZodType | undefined, data: unknown, whole: string) => {
    if (!schema) return undefined;
    const result = schema.safeParse(data);
    if (result.success) return result.data;
    errors.push(...fieldErrors(result.error.issues, data, whole));
    return undefined;
  };
  const params = parse(op.params, request.params, 'path');
  const query = parse(op.query, request.query, 'query');
  let body: unknown;
  if (op.body) {
    const raw = request.body;
    if (raw === undefined && !op.bodyOptional) {
      errors.push({ field: 'body', message: 'is required: send a JSON object' });
    } else if (
      raw !== undefined &&
      (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    ) {
      errors.push({ field: 'body', message: 'must be a JSON object' });
    } else {
      body = parse(op.body, raw ?? {}, 'body');
    }
  }
  if (errors.length > 0) throw validationProblem(errors);
  return { params, query, body } as OperationInput<O>;
}

export interface DirectRead {
  op: OperationDef;
  handler: Handler<OperationDef>;
  server: FastifyInstance;
}

/** Both spellings of a path: with and without the trailing slash. */
export function pathVariants(path: string): string[] {
  const fastifyPath = path.replace(/\{(\w+)\}/g, ':$1');
  const bare = fastifyPath.replace(/\/+$/, '');
  return bare === fastifyPath ? [bare, `${bare}/`] : [bare, fastifyPath];
}

export type Handler<O extends OperationDef> = (
  input: OperationInput<O>,
  request: FastifyRequest,
  reply: FastifyReply,
  /** What `prepare` resolved to, when the route has one. */
  prepared?: unknown,
) => unknown;

declare module 'fastify' {
  interface FastifyRequest {
    /** The operation the request was routed to, once its handler runs (for the request log). */
    operationId: string | null;
  }
  interface FastifyInstance {
    sandboxStore: Store;
    /** Chosen faults (./faults.ts), met before a handler runs. */
    sandboxFaults: FaultBoard;
    /** The reads registered with `route`: what the embedded sandbox answers directly. */
    sandboxDirectReads: DirectRead[];
    sandboxPublicUrl: () => string;
  }
}

export interface RouteOptions<O extends OperationDef> {
  /**
   * What must be awaited before the handler's synchronous write (a DNS look-up, a test delivery);
   * its result reaches the handler.
   */
  prepare?: (input: OperationInput<O>, request: FastifyRequest) => Promise<unknown>;
}

/**
 * Registers the handler of one operation at its path, with and without the trailing slash.
 * POSTs honour Idempotency-Key over the parsed path and body; their handlers are synchronous so
 * that the work and the key commit together.
 */
export function route<O extends OperationDef>(
  app: FastifyInstance,
  op: O,
  handler: Handler<O>,
  options: RouteOptions<O> = {},
) {
  const store = app.sandboxStore;
  // A read that answers JSON and needs nothing but its input: callable without HTTP (./direct.ts).
  if (op.method === 'GET' && typeof op.response !== 'string' && !options.prepare) {
    app.sandboxDirectReads.push({ op, handler: handler as Handler<OperationDef>, server: app });
  }
  for (const url of pathVariants(op.path)) {
    app.route({
      method: op.method,
      url,
      // Only lists can be long enough to be worth compressing; a record or a file never is.
      ...(op.query ? {} : { compress: false as const }),
      handler: async (request, reply) => {
        // `/v1/business/` reaches the route of `/v1/business/{id}` with an empty id: that is the
        // collection's path, which answers 405 with Allow for a method it does not take.
        if (Object.values(request.params as Record<string, string>).some((v) => v === ''))
          return reply.callNotFound();
        request.operationId = op.id;
        const fault = faultFor(app.sandboxFaults, request, op.id);
        if (fault) {
          await applyFault(fault, request, reply, op.id);
          if (reply.sent) return reply;
        }
        const input = parseInput(op, request);
        const prepare = options.prepare && (() => options.prepare!(input, request));
        let result: unknown;
        if (op.method === 'POST' && !op.multipart) {
          result = await idempotent(
            store,
            request,
            reply,
            [op.id, request.params, request.body],
            (prepared) => handler(input, request, reply, prepared),
            prepare,
          );
        } else {
          // Most reads answer at once: no wait for what is already there.
          result = handler(input, request, reply, prepare ? await prepare() : undefined);
          if (result instanceof Promise) result = await result;
        }
        return reply.sent ? reply : reply.send(result);
      },
    });
  }
}
