// `/api/v1/*`: the partner's API, called for a signed-in person with the environment's stored
// credentials. Each call is decided first by the role table (src/api/roles.ts); approvals go
// through dual control (approval requests, docs/decisions/016); transactions created here are
// remembered with their creator; every state-changing call and every refusal is audited.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Environment } from '../../api/dashboard';
import type { OperationDef } from '../../api/operations';
import { operationFor, refusalFor } from '../../api/roles';
import type { Product } from '../../api/schemas/transaction';
import { transitionFor } from '../../api/transaction-states';
import { changesOf } from '../audit-changes';
import { audit, problem, requireSignIn } from '../context';
import { recordKindOf } from '../local-index/sync';
import type { ApprovalAction } from '../store/approvals';
import { REFUSAL_TEXT } from '../store/approvals';
import { notesOfWrite } from '../store/transaction-notes';
import { type Upstream, UpstreamError, type UpstreamResponse } from '../upstream';
import { DASHBOARD_USER_AGENT } from '../../api/schemas/platform';

const PROXY_BODY_LIMIT = 11 * 1024 * 1024;
const SIMULATION = /\|[A-Z_]+$/;
/** Sandbox console operations that change many records at once (docs/decisions/024). */
const SCENARIO_CHANGES = new Set(['loadScenario', 'resetSandbox']);
const INDEX_CATCH_UP_MS = 5000;

/** A status simulation: an update whose number ends in `|STATUS` (sandbox testers may send it). */
function isSimulation(operationId: string, body: Buffer | undefined): boolean {
  if (!body || (operationId !== 'updateMerchant' && operationId !== 'updatePayoutAccount'))
    return false;
  try {
    const parsed = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    const field = operationId === 'updateMerchant' ? parsed.localRegNumber : parsed.accountNumber;
    return typeof field === 'string' && SIMULATION.test(field);
  } catch {
    return false;
  }
}

