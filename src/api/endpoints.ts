// The dashboard server's own endpoints under /api, each declared once like the partner API's
// operations: method, path, who may call it, and the schemas of its request and answer. The
// server registers its handlers against these entries (src/server/endpoint.ts) and the SPA calls
// them with the same typed `call` as the API's operations.
import type { z } from 'zod';
import type { Method } from './operations';
import type { Role } from './roles';

/**
 * Every call that is not a GET carries this header, which a page of another site cannot send
 * without the dashboard's consent: the server refuses state-changing calls without it.
 */
export const CSRF_HEADER = { name: 'x-requested-with', value: 'dashboard' } as const;

/**
 * How long, in milliseconds, the person has been away from the page that sends the call (no
 * key, click, scroll or touch): a page that polls on its own says so, and the session's idle
 * clock keeps the person's last activity rather than the call's (docs/decisions/061). Without
 * it a call is the person's doing.
 */
export const IDLE_HEADER = 'x-dashboard-idle-ms';

/** Where the dashboard server answers its own endpoints and relays the partner API's. */
export const DASHBOARD_API = '/api';

export interface EndpointDef {
  id: string;
  method: Method;
  /** Path below /api, with `{name}` for each path parameter. */
  path: string;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /**
   * Who may reach it at all: anyone (`public`), a signed-in person (the default), or also a
   * session that must enrol its authenticator before anything else (`enrolling`).
   */
  access?: 'public' | 'signed-in' | 'enrolling';
  /** Also answers as a CSV file when the query says `format=csv`. */
  csv?: true;
  /** The body is a file sent as it is (not JSON): one of these types, at most this many bytes. */
  upload?: { types: readonly string[]; maxBytes: number };
  /** The answer is a file of one of these types (its schema is then not the answer's). */
  file?: { types: readonly string[] };
  /**
   * A page the browser navigates to, not a call: it answers 303 to where it sends the browser
   * (this says where), even for what it refuses, which it says on the page it sends to.
   */
  redirect?: string;
  /** Who may call it; every signed-in person when absent. A refusal is audited. */
  roles?: readonly Role[];
  /**
   * A person without `roles` who stands in for an approver away may call it too (an approval's
   * decision, docs/decisions/088); the approvals rule then judges whom they decide for.
   */
  standIn?: boolean;
  /** How the audit trail names a call of it. */
  audit?: string;
  /**
   * The answer (202) when the call is held for a second person instead of done: a change of
   * the controls waiting for a second admin (docs/decisions/042).
   */
  held?: z.ZodType;
  /**
   * The statuses it may answer beyond those its shape implies (see `statusesOf`), each with what
   * it means: a conflict, the partner's API unreachable. The server refuses to send one that is
   * not declared (decision 045), so the document cannot disagree with it.
   */
  errors?: Partial<Record<number, string>>;
}

/** Statuses many endpoints declare, in the same words. */
export const STATUS = {
  conflict: {
    409: 'Not possible in its present state (`code` says why: APPROVAL_CLOSED, INVALID_STATE_TRANSITION, POLICY_EXISTS, PAYEE_CHANGE_PENDING, …)',
  },
  partnerApi: {
    502: "The partner's API could not be reached, or refused the call (its problem is passed on)",
    503: "The environment's API credentials are not set yet, or the dashboard's database cannot be reached",
  },
} as const;

/** Every status an endpoint may answer, with what it means: implied by its shape, or declared. */
export function statusesOf(
  e: Pick<
    EndpointDef,
    | 'params'
    | 'query'
    | 'body'
    | 'upload'
    | 'roles'
    | 'access'
    | 'held'
    | 'errors'
    | 'method'
    | 'redirect'
  >,
): Map<number, string> {
  const statuses = new Map<number, string>(e.redirect ? [[303, e.redirect]] : [[200, 'Success']]);
  if (e.held) statuses.set(202, 'Held: the change waits for a second admin');
  if (e.query || e.body || e.upload) statuses.set(400, 'A field is not valid: see `errors`');
  if (e.access !== 'public') statuses.set(401, 'Not signed in, or the session has ended');
  statuses.set(
    403,
    e.roles
      ? `Needs the ${e.roles.join(' or ')} role; or a write without the ${CSRF_HEADER.name} header`
      : `A write without the ${CSRF_HEADER.name} header, or a session that must enrol an authenticator first`,
  );
  if (e.params) statuses.set(404, 'Nothing at this path');
  if (e.body || e.upload || e.method !== 'GET')
    statuses.set(413, e.upload ? 'The file is too large' : 'The body is larger than 1 MB');
  if (e.upload) statuses.set(415, 'Not one of the file types it takes');
  if (e.body) statuses.set(415, 'A body that is not JSON');
  statuses.set(429, 'Too many tries; see Retry-After');
  statuses.set(503, "The dashboard's database cannot be reached just now");
  for (const [status, meaning] of Object.entries(e.errors ?? {}))
    if (meaning) statuses.set(Number(status), meaning);
  return new Map([...statuses].sort(([a], [b]) => a - b));
}

/** A group of endpoints keyed by operation id: each key is its endpoint's `id`. */
export function endpoints<const G extends Record<string, Omit<EndpointDef, 'id'>>>(
  group: G,
): { [K in keyof G & string]: G[K] & { id: K } } {
  return Object.fromEntries(Object.entries(group).map(([id, e]) => [id, { id, ...e }])) as {
    [K in keyof G & string]: G[K] & { id: K };
  };
}

/** A query as the SPA gives it: numbers may stand for the digits a query string carries. */
type QueryInput<Q extends z.ZodType> = {
  [K in keyof z.input<Q>]?: z.input<Q>[K] | number | undefined;
};

/** What a call of an endpoint takes, typed from its schemas. */
export type EndpointInput<E extends EndpointDef> = (E extends { params: infer P extends z.ZodType }
  ? { params: { [K in keyof z.input<P>]: string | number } }
  : { params?: never }) &
  (E extends { query: infer Q extends z.ZodType } ? { query?: QueryInput<Q> } : { query?: never }) &
  (E extends { body: infer B extends z.ZodType }
    ? { body: z.input<B> }
    : E extends { upload: object }
      ? { body: Blob }
      : { body?: never });
