// Problem replies for both servers (the sandbox and the dashboard server): one way to answer an
// error, from a route, a hook, the framework, or a raw socket before any request object exists.
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { makeProblem } from '#/api/problem';
import type { FieldError } from '#/api/schemas/common';

export interface ProblemFields {
  status: number;
  code: string;
  detail: string;
  errors?: FieldError[] | undefined;
  /** Extra response headers, such as `allow` or `retry-after`. */
  headers?: Record<string, string>;
}

export interface ProblemReplyOptions {
  /** Where the codes are documented: `/sandbox/docs`, `/api/problems`. */
  typeBase: string;
}

export function replyProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  options: ProblemReplyOptions,
  fields: ProblemFields,
) {
  for (const [name, value] of Object.entries(fields.headers ?? {})) reply.header(name, value);
  return reply
    .code(fields.status)
    .header('x-request-id', String(request.id))
    .type('application/problem+json')
    .send(
      makeProblem({
        typeBase: options.typeBase,
        status: fields.status,
        code: fields.code,
        detail: fields.detail,
        errors: fields.errors,
        requestId: String(request.id),
      }),
    );
}

/**
 * A problem written straight to a socket whose request Node could not parse (malformed request
 * line, bad header, a body that took too long), then the connection is closed.
 */
export function writeRawProblem(
  socket: Socket,
  options: ProblemReplyOptions,
  fields: Omit<ProblemFields, 'errors' | 'headers'>,
) {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const requestId = randomUUID();
  const body = JSON.stringify(makeProblem({ ...fields, typeBase: options.typeBase, requestId }));
  const reason = fields.status === 408 ? 'Request Timeout' : 'Bad Request';
  socket.end(
    `HTTP/1.1 ${fields.status} ${reason}\r\n` +
      'Content-Type: application/problem+json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `x-request-id: ${requestId}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
