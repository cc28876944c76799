// What the money controls' endpoints share (docs/decisions/025): the signed-in person and
// environment, the partner API of the request, its refusals as problems, audited.
import { REFUSED } from '../refusal-words';
import { said, type Said } from '#/i18n/words';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Environment } from '#/api/dashboard';
import { audit, invalidInput, problem } from '../request';
import { partnerApi } from '../partner-api';
import type { UpstreamResponse } from '../upstream';
import type { FieldProblem } from '#/api/payee';

/** Approving or rejecting something a second person must decide: a payee change, a control change. */
export type Decide = (
  request: FastifyRequest,
  reply: FastifyReply,
  id: string,
  decision: 'approve' | 'reject',
  reason: string | null,
) => Promise<unknown>;

/** Audits a withdrawal by its author: done, or refused with the refusal's code. */
export const auditWithdrawal = (
  request: FastifyRequest,
  action: string,
  target: string,
  withdrawn: { refused: { code: string } } | object,
) =>
  audit(request, {
    action,
    target,
    outcome: 'refused' in withdrawn ? 'refused' : 'ok',
    details: 'refused' in withdrawn ? { reason: withdrawn.refused.code } : null,
  });

/** What the endpoints of this concern share, for one app. */
export function controlsRouteHelpers(app: FastifyInstance) {
  const ctx = app.dashboard;

  const signedIn = (request: FastifyRequest) => {
    const { user, session } = request.signedIn!;
    return { user, environment: session.environment as Environment };
  };

  /** The session's environment's API, or undefined once a 503 says it is not set up. */
  const apiOf = async (request: FastifyRequest, reply: FastifyReply) => {
    const { environment } = signedIn(request);
    const api = await partnerApi(ctx, environment);
    if (!api)
      void problem(request, reply, {
        status: 503,
        code: 'ENVIRONMENT_NOT_CONFIGURED',
        detail: said(REFUSED.noCredentials, { environment }),
      });
    return api;
  };

  /** An answer of the API passed on as the problem it is (a record not found, say). */
  const apiProblem = (request: FastifyRequest, reply: FastifyReply, response: UpstreamResponse) =>
    reply
      .code(response.status === 404 ? 404 : 502)
      .type(response.headers['content-type'] ?? 'application/problem+json')
      .send(response.body);

  /**
   * A check of what an admin typed that did not pass: the currency list could not be read (502),
   * or a field it cannot take (400, named).
   */
  const refuseUnchecked = (
    request: FastifyRequest,
    reply: FastifyReply,
    checked: { unavailable: true } | { problem: FieldProblem },
    what: {
      unreadable: 'currency' | 'baseCurrency';
      field: (problem: FieldProblem) => string | Said;
    },
  ) =>
    'unavailable' in checked
      ? problem(request, reply, {
          status: 502,
          code: 'UPSTREAM_UNAVAILABLE',
          detail: said(REFUSED.currencyUnchecked, { what: what.unreadable }),
        })
      : invalidInput(request, reply, what.field(checked.problem), [checked.problem]);

  return { signedIn, apiOf, apiProblem, refuseUnchecked };
}

export type ControlsRouteHelpers = ReturnType<typeof controlsRouteHelpers>;
