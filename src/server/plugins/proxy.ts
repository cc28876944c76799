// `/api/v1/*`: the partner's API, called for a signed-in person with the environment's stored
// credentials. The money controls (../controls, docs/decisions/025) give their verdict on every
// call first: refused, held for more approvers, or sent (perhaps rewritten); the proxy applies
// it, keeps the local index and the notes up to date, and audits every state-changing call and
// every refusal.
import { heldAnswerOf } from '#/api/controls';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Environment } from '#/api/dashboard';
import {
  API_VERSION_PATH,
  type OperationDef,
  operations,
  recordKindOf,
  sandboxOperations,
  TRANSACTION_OPERATION_OF,
  transactionOperations,
} from '#/api/operations';
import { z } from 'zod';
import { changesOf } from '../audit-changes';
import { audit, invalidInput, problem, requireSignIn } from '../request';
import { notesOfWrite } from '../store/transaction-notes';
import { methodsAt, operationFor } from '#/api/operation-paths';
import { partnerApi } from '../partner-api';
import { answerOf } from '../partner-client';
import { UpstreamError, type UpstreamResponse } from '../upstream';

const PROXY_BODY_LIMIT = 11 * 1024 * 1024;
/** Sandbox console operations that change many records at once (docs/decisions/024). */
const SCENARIO_CHANGES = new Set(['loadScenario', 'resetSandbox']);
const INDEX_CATCH_UP_MS = 5000;

const ScenarioReset = z.object({ reset: z.boolean().optional() });

/** A scenario load that deletes the partner's records first. */
function asksReset(body: Buffer | undefined): boolean {
  try {
    return (
      body !== undefined &&
      ScenarioReset.safeParse(JSON.parse(body.toString('utf8'))).data?.reset === true
    );
  } catch {
    return false;
  }
}

