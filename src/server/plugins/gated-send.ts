// One call of the partner's API for a person, through the money controls (docs/decisions/025):
// the gate's verdict, then the call refused, held for more approvers or sent (perhaps
// rewritten), with the audit trail and the local index kept. The proxy under /api/v1 and the
// approval links of mail (docs/decisions/087) both decide through it, so that a decision is the
// same whichever channel it came by; the audit entries name a channel other than the dashboard.
import { said } from '#/i18n/words';
import { REFUSED } from '../refusal-words';
import type { Said } from '#/i18n/words';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { heldAnswerOf, isTransactionApproval } from '#/api/controls';
import type { Environment } from '#/api/dashboard';
import { type OperationDef, recordKindOf, TRANSACTION_OPERATION_OF } from '#/api/operations';
import type { User } from '../store/workspace';
import { changesOf } from '../audit-changes';
import { partnerApi } from '../partner-api';
import { answerOf } from '../partner-client';
import { audit, languageOf } from '../request';
import { sayWithin } from '../words';
import { UpstreamError, type UpstreamResponse } from '../upstream';
import { SCENARIO_CHANGES, asksReset, type ProxyHelpers } from './proxy-helpers';

export interface GatedCall {
  op: OperationDef;
  user: User;
  /** When this person last gave their second factor (null: not in the step-up window). */
  stepUpAt: number | null;
  environment: Environment;
  /** The record id in the path, where the operation has one. */
  id: number | undefined;
  body: Buffer | undefined;
  /** The path below /api, query included, exactly as the API receives it. */
  raw: string;
  pathname: string;
  idempotencyKey?: string | undefined;
  contentType?: string | undefined;
  /** Where the decision came from when not the dashboard's screens: `mail link`. */
  channel?: string | undefined;
}

export type GatedOutcome =
  | {
      kind: 'refused';
      status: number;
      code: string;
      detail: string | Said;
      errors?: { field: string; message: string }[] | undefined;
    }
  /** Held for more approvers: the held answer of the contract. */
  | { kind: 'held'; body: unknown }
  /** The API's answer, what was sent, and headers to add to the relayed answer. */
  | {
      kind: 'answered';
      response: UpstreamResponse;
      sent: Buffer | undefined;
      headers: Record<string, string>;
    };

/** A create's outcome names the record it made (`business/12`), so the trail can link it. */
function createdTarget(target: string, op: OperationDef, response: UpstreamResponse) {
  if (op.method !== 'POST' || /\{\w+\}/.test(op.path) || response.status >= 300) return undefined;
  if (!recordKindOf(op) || typeof op.response === 'string') return undefined;
  const record = answerOf({ ...op, response: op.response }, response);
  const id = record && typeof record === 'object' && 'id' in record ? record.id : undefined;
  return Number.isSafeInteger(id) ? `${target.replace(/\/+$/, '')}/${String(id)}` : undefined;
}

export function gatedSend(app: FastifyInstance, { indexAnswer, indexCatchUp }: ProxyHelpers) {
  const ctx = app.dashboard;
  return async function send(request: FastifyRequest, call: GatedCall): Promise<GatedOutcome> {
    const { op, user, environment, body, pathname } = call;
    const writes = op.method !== 'GET' && !op.readOnly;
    const action = `${op.method} ${op.path}`;
    const target = pathname.replace(/^\/v1\//, '');
    // A decision names where it was taken: the dashboard's screens, or a mail's link (087).
    const decides = isTransactionApproval(TRANSACTION_OPERATION_OF.get(op.id)?.name ?? '');
    const channel = call.channel || decides ? { channel: call.channel ?? 'dashboard' } : {};
    const note = (entry: Parameters<typeof audit>[1]) =>
      audit(request, { ...entry, details: { ...entry.details, ...channel } }, user);
    // What to undo should the API not be reached (a limit's reservation).
    let unsent: (() => Promise<void>) | undefined;
    try {
      // The money controls decide every call (roles, approvals, payee changes, simulations).
      const api = await partnerApi(ctx, environment);
      const verdict = await ctx.controls.gate(
        { op, user, stepUpAt: call.stepUpAt, environment, id: call.id, body },
        api,
      );
      if (verdict.kind === 'refuse') {
        await note({ action, target, outcome: 'refused', details: verdict.audit });
        return {
          kind: 'refused',
          status: verdict.status,
          code: verdict.code,
          detail: verdict.detail,
          errors: verdict.errors,
        };
      }
      if (verdict.kind === 'hold') {
        await note({
          action,
          target,
          outcome: 'ok',
          details: { ...verdict.audit, status: 202, changes: changesOf(body) ?? null },
        });
        // The held answer is part of the contract (src/api/controls.ts): checked before it leaves,
        // its words (a held change's warnings) written in the reader's language first.
        const held = heldAnswerOf(op.id);
        if (!held) throw new Error(`The controls held ${op.id}, which has no held answer.`);
        return {
          kind: 'held',
          body: held.parse(sayWithin(verdict.body, languageOf(request))),
        };
      }
      if (verdict.kind === 'relay') {
        if (writes)
          await note({
            action,
            target,
            outcome: 'failed',
            details: { status: verdict.response.status },
          });
        return { kind: 'answered', response: verdict.response, sent: undefined, headers: {} };
      }
      const sent = 'body' in verdict ? verdict.body : body;
      unsent = verdict.unsent;
      // A write is on the trail before it leaves: should this server stop before the answer,
      // the trail still shows it may have happened (its outcome entry follows otherwise).
      if (writes)
        await note({
          action,
          target,
          outcome: 'sent',
          details: { changes: changesOf(body) ?? null },
        });
      const response = await api!.send({
        method: op.method,
        path: verdict.path ?? call.raw,
        body: sent,
        contentType: call.contentType ?? (sent ? 'application/json' : undefined),
        idempotencyKey: verdict.idempotencyKey ?? call.idempotencyKey,
        operation: op.id,
      });
      const settled = verdict.settle ? await verdict.settle(response) : {};
      if (writes) {
        await note({
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
      return { kind: 'answered', response, sent, headers: verdict.headers ?? {} };
    } catch (error) {
      if (!(error instanceof UpstreamError)) {
        if (writes) await note({ action, target, outcome: 'failed', details: { reason: 'error' } });
        throw error;
      }
      if (writes)
        await note({ action, target, outcome: 'failed', details: { reason: 'upstream' } });
      // Not reached: nothing was created. A timeout may have created it: its reservation stays.
      if (error.kind !== 'timeout') await unsent?.();
      return error.kind === 'timeout'
        ? {
            kind: 'refused',
            status: 504,
            code: 'UPSTREAM_TIMEOUT',
            detail: said(REFUSED.apiTimeout, { seconds: error.seconds ?? 0 }),
          }
        : {
            kind: 'refused',
            status: 502,
            code: 'UPSTREAM_UNAVAILABLE',
            detail: said(REFUSED.apiUnreachable),
          };
    }
  };
}

export type GatedSend = ReturnType<typeof gatedSend>;
