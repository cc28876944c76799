// Registers a handler for one of the dashboard server's endpoints declared in src/api
// (docs/decisions/027): its path and method come from the declaration; so does who may reach it
// (signed in, or also while enrolling an authenticator, or anyone) and who may call it (roles,
// a refusal audited); its path parameters, query and body are parsed with the declared schemas
// (a 400 naming the fields, or a 404 for a path that names nothing), and its answer is parsed
// with the response schema before it leaves, so that nothing undeclared reaches the browser.
import { said, wordsCode } from '#/i18n/words';
import { FIELD, REFUSED } from './refusal-words';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type EndpointDef, statusesOf } from '#/api/endpoints';
import { invalidWords } from './invalid-words';
import { invalidInput, languageOf, problem, readPart, requireRole, requireSignIn } from './request';
import { sayWithin } from './words';

type Part<E, K extends 'params' | 'query' | 'body'> = E extends {
  [P in K]: infer S extends z.ZodType;
}
  ? z.output<S>
  : K extends 'body'
    ? E extends { upload: object }
      ? Buffer
      : undefined
    : undefined;

export interface EndpointCall<E extends EndpointDef> {
  request: FastifyRequest;
  reply: FastifyReply;
  params: Part<E, 'params'>;
  query: Part<E, 'query'>;
  body: Part<E, 'body'>;
}

const HELD = Symbol('held');
/** What a handler answers when the call is held for a second person: sent as 202. */
export interface Held<T> {
  [HELD]: T;
}
export const held = <T>(value: T): Held<T> => ({ [HELD]: value });
const isHeld = (answer: unknown): answer is Held<unknown> =>
  typeof answer === 'object' && answer !== null && HELD in answer;

export function route<E extends EndpointDef>(
  app: FastifyInstance,
  definition: E,
  handler: (
    call: EndpointCall<E>,
  ) => Promise<
    | z.input<E['response']>
    | FastifyReply
    | (E extends { held: infer H extends z.ZodType } ? Held<z.input<H>> : never)
  >,
) {
  const access = definition.access ?? 'signed-in';
  // The problem's detail when the query or body is refused (the fields are named after it).
  const invalid = invalidWords(definition.id);
  const declared = statusesOf(definition);
  app.route({
    method: definition.method,
    url: definition.path.replace(/\{(\w+)\}/g, ':$1'),
    // Only what the contract declares leaves (decision 045): an undeclared status is logged, and
    // under the tests it fails the request, so the document cannot drift from the server.
    onSend: (request, reply, payload, done) => {
      if (declared.has(reply.statusCode)) return done(null, payload);
      request.log.error(
        { endpoint: definition.id, status: reply.statusCode },
        'an answer the contract does not declare',
      );
      if (process.env.VITEST)
        return done(
          new Error(`${definition.id} answered ${reply.statusCode}, which it does not declare`),
        );
      done(null, payload);
    },
    config: { beforeEnrolment: access === 'enrolling' },
    // An upload's limit is the route's, so that a 413 names the number enforced.
    ...(definition.upload ? { bodyLimit: definition.upload.maxBytes } : {}),
    ...(access === 'public' ? {} : { onRequest: requireSignIn }),
    handler: async (request, reply) => {
      if (
        definition.roles &&
        !(definition.standIn && (await standsIn(request))) &&
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
            detail: said(REFUSED.nothingHere, {
              method: request.method,
              path: request.url.split('?')[0] ?? '',
            }),
          });
        params = read.data;
      }
      let query: unknown;
      if (definition.query) {
        const read = readPart(definition.query, 'query', request, reply, invalid);
        if (!read) return reply;
        query = read.value;
      }
      let body: unknown;
      if (definition.upload) {
        // The file as sent: the route's plugin reads these types as bytes (others are refused).
        if (Buffer.isBuffer(request.body) && request.body.length === 0)
          return invalidInput(request, reply, said(REFUSED.fileEmpty), [
            { field: 'file', message: wordsCode(FIELD.isEmpty) },
          ]);
        if (!Buffer.isBuffer(request.body))
          return problem(request, reply, {
            status: 415,
            code: 'UNSUPPORTED_MEDIA_TYPE',
            detail: said(REFUSED.sendFile, { types: definition.upload.types.join(', ') }),
          });
        body = request.body;
      }
      if (definition.body) {
        const read = readPart(definition.body, 'body', request, reply, invalid);
        if (!read) return reply;
        body = read.value;
      }
      const answer = await handler({ request, reply, params, query, body } as EndpointCall<E>);
      if (answer === reply || reply.sent) return reply;
      if (definition.file)
        throw new Error(`${definition.id} answers a file: send it on the reply.`);
      if (definition.redirect)
        throw new Error(`${definition.id} sends the browser on: redirect the reply.`);
      if (isHeld(answer)) {
        if (!definition.held) throw new Error(`${definition.id} declares no held answer.`);
        void reply.code(202);
        return definition.held.parse(sayWithin(answer[HELD], languageOf(request)));
      }
      // Words the server said (a refusal's reason) are written in the person's language.
      return definition.response.parse(sayWithin(answer, languageOf(request)));
    },
  });
}

/** Whether the signed-in person stands in now for an approver away (docs/decisions/088). */
async function standsIn(request: FastifyRequest): Promise<boolean> {
  const user = request.signedIn?.user;
  if (!user) return false;
  const person = await request.server.dashboard.approvals.asDecider(user);
  return (person.standsInFor?.length ?? 0) > 0;
}
