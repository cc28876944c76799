// The dashboard server's own endpoints under /api, each declared once like the partner API's
// operations: method, path, who may call it, and the schemas of its request and answer. The
// server registers its handlers against these entries (src/server/endpoint.ts) and the SPA calls
// them with the same typed `call` as the API's operations.
import type { z } from 'zod';
import type { Method } from './operations';
import type { Role } from './roles';

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
  /** Who may call it; every signed-in person when absent. A refusal is audited. */
  roles?: readonly Role[];
  /** How the audit trail names a call of it. */
  audit?: string;
}

export function endpoint<const E extends EndpointDef>(definition: E): E {
  return definition;
}

/** What a call of an endpoint takes, typed from its schemas. */
export type EndpointInput<E extends EndpointDef> = (E extends { params: infer P extends z.ZodType }
  ? { params: z.input<P> }
  : { params?: never }) &
  (E extends { query: infer Q extends z.ZodType } ? { query?: z.input<Q> } : { query?: never }) &
  (E extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : { body?: never });
