// The one way the dashboard server calls the partner's API (docs/decisions/046): an operation of
// the contract in src/api, its parameters, query and body; the address built as the SPA's client
// builds it; the answer read with the operation's schema; and the rules of an answer in one place
// (what is final, what waits for Retry-After, what a refusal says). Only the proxy, which passes
// a person's own request through as it came, sends a raw path (`send`).
import { englishOfText } from '#/i18n/words';
import type { z } from 'zod';
import type { Environment } from '#/api/dashboard';
import { pathOf } from '#/api/call';
import { type OperationDef, recordKindOf } from '#/api/operations';
import { DASHBOARD_BACKGROUND, DASHBOARD_USER_AGENT } from '#/api/schemas/platform';
import type { RecordKind } from '#/api/operations';
import type { ApiPacer } from './pacer';
import type { Upstream, UpstreamResponse } from './upstream';

/**
 * Whether an answer of the partner's API is final: a yes, or a no that trying again would not
 * change. A 5xx, a timeout (408), a request still running under its key (409) and a 429 are not:
 * the call may be made again.
 */
export const isFinalAnswer = (status: number) =>
  status < 500 && status !== 408 && status !== 409 && status !== 429;

/** An answer's JSON, or undefined when it is not JSON. */
export function answerJson(response: Pick<UpstreamResponse, 'body'>): unknown {
  try {
    return JSON.parse(response.body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** A 2xx answer read with its operation's schema; undefined when it does not fit. */
export function answerOf<O extends JsonOperation>(
  op: O,
  response: Pick<UpstreamResponse, 'status' | 'body'>,
): z.output<O['response']> | undefined {
  if (response.status < 200 || response.status >= 300) return undefined;
  const parsed = op.response.safeParse(answerJson(response));
  return parsed.success ? (parsed.data as z.output<O['response']>) : undefined;
}

/** What a refusal of the partner's API says, in its words: its detail, then each field's message. */
export function refusalText(response: Pick<UpstreamResponse, 'body'>): string | undefined {
  const problem = answerJson(response) as
    { detail?: unknown; errors?: { field?: unknown; message?: unknown }[] } | null | undefined;
  if (!problem || typeof problem !== 'object') return undefined;
  const fields = Array.isArray(problem.errors)
    ? problem.errors.map((e) => `${String(e.field)} ${String(e.message)}`).join('; ')
    : '';
  const detail = typeof problem.detail === 'string' ? problem.detail : '';
  return [detail, fields].filter(Boolean).join(' ') || undefined;
}

/** A request as it came, for the proxy: a path (and query) below {base_url}. */
export interface RawCall {
  method: string;
  path: string;
  body?: Buffer | undefined;
  contentType?: string | undefined;
  idempotencyKey?: string | undefined;
  /** The contract's operation it calls, where known (metrics and traces name it). */
  operation?: string | undefined;
}

/** The operations the server calls: any with a JSON answer. */
export type JsonOperation = OperationDef & { response: z.ZodType };

export type CallInput<O extends JsonOperation> = {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined | null>;
} & (O['body'] extends z.ZodType ? { body?: z.input<O['body']> } : { body?: undefined });

export interface CallOptions {
  idempotencyKey?: string | undefined;
  /**
   * At the environment's pace: a 429 is waited out as its Retry-After says and the call made
   * again (./pacer.ts). For the server's own work (bulk quoting and submission, the index).
   */
  paced?: boolean;
  /**
   * The record the answer carries is kept in the local index by the caller, with `keep`, once it
   * has recorded what the answer means (a rejection before the cancel it caused is seen).
   */
  keepLater?: boolean;
}

/** What one call came to. `final` says whether making it again could change a refusal. */
export type Answer<T> =
  | {
      ok: true;
      status: number;
      data: T;
      response: UpstreamResponse;
      /** The path it was called at (the local index keeps records by it). */
      path: string;
    }
  | {
      ok: false;
      status: number;
      final: boolean;
      /** The API's own words, or what did not fit the contract in a 2xx answer. */
      refusal: string | undefined;
      response: UpstreamResponse;
    };

export interface PartnerClient {
  /** One operation of the contract; an unreachable API throws `UpstreamError`. */
  call<O extends JsonOperation>(
    op: O,
    input?: CallInput<O>,
    options?: CallOptions,
  ): Promise<Answer<z.output<O['response']>>>;
  /** Keeps the record of an answer called with `keepLater` in the local index. */
  keep(op: JsonOperation, answer: Answer<unknown>): Promise<void>;
  /** A person's own request, passed through as it came (the proxy). */
  send(call: RawCall): Promise<UpstreamResponse>;
}

export interface ClientDeps {
  environment: Environment;
  upstream: Upstream;
  credentials: { apiKey: string; apiSecret: string };
  pacer: ApiPacer;
  /**
   * The server's own background reads: kept out of the sandbox's request log (decision 023),
   * and not noted in the local index (the index reads them to fill itself).
   */
  background?: boolean;
  /** Keeps a record the API answered with in the local index (decision 018). */
  noteAnswer?: (
    environment: Environment,
    kind: RecordKind,
    path: string,
    raw: string,
  ) => Promise<void>;
}

export function partnerClient(deps: ClientDeps): PartnerClient {
  const send = (call: RawCall) => {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-api-key': deps.credentials.apiKey,
      'x-api-secret': deps.credentials.apiSecret,
      'user-agent': DASHBOARD_USER_AGENT,
    };
    if (deps.background) headers[DASHBOARD_BACKGROUND.header] = DASHBOARD_BACKGROUND.value;
    if (call.body && call.contentType) headers['content-type'] = call.contentType;
    if (call.idempotencyKey) headers['idempotency-key'] = call.idempotencyKey;
    return deps.upstream.send({
      method: call.method,
      path: call.path,
      headers,
      body: call.body,
      operation: call.operation,
    });
  };

  /** The record an answer carries, kept in the local index (decision 018). */
  const keep = async (op: JsonOperation, answer: Answer<unknown>) => {
    const kind = recordKindOf(op);
    if (!answer.ok || !kind || !deps.noteAnswer || deps.background) return;
    await deps
      .noteAnswer(deps.environment, kind, answer.path, answer.response.body.toString('utf8'))
      .catch(() => undefined);
  };

  return {
    send,
    keep,
    async call<O extends JsonOperation>(
      op: O,
      input: CallInput<O> = {} as CallInput<O>,
      options: CallOptions = {},
    ): Promise<Answer<z.output<O['response']>>> {
      const path = pathOf(op, input);
      const raw: RawCall = {
        method: op.method,
        path,
        operation: op.id,
        idempotencyKey: options.idempotencyKey,
        ...(input.body !== undefined && {
          body: Buffer.from(JSON.stringify(input.body)),
          contentType: 'application/json',
        }),
      };
      const response = await (options.paced
        ? deps.pacer.send(deps.environment, () => send(raw))
        : send(raw));
      const { status } = response;
      if (status < 200 || status >= 300) {
        return {
          ok: false,
          status,
          final: isFinalAnswer(status),
          refusal: refusalText(response),
          response,
        };
      }
      const parsed = op.response.safeParse(answerJson(response));
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        const where = first
          ? ` (${first.path.join('.') || 'body'}: ${englishOfText(first.message)})`
          : '';
        const refusal = `The API answered ${op.id} in a shape the dashboard does not understand${where}.`;
        // Told on as a bad gateway: the call may have done its work, but its answer cannot be used.
        return {
          ok: false,
          status: 502,
          final: true,
          refusal,
          response: {
            status: 502,
            headers: {
              'content-type': 'application/problem+json',
              'x-request-id': response.headers['x-request-id'],
            },
            body: Buffer.from(
              JSON.stringify({ status: 502, code: 'INVALID_RESPONSE', detail: refusal }),
            ),
          },
        };
      }
      const answer: Answer<z.output<O['response']>> = {
        ok: true,
        status,
        data: parsed.data as z.output<O['response']>,
        response,
        path,
      };
      if (!options.keepLater) await keep(op, answer);
      return answer;
    },
  };
}
