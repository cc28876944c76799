// What the dashboard server's plugins share, decorated on the app as `dashboard`: where it is
// reached, its session cookie, the environments and how to call each, and the team workspace
// (users, sessions, credentials, the money controls, the audit trail) in the dashboard's own database.
import type { ApiPacer } from './pacer';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fieldErrors } from '#/api/problem';
import type { Environment, EnvironmentInfo } from '#/api/dashboard';
import { type ProblemFields, replyProblem } from '#/http/problem-reply';
import { appendAudit, type AuditEntry, type AuditSeal } from './store/audit';
import type { MoneyControls } from './controls/controls';
import type { TransactionNotes } from './store/transaction-notes';
import type { SandboxNotes } from './store/sandbox-notes';
import type { SavedViews } from './store/saved-views';
import type { DashboardDb } from './store/db';
import type { secondFactorStore } from './store/second-factor';
import type { User, WorkspaceSession, WorkspaceStore } from './store/workspace';
import type { AuthCache } from './auth-cache';
import type { LocalIndex } from './local-index/store';
import type { ControlChanges } from './controls/changes';
import type { IndexSync } from './local-index/sync';
import type { PublicAddress } from './security';
import type { Upstream } from './upstream';
import type { BatchStore } from './batches/store';
import type { BatchSubmitter } from './batches/submit';
import type { OutboxWorker } from './notifications/deliver';
import type { NotificationStore } from './notifications/store';
import type { LiveHub } from './notifications/live';
import type { Notices } from './notifications/notices';

export const PROBLEMS = { typeBase: '/api/problems' };
/** Where the embedded sandbox is mounted: its base_url is PUBLIC_URL plus this. */
export const SANDBOX_PREFIX = '/sandbox';

export interface DashboardContext {
  address: PublicAddress;
  cookie: {
    name: string;
    options: { httpOnly: true; sameSite: 'strict'; path: '/'; secure: boolean };
  };
  upstreams: Map<Environment, Upstream>;
  /** The one pace of the server's own calls of each environment (./pacer.ts). */
  pacer: ApiPacer;
  /** The environments this server can reach, in the order offered. */
  environments: Pick<EnvironmentInfo, 'id' | 'label'>[];
  db: DashboardDb;
  workspace: WorkspaceStore;
  /** Who may move money: policies, approvals, payee changes (docs/decisions/025). */
  controls: MoneyControls;
  /** Changes of the controls waiting for a second admin (docs/decisions/042). */
  controlChanges: ControlChanges;
  /** The audit chain's key and this server's anchor (docs/decisions/026). */
  auditSeal: AuditSeal;
  /** Files and reasons the dashboard sent about transactions (docs/decisions/019). */
  notes: TransactionNotes;
  sandboxNotes: SandboxNotes;
  secondFactor: ReturnType<typeof secondFactorStore>;
  /** The local index of the partner's records, and what keeps it fresh (docs/decisions/018). */
  index: LocalIndex;
  sync: IndexSync;
  /** Bulk payout files and the worker that submits approved ones (docs/decisions/034). */
  batches: { store: BatchStore; submitter: BatchSubmitter };
  /** People's notifications and the outbox that mails and chats them (docs/decisions/035). */
  notifications: { store: NotificationStore; outbox: OutboxWorker; notices: Notices };
  /** The live event streams of open pages. */
  live: LiveHub;
  views: SavedViews;
  /** Who recent session cookies belong to (./auth-cache.ts). */
  authCache: AuthCache;
  /** Emails of the sandbox demo workspace's people (one-click sign-in), when it is on. */
  demoUsers: string[];
  now: () => number;
}

export interface SignedIn {
  token: string;
  session: WorkspaceSession;
  user: User;
  /**
   * One of the person's roles needs the second step and they have not enrolled an authenticator
   * yet: the session may only enrol, say who is signed in and sign out (docs/decisions/017).
   */
  mustEnrol: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    dashboard: DashboardContext;
  }
  interface FastifyContextConfig {
    /** The route is open to a session that must enrol its second step first. */
    beforeEnrolment?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in person of an /api call that needs one (set before its body is read). */
    signedIn: SignedIn | null;
  }
}

/** The shared problem reply, with the dashboard server's options. */
export function problem(request: FastifyRequest, reply: FastifyReply, fields: ProblemFields) {
  return replyProblem(request, reply, PROBLEMS, fields);
}

