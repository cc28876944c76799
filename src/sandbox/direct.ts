// The embedded sandbox's reads, answered without simulating HTTP: the dashboard server calls the
// sandbox in its own process, and for a GET that answers JSON the whole simulated request and
// response (light-my-request) costs several times the read itself (docs/decisions/021). The
// same steps as over HTTP, in the same order, with the same functions: the access check
// (credentials, then the rate limit), the operation's input schemas, its handler, and a problem
// body for a refusal. Anything else (a write, a file, an unexpected error) is left to `inject`.
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { makeProblem } from '#/api/problem';
import { DomainError } from './domain/errors';
import { type DirectRead, parseInput } from './http';
import { DASHBOARD_BACKGROUND } from '#/api/schemas/platform';
import type { FaultBoard } from './faults';
import { entryOf, type NewLoggedRequest } from './request-log';

export interface DirectAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Answers a read, or undefined when it is not one to answer directly. */
export type DirectReader = (
  pathAndQuery: string,
  headers: Record<string, string>,
) => Promise<DirectAnswer | undefined>;

export function directReader(
  reads: readonly DirectRead[],
  access: (request: FastifyRequest, reply: FastifyReply) => void,
  typeBase: string,
  /** Keeps each answered read in the request log, as over HTTP. */
  record: (entry: NewLoggedRequest) => void = () => {},
  now: () => number = Date.now,
  faults?: FaultBoard,
): DirectReader {
  const compiled = reads.map((read) => ({
    ...read,
    pattern: new RegExp(
      `^${read.op.path.replace(/\/+$/, '').replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}/?$`,
    ),
  }));
  return async (pathAndQuery, headers) => {
    const [pathname = '', search = ''] = pathAndQuery.split('?', 2);
    const read = compiled.find((r) => r.pattern.test(pathname));
    if (!read) return undefined;
    const query: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(search)) {
      // A repeated parameter reads as a list over HTTP: left to it.
      if (key in query) return undefined;
      query[key] = value;
    }
    const params: Record<string, string> = {};
    try {
      for (const [key, value] of Object.entries(read.pattern.exec(pathname)?.groups ?? {}))
        params[key] = decodeURIComponent(value);
    } catch {
      return undefined;
    }
    const requestId = randomUUID();
    const answerHeaders: Record<string, string> = { 'x-request-id': requestId };
    const started = performance.now();
    const request = {
      id: requestId,
      method: 'GET',
      url: pathAndQuery,
      headers,
      params,
      query,
      body: undefined,
      partner: null,
      operationId: read.op.id,
      server: read.server,
    } as unknown as FastifyRequest;
    const reply = {
      header(name: string, value: string) {
        answerHeaders[name.toLowerCase()] = value;
        return reply;
      },
    } as unknown as FastifyReply;
    const logged = (answer: { status: number; headers: Record<string, string>; body: string }) => {
      const entry = entryOf(
        request,
        answer.status,
        answer.body,
        performance.now() - started,
        now(),
        read.op.id,
      );
      if (entry) record(entry);
      return { ...answer, body: Buffer.from(answer.body) };
    };
    try {
      access(request, reply);
      // A chosen fault is met over (simulated) HTTP, where it can hold or drop the connection.
      if (
        headers[DASHBOARD_BACKGROUND.header] !== DASHBOARD_BACKGROUND.value &&
        faults?.list(request.partner!.id).some((f) => f.operationId === read.op.id)
      )
        return undefined;
      const input = parseInput(read.op, request);
      const result = await read.handler(input as never, request, reply);
      return logged({
        status: 200,
        headers: { ...answerHeaders, 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify(result),
      });
    } catch (error) {
      if (!(error instanceof DomainError)) return undefined;
      return logged({
        status: error.status,
        headers: { ...answerHeaders, 'content-type': 'application/problem+json; charset=utf-8' },
        body: JSON.stringify(
          makeProblem({
            typeBase,
            status: error.status,
            code: error.code,
            detail: error.detail,
            errors: error.errors,
            requestId,
          }),
        ),
      });
    }
  };
}
