// How a typed call travels: the address built from a declaration, the request sent, the answer
// read with its schema, a refusal thrown as an ApiError with its problem. Used by the partner
// API's client (./client.ts), by the SPA for the dashboard server's own endpoints, and by the
// server for its calls of the API. It imports no declaration, so that a page calling one
// endpoint does not carry the whole contract (the first load: bench/README.md).
import { englishOfText } from '#/i18n/words';
import type { z } from 'zod';
import type { EndpointDef, EndpointInput } from './endpoints';
import { ApiError, clientProblem, type Connection, readProblem } from './errors';
import type { OperationDef } from './operations';

export { ApiError, type Connection, readProblem } from './errors';

export interface CallOptions {
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** What `call` needs of an operation or of one of the dashboard server's endpoints. */
export type Callable = Pick<OperationDef, 'id' | 'method' | 'path' | 'response'>;

type Output<O extends Callable> = O['response'] extends z.ZodType ? z.output<O['response']> : Blob;

export interface CallInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined | null>;
  body?: unknown;
  form?: FormData;
}

/**
 * An operation's path below {base_url} with its parameters filled in and its query added: the one
 * builder of an API address, for the SPA's client and the dashboard server's alike.
 */
export function pathOf(op: Pick<Callable, 'id' | 'path'>, input: Omit<CallInput, 'body' | 'form'>) {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = input.params?.[name];
    if (value === undefined) throw new Error(`${op.id}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  return search.size > 0 ? `${path}?${search.toString()}` : path;
}

export function buildUrl(conn: Connection, op: Callable, input: CallInput): string {
  return `${conn.baseUrl.replace(/\/+$/, '')}${pathOf(op, input)}`;
}

/** Sends one call; a failure (network, or a refusal with its problem) is thrown as an ApiError. */
export async function exchange(
  conn: Connection,
  op: Callable,
  input: CallInput,
  options: CallOptions,
): Promise<{ response: Response; requestId: string }> {
  const headers: Record<string, string> = { accept: 'application/json', ...conn.headers };
  let body: BodyInit | undefined;
  if (input.form) {
    body = input.form;
  } else if (typeof Blob !== 'undefined' && input.body instanceof Blob) {
    // A file sent as it is (an upload endpoint): its own type, or plain bytes.
    headers['content-type'] = input.body.type || 'application/octet-stream';
    body = input.body;
  } else if (input.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(input.body);
  }
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;

  let response: Response;
  try {
    response = await (conn.fetch ?? fetch)(buildUrl(conn, op, input), {
      method: op.method,
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(
      clientProblem(0, 'NETWORK_ERROR', 'The service could not be reached. Check the connection.'),
    );
  }
  const requestId = response.headers.get('x-request-id') ?? '';
  if (!response.ok) throw new ApiError(await readProblem(response, requestId));
  return { response, requestId };
}

/** A JSON answer read with `schema`; anything else is an ApiError naming what did not fit. */
export async function answerOf<S extends z.ZodType>(
  op: Callable,
  schema: S,
  { response, requestId }: { response: Response; requestId: string },
): Promise<z.output<S>> {
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ApiError(
      clientProblem(
        response.status,
        'INVALID_RESPONSE',
        'The service answered with something that is not JSON.',
        requestId,
      ),
    );
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first
      ? ` (${first.path.join('.') || 'body'}: ${englishOfText(first.message)})`
      : '';
    throw new ApiError(
      clientProblem(
        response.status,
        'INVALID_RESPONSE',
        `The service answered ${op.id} in a shape this client does not understand${where}.`,
        requestId,
      ),
    );
  }
  return parsed.data;
}

/** Calls one operation. Exported for tooling; application code uses the named functions. */
export async function call<O extends Callable>(
  conn: Connection,
  op: O,
  input: CallInput = {},
  options: CallOptions = {},
): Promise<Output<O>> {
  const sent = await exchange(conn, op, input, options);
  if (op.response === 'binary') return (await sent.response.blob()) as Output<O>;
  return (await answerOf(op, op.response as z.ZodType, sent)) as Output<O>;
}

/** The arguments of a call of one of the dashboard server's endpoints, typed from its schemas. */
type EndpointArgs<E extends EndpointDef> =
  object extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];

/** Calls one of the dashboard server's own endpoints (src/api/dashboard-api.ts). */
export function callEndpoint<E extends EndpointDef>(
  conn: Connection,
  endpoint: E,
  ...[input, options]: EndpointArgs<E>
): Promise<z.output<E['response']>> {
  return call(conn, endpoint, (input ?? {}) as CallInput, options) as Promise<
    z.output<E['response']>
  >;
}

/**
 * Calls an endpoint of the dashboard that may be held for a second person (its `held` answer,
 * 202): what was done, or what now waits.
 */
export async function callEndpointHoldable<E extends EndpointDef & { held: z.ZodType }>(
  conn: Connection,
  endpoint: E,
  ...[input, options]: EndpointArgs<E>
): Promise<{ held: z.output<E['held']> } | { answer: z.output<E['response']> }> {
  const sent = await exchange(conn, endpoint, (input ?? {}) as CallInput, options ?? {});
  return sent.response.status === 202
    ? { held: (await answerOf(endpoint, endpoint.held, sent)) as z.output<E['held']> }
    : { answer: (await answerOf(endpoint, endpoint.response, sent)) as z.output<E['response']> };
}