/** A 429 for too many wrong tries, saying when to try again (`what` names the tries). */
export function tooManyTries(
  request: FastifyRequest,
  reply: FastifyReply,
  wait: number,
  what: string,
) {
  reply.header('retry-after', String(wait));
  return problem(request, reply, {
    status: 429,
    code: 'RATE_LIMITED',
    detail: `Too many ${what}; try again in ${wait} s.`,
  });
}

/**
 * A part of the request parsed with `schema` as `{ value }` (which may itself be undefined, for
 * an optional body), or undefined once a 400 naming the fields is sent.
 */
export function readPart<S extends z.ZodType>(
  schema: S,
  where: 'body' | 'query' | 'params',
  request: FastifyRequest,
  reply: FastifyReply,
  detail: string,
): { value: z.output<S> } | undefined {
  const input = request[where];
  const result = schema.safeParse(input);
  if (result.success) return { value: result.data };
  void problem(request, reply, {
    status: 400,
    code: 'VALIDATION_ERROR',
    detail,
    errors: fieldErrors(result.error.issues, input, where),
  });
  return undefined;
}

/** The live session of the request's cookie, and its user (a disabled user has none). */
export async function signedInOf(request: FastifyRequest): Promise<SignedIn | undefined> {
  const { workspace, cookie, authCache } = request.server.dashboard;
  const token = request.cookies[cookie.name];
  if (!token) return undefined;
  const known = authCache.get(token);
  if (known) return { token, ...known };
  const session = await workspace.touchSession(token);
  if (!session) return undefined;
  const user = await workspace.userById(session.userId);
  if (!user || user.disabledAt !== null) return undefined;
  const mustEnrol =
    !user.secondFactor && (await request.server.dashboard.secondFactor.requiredFor(user.roles));
  authCache.set(token, { session, user, mustEnrol });
  return { token, session, user, mustEnrol };
}

/** A request that carries a body we have not read (refusals close such connections). */
export function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
  );
}

/** Records what a request did, with who, from where and its request id. */
export function audit(
  request: FastifyRequest,
  entry: Pick<AuditEntry, 'action' | 'outcome'> & Partial<AuditEntry>,
  actor: User | undefined = request.signedIn?.user,
) {
  const { dashboard } = request.server;
  return appendAudit(
    dashboard.db,
    {
      at: dashboard.now(),
      actorId: actor?.id ?? null,
      actorEmail: actor?.email ?? null,
      roles: actor?.roles ?? [],
      ip: request.ip,
      userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
      target: null,
      requestId: String(request.id),
      details: null,
      ...entry,
    },
    dashboard.auditSeal,
  );
}

/** Refuses a request from someone without one of `roles`, recording the refusal. */
export async function requireRole(
  request: FastifyRequest,
  reply: FastifyReply,
  roles: readonly string[],
  action: string,
): Promise<boolean> {
  const user = request.signedIn?.user;
  if (user && user.roles.some((role) => roles.includes(role))) return true;
  await audit(request, { action, outcome: 'refused', details: { reason: 'role', needs: roles } });
  await problem(request, reply, {
    status: 403,
    code: 'FORBIDDEN_ROLE',
    detail: `This needs the ${roles.join(' or ')} role.`,
  });
  return false;
}

/**
 * An onRequest hook: a signed-in person, or 401 before the body is read; a session that must
 * enrol its second step first reaches only the routes marked `beforeEnrolment` (403 otherwise).
 */
export async function requireSignIn(request: FastifyRequest, reply: FastifyReply) {
  const signedIn = await signedInOf(request);
  if (signedIn && (!signedIn.mustEnrol || request.routeOptions.config.beforeEnrolment)) {
    request.signedIn = signedIn;
    return;
  }
  if (hasBody(request)) reply.header('connection', 'close');
  if (signedIn) {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      await audit(
        request,
        {
          action: `${request.method} ${request.url.split('?')[0]}`,
          outcome: 'refused',
          details: { reason: 'second step not enrolled' },
        },
        signedIn.user,
      );
    }
    return problem(request, reply, {
      status: 403,
      code: 'SECOND_FACTOR_ENROLMENT_REQUIRED',
      detail:
        'Your role needs an authenticator app: set it up on your account page before anything else.',
    });
  }
  return problem(request, reply, {
    status: 401,
    code: 'UNAUTHORIZED',
    detail: 'Sign in again: the session has ended.',
  });
}