export const proxyRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.dashboard;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: PROXY_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );
  // Refused before a byte of the body is read: no session, no work (CSRF is checked above).
  app.addHook('onRequest', requireSignIn);

  // A record the API returned (a write's result, or a record read by id) goes into the local
  // index at once: people find what they just did (docs/decisions/018).
  const indexAnswer = async (
    environment: Environment,
    op: OperationDef,
    response: UpstreamResponse,
    path: string,
  ) => {
    const kind = recordKindOf(op);
    if (!kind || response.status !== 200) return;
    try {
      await ctx.sync.noteAnswer(environment, kind, path, response.body.toString('utf8'));
    } catch (error) {
      app.log.warn({ err: error }, 'index: a record was not kept');
    }
  };

  const indexCatchUp = async (environment: Environment, reset: boolean) => {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, INDEX_CATCH_UP_MS);
    });
    try {
      await Promise.race([ctx.sync.syncAfterChange(environment, { reset }), limit]);
    } catch (error) {
      app.log.warn({ err: error }, 'index: catching up after a scenario failed');
    } finally {
      clearTimeout(timer);
    }
  };

  // What a successful write sent that the API will not give back: kept with the transaction.
  const keepNotes = async (
    request: FastifyRequest,
    op: OperationDef,
    response: UpstreamResponse,
    body: string | null,
    transactionId?: number,
  ) => {
    if (response.status !== 200) return;
    // Most writes leave nothing to keep: nothing is parsed for them.
    const notes = notesOfWrite(op.id, body);
    if (op.id !== 'uploadFile' && notes.length === 0) return;
    const { session, user } = request.signedIn!;
    try {
      if (op.id === 'uploadFile') {
        const file = answerOf(operations.uploadFile, response);
        if (file)
          await ctx.notes.fileUploaded(session.environment, file.url, file.fileName, user.id);
        return;
      }
      const product = TRANSACTION_OPERATION_OF.get(op.id)?.product;
      if (!product) return;
      const id =
        transactionId ??
        answerOf(transactionOperations[product].create, response)?.businessRequestId;
      if (id === undefined) return;
      await ctx.notes.keep(
        { environment: session.environment, product, transactionId: id },
        notes,
        user.id,
      );
    } catch (error) {
      app.log.warn({ err: error }, 'notes: what was sent with a transaction was not kept');
    }
  };

  // Who accepted a merchant's agreements or gave it a KYC document: the API keeps no name for
  // either (decision 073).
  const keepMerchantNote = async (
    request: FastifyRequest,
    op: OperationDef,
    response: UpstreamResponse,
    pathname: string,
    body: string | null,
  ) => {
    if (response.status !== 200) return;
    if (op.id !== 'acceptAgreements' && op.id !== 'addMerchantDocument') return;
    // Both paths name the merchant: /v1/business/{id}/…
    const merchantId = Number(/^\/v1\/business\/(\d+)\//.exec(pathname)?.[1]);
    if (!Number.isSafeInteger(merchantId)) return;
    const { session, user } = request.signedIn!;
    try {
      if (op.id === 'acceptAgreements') {
        const sent = operations.acceptAgreements.body.safeParse(JSON.parse(body ?? 'null'));
        if (!sent.success) return;
        await ctx.merchantNotes.keep(
          session.environment,
          merchantId,
          [...new Set(sent.data.agreementIds)].map((id) => ({
            kind: 'agreementAccepted' as const,
            value: String(id),
          })),
          user.id,
        );
        return;
      }
      // The document given is the newest of the answer's.
      const given = answerOf(operations.addMerchantDocument, response)?.documents[0];
      if (given)
        await ctx.merchantNotes.keep(
          session.environment,
          merchantId,
          [{ kind: 'document', value: String(given.id), detail: given.type }],
          user.id,
        );
    } catch (error) {
      app.log.warn({ err: error }, 'notes: who acted on a merchant was not kept');
    }
  };

  // Who switched a fault on or held the moves: the sandbox knows only the partner (decision 029).
  const keepSandboxNote = async (
    request: FastifyRequest,
    op: OperationDef,
    response: UpstreamResponse,
    pathId: number | undefined,
  ) => {
    if (response.status >= 300) return;
    const { session, user } = request.signedIn!;
    const notes = ctx.sandboxNotes;
    const environment = session.environment;
    try {
      if (op.id === 'createFault') {
        const fault = answerOf(sandboxOperations.createFault, response);
        if (fault) await notes.keep(environment, 'fault', fault.id, user.id);
      } else if (op.id === 'deleteFault' && pathId !== undefined) {
        await notes.forget(environment, 'fault', pathId);
      } else if (op.id === 'holdMoves') {
        await notes.keep(environment, 'hold', 0, user.id);
      } else if (op.id === 'releaseMoves') {
        await notes.forget(environment, 'hold');
      }
    } catch (error) {
      app.log.warn({ err: error }, 'notes: who changed the sandbox was not kept');
    }
  };

  const relay = (request: FastifyRequest, reply: FastifyReply, response: UpstreamResponse) => {
    // The stored credentials were refused: the person's session is fine, the setup is not.
    if (response.status === 401) {
      return problem(request, reply, {
        status: 502,
        code: 'CREDENTIALS_REFUSED',
        detail: `The API no longer accepts this environment's stored credentials; an admin must set them again.`,
      });
    }
    reply.code(response.status);
    for (const [name, value] of Object.entries(response.headers))
      if (value !== undefined) reply.header(name, value);
    return reply.send(response.body);
  };

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
};

/** A create's outcome names the record it made (`business/12`), so the trail can link it. */
function createdTarget(target: string, op: OperationDef, response: UpstreamResponse) {
  if (op.method !== 'POST' || /\{\w+\}/.test(op.path) || response.status >= 300) return undefined;
  if (!recordKindOf(op) || typeof op.response === 'string') return undefined;
  const record = answerOf({ ...op, response: op.response }, response);
  const id = record && typeof record === 'object' && 'id' in record ? record.id : undefined;
  return Number.isSafeInteger(id) ? `${target.replace(/\/+$/, '')}/${String(id)}` : undefined;
}
