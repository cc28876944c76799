// Registers a handler for one of the dashboard server's endpoints declared in src/api: its path
// and method come from the declaration, its roles are checked (a refusal audited), its path
// parameters, query and body are parsed with the declared schemas (a 400 naming the fields, or
// a 404 for a path that names nothing), and its answer is parsed with the response schema
// before it leaves, so that nothing undeclared reaches the browser.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { EndpointDef } from '../api/endpoints';
import { parsed, problem, requireRole } from './context';

type Part<E, K extends 'params' | 'query' | 'body'> = E extends {
  [P in K]: infer S extends z.ZodType;
}
  ? z.output<S>
  : undefined;

export interface EndpointCall<E extends EndpointDef> {
  request: FastifyRequest;
  reply: FastifyReply;
  params: Part<E, 'params'>;
  query: Part<E, 'query'>;
  body: Part<E, 'body'>;
}

export function route<E extends EndpointDef>(
  app: FastifyInstance,
  definition: E,
  handler: (call: EndpointCall<E>) => Promise<z.input<E['response']> | FastifyReply>,
) {
  app.route({
    method: definition.method,
    url: definition.path.replace(/\{(\w+)\}/g, ':$1'),
    handler: async (request, reply) => {
      if (
        definition.roles &&
        !(await requireRole(request, reply, definition.roles, definition.audit ?? definition.id))
      )
        return reply;
      let params: unknown;
      if (definition.params) {
        const read = definition.params.safeParse(request.params);
        if (!read.success)
          return problem(request, reply, {
            status: 404,
            code: 'NOT_FOUND',
            detail: `There is nothing at ${request.method} ${request.url.split('?')[0]}.`,
          });
        params = read.data;
      }
      const query = definition.query
        ? parsed(definition.query, 'query', request, reply, 'Some of the query is not valid.')
        : undefined;
      if (definition.query && query === undefined) return reply;
      const body = definition.body
        ? parsed(definition.body, 'body', request, reply, 'Some of the fields are not valid.')
        : undefined;
      if (definition.body && body === undefined) return reply;
      const answer = await handler({ request, reply, params, query, body } as EndpointCall<E>);
      if (answer === reply || reply.sent) return reply;
      return definition.response.parse(answer);
    },
  });
}