/** A scenario load that deletes the partner's records first. */
function asksReset(body: Buffer | undefined): boolean {
  try {
    return (
      body !== undefined &&
      (JSON.parse(body.toString('utf8')) as { reset?: unknown }).reset === true
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

  const send = (
    upstream: Upstream,
    request: FastifyRequest,
    credentials: { apiKey: string; apiSecret: string },
    call: { method: string; path: string; body?: Buffer | undefined; idempotencyKey?: string },
  ) => {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-api-key': credentials.apiKey,
      'x-api-secret': credentials.apiSecret,
      // The sandbox's request log says which requests the dashboard made.
      'user-agent': DASHBOARD_USER_AGENT,
    };
    const type = request.headers['content-type'];
    if (call.body && typeof type === 'string') headers['content-type'] = type;
    if (call.idempotencyKey) headers['idempotency-key'] = call.idempotencyKey;
    return upstream.send({ method: call.method, path: call.path, headers, body: call.body });
  };

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
      const answer = JSON.parse(response.body.toString('utf8')) as Record<string, unknown>;
      if (op.id === 'uploadFile') {
        if (typeof answer.url === 'string' && typeof answer.fileName === 'string')
          await ctx.notes.fileUploaded(session.environment, answer.url, answer.fileName, user.id);
        return;
      }
      const id = transactionId ?? answer.businessRequestId;
      if (typeof id !== 'number') return;
      const product = op.id.replace(/(Create|ApproveDeposit|Cancel)$/, '');
      await ctx.notes.keep(
        { environment: session.environment, product, transactionId: id },
        notes,
        user.id,
      );
    } catch (error) {
      app.log.warn({ err: error }, 'notes: what was sent with a transaction was not kept');
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

  app.all('/v1/*', async (request, reply) => {
    const { session, user } = request.signedIn!;
    const environment = session.environment as Environment;
    // Everything after /api, kept raw: the upstream receives exactly this path below its base.
    const raw = request.url.slice('/api'.length);
    const [pathname = ''] = raw.split('?');
    if (
      !/^\/v1\/[A-Za-z0-9_\-/.()%]*$/.test(pathname) ||
      /(^|\/)\.\.?(\/|$)|%2e|%2f|%5c|\/\//i.test(pathname)
    ) {
      return problem(request, reply, {
        status: 400,
        code: 'VALIDATION_ERROR',
        detail: 'That path is not an API path.',
      });
    }
    const op = operationFor(request.method, pathname);
    if (!op) {
      return problem(request, reply, {
        status: 404,
        code: 'NOT_FOUND',
        detail: `There is no operation at ${request.method} ${pathname}.`,
      });
    }
    // A stream never ends: it is for clients of the sandbox itself (`listen`), not this proxy.
    if (op.response === 'event-stream') {
      return problem(request, reply, {
        status: 400,
        code: 'VALIDATION_ERROR',
        detail: 'The event stream is served by the sandbox itself: connect to its base_url.',
      });
    }
    const body = Buffer.isBuffer(request.body) ? request.body : undefined;
    const writes = request.method !== 'GET';
    const action = `${op.method} ${op.path}`;
    const target = pathname.replace(/^\/v1\//, '');

    const refusal = refusalFor(op.id, user.roles, environment, isSimulation(op.id, body));
    if (refusal) {
      await audit(request, {
        action,
        target,
        outcome: 'refused',
        details: { reason: refusal.code, roles: user.roles },
      });
      return problem(request, reply, { status: 403, code: refusal.code, detail: refusal.detail });
    }
    const credentials = await ctx.workspace.credentials(environment);
    const upstream = ctx.upstreams.get(environment);
    if (!credentials || !upstream) {
      return problem(request, reply, {
        status: 503,
        code: 'ENVIRONMENT_NOT_CONFIGURED',
        detail: `An admin has not set the ${environment} environment's API credentials yet.`,
      });
    }
    const idempotencyKey =
      typeof request.headers['idempotency-key'] === 'string'
        ? request.headers['idempotency-key']
        : undefined;

    try {
      const approval = /^(sendc2f|sendf2f|receive)(ApproveQuote|ApproveDeposit)$/.exec(op.id);
      if (approval) {
        const product = approval[1] as Product;
        const approvalAction: ApprovalAction =
          approval[2] === 'ApproveQuote' ? 'approveQuote' : 'approveDeposit';
        const id = Number(pathname.split('/').filter(Boolean).at(-1));
        // Re-read the transaction from the API: the decision is about what it is now.
        const current = await send(upstream, request, credentials, {
          method: 'GET',
          path: `/v1/${product}/${id}`,
        });
        if (current.status !== 200) return relay(request, reply, current);
        const t = JSON.parse(current.body.toString('utf8')) as {
          clientStatus: string;
          quoteApprovedDate: number | null;
          toAmount: string;
          toCurrencySymbol: string;
        };
        // A state that does not allow it: the API says so, and no approval is recorded.
        if (!transitionFor(product, t, approvalAction)) {
          const refused = await send(upstream, request, credentials, {
            method: 'POST',
            path: raw,
            body,
            idempotencyKey,
          });
          await audit(request, {
            action,
            target,
            outcome: refused.status < 300 ? 'ok' : 'failed',
            details: { status: refused.status },
          });
          return relay(request, reply, refused);
        }
        const subject = {
          environment,
          product,
          transactionId: id,
          action: approvalAction,
          currency: t.toCurrencySymbol,
          amount: t.toAmount,
        };
        const request_ = await ctx.approvals.openRequest(
          subject,
          body && body.length > 0 ? body.toString('utf8') : null,
        );
        const decided = await ctx.approvals.decide(request_.id, user, 'approve');
        if ('refused' in decided) {
          await audit(request, {
            action,
            target,
            outcome: 'refused',
            details: { reason: decided.refused, approval: request_.id },
          });
          return problem(request, reply, {
            status: 403,
            code: decided.refused,
            detail: REFUSAL_TEXT[decided.refused],
          });
        }
        if (!decided.complete) {
          const given = decided.request.decisions.filter((d) => d.decision === 'approve').length;
          await audit(request, {
            action,
            target,
            outcome: 'ok',
            details: {
              approval: request_.id,
              approvals: given,
              required: decided.request.required,
            },
          });
          return reply.code(202).send({ approval: decided.request });
        }
        // The last approval: now the API's approve, once (the key is the approval request's).
        const stored =
          decided.request.body ?? (body && body.length > 0 ? body.toString('utf8') : null);
        const done = await send(upstream, request, credentials, {
          method: 'POST',
          path: raw.split('?')[0]!,
          body: stored ? Buffer.from(stored) : undefined,
          idempotencyKey: `approval-${decided.request.id}`,
        });
        if (done.status === 200) await ctx.approvals.markApproved(decided.request.id);
        else await ctx.approvals.withdrawDecision(decided.request.id, user.id);
        await indexAnswer(environment, op, done, pathname);
        await keepNotes(request, op, done, stored, id);
        await audit(request, {
          action,
          target,
          outcome: done.status === 200 ? 'ok' : 'failed',
          details: {
            approval: decided.request.id,
            approvers: decided.request.decisions.map((d) => d.userName),
            status: done.status,
          },
        });
        reply.header('x-approval-id', decided.request.id);
        return relay(request, reply, done);
      }

      const response = await send(upstream, request, credentials, {
        method: request.method,
        path: raw,
        body,
        idempotencyKey,
      });
      if (/^(sendc2f|sendf2f|receive)Create$/.test(op.id) && response.status === 200) {
        const created = JSON.parse(response.body.toString('utf8')) as { businessRequestId: number };
        await ctx.approvals.recordOrigin(
          {
            environment,
            product: op.id.replace(/Create$/, ''),
            transactionId: created.businessRequestId,
          },
          user.id,
        );
      }
      if (writes) {
        await audit(request, {
          action,
          target,
          outcome: response.status < 300 ? 'ok' : 'failed',
          details: { status: response.status, changes: changesOf(body) ?? null },
        });
      }
      await indexAnswer(environment, op, response, pathname);
      // A scenario or a reset changed many records at once: the index catches up before the
      // answer, so lists and names show them (at most a few seconds; the next pass otherwise).
      if (SCENARIO_CHANGES.has(op.id) && response.status === 200)
        await indexCatchUp(environment, op.id === 'resetSandbox' || asksReset(body));
      if (writes) {
        const id = /\/(\d+)$/.exec(pathname)?.[1];
        await keepNotes(
          request,
          op,
          response,
          body && body.length > 0 ? body.toString('utf8') : null,
          id ? Number(id) : undefined,
        );
      }
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
          detail: `The API gave no answer within 15 s.`,
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
