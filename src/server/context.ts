// What the dashboard server's plugins share, decorated on the app as `dashboard`: where it is
// reached, its session cookie, the sessions, the environments and how to call each.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Environment, EnvironmentInfo } from '../api/dashboard';
import { type ProblemFields, replyProblem } from '../http/problem-reply';
import type { Credentials } from '../sandbox/domain/partners';
import type { PublicAddress } from './security';
import type { createSessionStore, Session } from './sessions';
import type { Upstream } from './upstream';

export const PROBLEMS = { typeBase: '/api/problems' };
/** Where the embedded sandbox is mounted: its base_url is PUBLIC_URL plus this. */
export const SANDBOX_PREFIX = '/sandbox';

export interface DashboardContext {
  address: PublicAddress;
  cookie: {
    name: string;
    options: { httpOnly: true; sameSite: 'strict'; path: '/'; secure: boolean };
  };
  sessions: ReturnType<typeof createSessionStore>;
  upstreams: Map<Environment, Upstream>;
  environments: EnvironmentInfo[];
  /** The demo partner, when the embedded sandbox is in use. */
  demo: Credentials | undefined;
  now: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    dashboard: DashboardContext;
  }
  interface FastifyRequest {
    /** The signed-in session of a proxied call (set before its body is read). */
    session: Session | null;
  }
}

/** The shared problem reply, with the dashboard server's options. */
export function problem(request: FastifyRequest, reply: FastifyReply, fields: ProblemFields) {
  return replyProblem(request, reply, PROBLEMS, fields);
}

export function sessionOf(request: FastifyRequest): Session | undefined {
  const { sessions, cookie } = request.server.dashboard;
  return sessions.touch(request.cookies[cookie.name]);
}

/** A request that carries a body we have not read (refusals close such connections). */
export function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
  );
}
