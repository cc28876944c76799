// The relay of the partner API under /api/v1 (docs/decisions/012, 025): each call looked up in the
// contract, the person's roles and the money controls asked, then forwarded, held or refused,
// and what followed kept.
import { labelRoute } from './probes';
import type { FastifyInstance } from 'fastify';
import type { Environment } from '#/api/dashboard';
import { API_VERSION_PATH } from '#/api/operations';
import { invalidInput, problem } from '../request';
import { methodsAt, operationFor } from '#/api/operation-paths';
import { gatedSend } from './gated-send';
import { PROXY_BODY_LIMIT, type ProxyHelpers } from './proxy-helpers';
import { said } from '#/i18n/words';
import { REFUSED } from '../refusal-words';

/** The record id at the end of an API path, where there is one. */
const pathId = (pathname: string) => /\/(\d+)\/?$/.exec(pathname)?.[1];

export function proxyRoute(app: FastifyInstance, helpers: ProxyHelpers) {
  const { keepNotes, keepMerchantNote, keepSandboxNote, relay } = helpers;
  const send = gatedSend(app, helpers);
  app.all(`${API_VERSION_PATH}/*`, { bodyLimit: PROXY_BODY_LIMIT }, async (request, reply) => {
    const { session, user } = request.signedIn!;
    const environment = session.environment as Environment;
    // Everything after /api, kept raw: the upstream receives exactly this path below its base.
    const raw = request.url.slice('/api'.length);
    const [pathname = ''] = raw.split('?');
    if (
      !/^\/v1\/[A-Za-z0-9_\-/.()%]*$/.test(pathname) ||
      /(^|\/)\.\.?(\/|$)|%2e|%2f|%5c|\/\//i.test(pathname)
    ) {
      return invalidInput(request, reply, said(REFUSED.notApiPath));
    }
    const op = operationFor(request.method, pathname);
    // Counted and traced by the operation's path, not this route's wildcard.
    if (op) labelRoute(request, `/api${op.path}`);
    if (!op) {
      // A path the API has, asked with a method it does not take: 405, as everywhere else.
      const allowed = methodsAt(pathname);
      if (allowed.length > 0)
        return problem(request, reply, {
          status: 405,
          code: 'METHOD_NOT_ALLOWED',
          detail: said(REFUSED.methodNotAllowed, {
            path: pathname,
            allowed: allowed.join(', '),
            method: request.method,
          }),
          headers: { allow: allowed.join(', ') },
        });
      return problem(request, reply, {
        status: 404,
        code: 'NOT_FOUND',
        detail: said(REFUSED.noOperation, { method: request.method, path: pathname }),
      });
    }
    // A stream never ends: it is for clients of the sandbox itself (`listen`), not this proxy.
    if (op.response === 'event-stream') {
      return invalidInput(request, reply, said(REFUSED.eventStream));
    }
    const body = Buffer.isBuffer(request.body) ? request.body : undefined;
    // What changes something is on the audit trail; a look-up (GET, a price) is not.
    const writes = request.method !== 'GET' && !op.readOnly;

    const idempotencyKey =
      typeof request.headers['idempotency-key'] === 'string'
        ? request.headers['idempotency-key']
        : undefined;
    const contentType =
      typeof request.headers['content-type'] === 'string'
        ? request.headers['content-type']
        : undefined;

    const id = op.path.includes('{id}') && pathId(pathname) ? Number(pathId(pathname)) : undefined;
    const outcome = await send(request, {
      op,
      user,
      stepUpAt: session.stepUpAt ?? null,
      environment,
      id,
      body,
      raw,
      pathname,
      idempotencyKey,
      contentType,
    });
    if (outcome.kind === 'refused') return problem(request, reply, outcome);
    if (outcome.kind === 'held') return reply.code(202).send(outcome.body);
    const { response, sent } = outcome;
    if (writes) {
      await keepSandboxNote(request, op, response, id);
      await keepMerchantNote(
        request,
        op,
        response,
        pathname,
        sent && sent.length > 0 ? sent.toString('utf8') : null,
      );
      await keepNotes(
        request,
        op,
        response,
        sent && sent.length > 0 ? sent.toString('utf8') : null,
        id,
      );
    }
    for (const [name, value] of Object.entries(outcome.headers)) reply.header(name, value);
    return relay(request, reply, response);
  });
}
