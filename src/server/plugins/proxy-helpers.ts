// What follows a call relayed to the partner API (docs/decisions/018, 019, 073): the record it
// answered goes into the local index, the files and reasons it sent are kept as notes, and the
// answer is relayed as the API gave it.
import { said } from '#/i18n/words';
import { REFUSED } from '../refusal-words';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Environment } from '#/api/dashboard';
import {
  type OperationDef,
  operations,
  recordKindOf,
  sandboxOperations,
  TRANSACTION_OPERATION_OF,
  transactionOperations,
} from '#/api/operations';
import { z } from 'zod';
import { problem } from '../request';
import { notesOfWrite } from '../store/transaction-notes';
import { answerOf } from '../partner-client';
import { type UpstreamResponse } from '../upstream';

export const PROXY_BODY_LIMIT = 11 * 1024 * 1024;
/** Sandbox console operations that change many records at once (docs/decisions/024). */
export const SCENARIO_CHANGES = new Set(['loadScenario', 'resetSandbox']);
export const INDEX_CATCH_UP_MS = 5000;

export const ScenarioReset = z.object({ reset: z.boolean().optional() });

/** A scenario load that deletes the partner's records first. */
export function asksReset(body: Buffer | undefined): boolean {
  try {
    return (
      body !== undefined &&
      ScenarioReset.safeParse(JSON.parse(body.toString('utf8'))).data?.reset === true
    );
  } catch {
    return false;
  }
}

/** What the endpoints of this concern share, for one app. */
export function proxyHelpers(app: FastifyInstance) {
  const ctx = app.dashboard;
  // What follows a relayed call never fails it: a note or index entry that could not be kept
  // is logged, and the person still gets the API's answer.
  const quietly = async (lost: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      app.log.warn({ err: error }, lost);
    }
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
    await quietly('index: a record was not kept', () =>
      ctx.sync.noteAnswer(environment, kind, path, response.body.toString('utf8')),
    );
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
    await quietly('notes: what was sent with a transaction was not kept', async () => {
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
    });
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
    await quietly('notes: who acted on a merchant was not kept', async () => {
      const kept = () => {
        if (op.id === 'acceptAgreements') {
          const sent = operations.acceptAgreements.body.safeParse(JSON.parse(body ?? 'null'));
          return [...new Set(sent.data?.agreementIds ?? [])].map((id) => ({
            kind: 'agreementAccepted' as const,
            value: String(id),
          }));
        }
        // The document given is the newest of the answer's.
        const given = answerOf(operations.addMerchantDocument, response)?.documents[0];
        return given
          ? [{ kind: 'document' as const, value: String(given.id), detail: given.type }]
          : [];
      };
      const notes = kept();
      if (notes.length > 0)
        await ctx.merchantNotes.keep(session.environment, merchantId, notes, user.id);
    });
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
    await quietly('notes: who changed the sandbox was not kept', async () => {
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
    });
  };

  const relay = (request: FastifyRequest, reply: FastifyReply, response: UpstreamResponse) => {
    // The stored credentials were refused: the person's session is fine, the setup is not.
    if (response.status === 401) {
      return problem(request, reply, {
        status: 502,
        code: 'CREDENTIALS_REFUSED',
        detail: said(REFUSED.credentialsRefused),
      });
    }
    reply.code(response.status);
    for (const [name, value] of Object.entries(response.headers))
      if (value !== undefined) reply.header(name, value);
    return reply.send(response.body);
  };

  return { indexAnswer, indexCatchUp, keepNotes, keepMerchantNote, keepSandboxNote, relay };
}

export type ProxyHelpers = ReturnType<typeof proxyHelpers>;
