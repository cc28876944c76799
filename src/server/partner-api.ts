// The partner's API as the dashboard server calls it for a signed-in person: the environment's
// stored credentials added, and the dashboard's User-Agent so that the sandbox's request log
// says which requests it made. Used by the proxy and by the money controls. A record it reads
// by id refreshes the local index, as the proxy's reads do (docs/decisions/018).
import type { Environment } from '#/api/dashboard';
import { operationFor } from '#/api/roles';
import { recordKindOf } from './local-index/sync';
import { DASHBOARD_USER_AGENT } from '#/api/schemas/platform';
import type { DashboardContext } from './context';
import type { UpstreamResponse } from './upstream';

/**
 * Whether an answer of the partner's API is final: a yes, or a no that trying again would not
 * change. A 5xx, a timeout (408), a request still running under its key (409) and a 429 are not:
 * the call may be made again. The one rule for every caller (issue 42).
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

export interface ApiCall {
  method: string;
  /** Path (and query) below {base_url}. */
  path: string;
  body?: Buffer | undefined;
  contentType?: string | undefined;
  idempotencyKey?: string | undefined;
}

export interface PartnerApi {
  send(call: ApiCall): Promise<UpstreamResponse>;
  /**
   * The server's own call (bulk quoting and submission), at the environment's pace: a 429 is
   * waited out as its Retry-After says and the call made again (./pacer.ts).
   */
  paced(call: ApiCall): Promise<UpstreamResponse>;
  /** A GET: the parsed record when it answers 200, else the answer itself. */
  read<T>(
    path: string,
  ): Promise<{ ok: true; record: T } | { ok: false; response: UpstreamResponse }>;
}

/** The environment's API with its stored credentials, or undefined when they are not set. */
export async function partnerApi(
  ctx: DashboardContext,
  environment: Environment,
): Promise<PartnerApi | undefined> {
  const credentials = await ctx.workspace.credentials(environment);
  const upstream = ctx.upstreams.get(environment);
  if (!credentials || !upstream) return undefined;
  const send = (call: ApiCall) => {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-api-key': credentials.apiKey,
      'x-api-secret': credentials.apiSecret,
      'user-agent': DASHBOARD_USER_AGENT,
    };
    if (call.body && call.contentType) headers['content-type'] = call.contentType;
    if (call.idempotencyKey) headers['idempotency-key'] = call.idempotencyKey;
    return upstream.send({ method: call.method, path: call.path, headers, body: call.body });
  };
  return {
    send,
    paced: (call) => ctx.pacer.send(environment, () => send(call)),
    async read<T>(path: string) {
      const response = await send({ method: 'GET', path });
      if (response.status !== 200) return { ok: false as const, response };
      const text = response.body.toString('utf8');
      const op = operationFor('GET', path.split('?')[0]!);
      const kind = op && recordKindOf(op);
      if (kind) await ctx.sync.noteAnswer(environment, kind, path, text).catch(() => undefined);
      return { ok: true as const, record: JSON.parse(text) as T };
    },
  };
}
