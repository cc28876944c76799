// The relay of the partner API under /api/v1 (docs/decisions/012, 025): each call looked up in the
// contract, the person's roles and the money controls asked, then forwarded, held or refused,
// and what followed kept.
import { labelRoute } from './probes';
import { heldAnswerOf } from '#/api/controls';
import type { FastifyInstance } from 'fastify';
import type { Environment } from '#/api/dashboard';
import { API_VERSION_PATH, type OperationDef, recordKindOf } from '#/api/operations';
import { changesOf } from '../audit-changes';
import { audit, invalidInput, problem } from '../request';
import { methodsAt, operationFor } from '#/api/operation-paths';
import { partnerApi } from '../partner-api';
import { answerOf } from '../partner-client';
import { UpstreamError, type UpstreamResponse } from '../upstream';

import { PROXY_BODY_LIMIT, SCENARIO_CHANGES, asksReset, proxyHelpers } from './proxy-helpers';

export function proxyRoute(app: FastifyInstance, helpers: ReturnType<typeof proxyHelpers>) {
  const ctx = app.dashboard;
  const { indexAnswer, indexCatchUp, keepNotes, keepMerchantNote, keepSandboxNote, relay } =
    helpers;
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
      return invalidInput(request, reply, 'That path is not an API path.');
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
          detail: `${pathname} takes ${allowed.join(', ')}, not ${request.method}.`,
          headers: { allow: allowed.join(', ') },
        });
      return problem(request, reply, {
        status: 404,
        code: 'NOT_FOUND',
        detail: `There is no operation at ${request.method} ${pathname}.`,
      });
    }
    // A stream never ends: it is for clients of the sandbox itself (`listen`), not this proxy.
    if (op.response === 'event-stream') {
      return invalidInput(
        request,
        reply,
        'The event stream is served by the sandbox itself: connect to its base_url.',
      );
    }
    const body = Buffer.isBuffer(request.body) ? request.body : undefined;
    // What changes something is on the audit trail; a look-up (GET, a price) is not.
    const writes = request.method !== 'GET' && !op.readOnly;
    const action = `${op.method} ${op.path}`;
    const target = pathname.replace(/^\/v1\//, '');

    const idempotencyKey =
      typeof request.headers['idempotency-key'] === 'string'
        ? request.headers['idempotency-key']
        : undefined;
    const contentType =
      typeof request.headers['content-type'] === 'string'
        ? request.headers['content-type']
        : undefined;

    try {
      // The money controls decide every call (roles, approvals, payee changes, simulations).
      const pathId = /\/(\d+)\/?$/.exec(pathname)?.[1];
      const id = op.path.includes('{id}') && pathId ? Number(pathId) : undefined;
      const api = await partnerApi(ctx, environment);
      const stepUpAt = request.signedIn?.session.stepUpAt ?? null;
      const verdict = await ctx.controls.gate({ op, user, stepUpAt, environment, id, body }, api);
      if (verdict.kind === 'refuse') {
        await audit(request, { action, target, outcome: 'refused', details: verdict.audit });
        return problem(request, reply, {
          status: verdict.status,
          code: verdict.code,
          detail: verdict.detail,
          errors: verdict.errors,
        });
      }
      if (verdict.kind === 'hold') {
        await audit(request, {
          action,
          target,
          outcome: 'ok',
          details: { ...verdict.audit, status: 202, changes: changesOf(body) ?? null },
        });
        // The held answer is part of the contract (src/api/controls.ts): checked before it leaves.
        const held = heldAnswerOf(op.id);
        if (!held) throw new Error(`The controls held ${op.id}, which has no held answer.`);
        return reply.code(202).send(held.parse(verdict.body));
      }
      if (verdict.kind === 'relay') {
        if (writes)
          await audit(request, {
            action,
            target,
            outcome: 'failed',
            details: { status: verdict.response.status },
          });
        return relay(request, reply, verdict.response);
      }
      const sent = 'body' in verdict ? verdict.body : body;
      // A write is on the trail before it leaves: should this server stop before the answer,
      // the trail still shows it may have happened (its outcome entry follows otherwise).
      if (writes)
        await audit(request, {
          action,
          target,
          outcome: 'sent',
          details: { changes: changesOf(body) ?? null },
        });
      const response = await api!.send({
        method: request.method,
        path: verdict.path ?? raw,
        body: sent,
        contentType: contentType ?? (sent ? 'application/json' : undefined),
        idempotencyKey: verdict.idempotencyKey ?? idempotencyKey,
        operation: op.id,
      });
      const settled = verdict.settle ? await verdict.settle(response) : {};
      if (writes) {
        await audit(request, {
          action,
          target: createdTarget(target, op, response) ?? target,
          outcome: response.status < 300 ? 'ok' : 'failed',
          details: { status: response.status, changes: changesOf(body) ?? null, ...settled },
        });
      }
      await indexAnswer(environment, op, response, pathname);
      // A scenario or a reset changed many records at once: the index catches up before the
      // answer, so lists and names show them (at most a few seconds; the next pass otherwise).
      if (SCENARIO_CHANGES.has(op.id) && response.status === 200)
        await indexCatchUp(environment, op.id === 'resetSandbox' || asksReset(body));
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
      for (const [name, value] of Object.entries(verdict.headers ?? {})) reply.header(name, value);
      return relay(request, reply, response);
    } catch (error) {
      if (writes)
        await audit(request, {
          action,
          target,
          outcome: 'failed',
          details: { reason: 'upstream' },
        });
      if (error instanceof UpstreamError && error.kind === 'timeout') {
        return problem(request, reply, {
          status: 504,
          code: 'UPSTREAM_TIMEOUT',
          detail: `The API gave ${error.message}.`,
        });
      }
      if (error instanceof UpstreamError) {
        return problem(request, reply, {
          status: 502,
          code: 'UPSTREAM_UNAVAILABLE',
          detail: 'The API could not be reached. Try again shortly.',
        });
      }
      throw error;
    }
  });
}

/** A create's outcome names the record it made (`business/12`), so the trail can link it. */
function createdTarget(target: string, op: OperationDef, response: UpstreamResponse) {
  if (op.method !== 'POST' || /\{\w+\}/.test(op.path) || response.status >= 300) return undefined;
  if (!recordKindOf(op) || typeof op.response === 'string') return undefined;
  const record = answerOf({ ...op, response: op.response }, response);
  const id = record && typeof record === 'object' && 'id' in record ? record.id : undefined;
  return Number.isSafeInteger(id) ? `${target.replace(/\/+$/, '')}/${String(id)}` : undefined;
}
