// What every route handler of the dashboard server uses: problem answers, reading a part of the
// request, the signed-in person, role checks and the audit of what a request did. What these read
// is `RequestServices`, decorated on the app by ./app.ts and declared here, no more than they use;
// this file imports none of the services, so any of them may use it.
import { isRole, needsRole } from '#/api/roles';
import { REFUSED } from './refusal-words';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { IDLE_HEADER } from '#/api/endpoints';
import { fieldErrors } from '#/api/problem';
import { type ProblemFields, replyProblem } from '#/http/problem-reply';
import type { Role } from '#/api/roles';
import { isSaid, said, type Said, type Words } from '#/i18n/words';
import { answerLanguage, sayIn, sayText, sayWithin } from './words';
import { appendAudit, type AuditEntry, type AuditSeal } from './store/audit';
import type { DashboardDb } from './store/db';
import type { User, WorkspaceSession, WorkspaceStore } from './store/workspace';

export const PROBLEMS = { typeBase: '/api/problems' };

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

/** What the helpers of this file read: sessions and the audit trail. */
export interface RequestServices {
  sessions: {
    cookieName: string;
    workspace: Pick<WorkspaceStore, 'touchSession' | 'userById'>;
    /** Who recent session cookies belong to (./auth-cache.ts). */
    authCache: {
      get(token: string): Omit<SignedIn, 'token'> | undefined;
      set(token: string, signedIn: Omit<SignedIn, 'token'>): void;
    };
    secondFactor: { requiredFor(roles: readonly Role[]): Promise<boolean> };
  };
  auditTrail: { db: DashboardDb; now: () => number; seal: AuditSeal };
}

declare module 'fastify' {
  interface FastifyInstance {
    requestServices: RequestServices;
  }
}

/** A problem of the dashboard: its detail may be words told in the reader's language. */
export type DashboardProblem = Omit<ProblemFields, 'detail'> & { detail: string | Said };

/** The language an answer to `request` is written in (decision 091). */
export const languageOf = (request: FastifyRequest) =>
  answerLanguage(request.signedIn?.user.language, request.headers['accept-language']);

/**
 * The shared problem reply, with the dashboard server's options; a detail given as words is
 * written in the reader's language, the code unchanged (decision 091).
 */
export function problem(request: FastifyRequest, reply: FastifyReply, fields: DashboardProblem) {
  const language = languageOf(request);
  return replyProblem(request, reply, PROBLEMS, {
    ...fields,
    // Codes of words in a detail are told too; plain text stays as it is.
    detail: isSaid(fields.detail)
      ? sayIn(language, fields.detail)
      : sayText(language, fields.detail),
    // The contract's validation messages travel as codes: written in the reader's language.
    ...(fields.errors
      ? { errors: fields.errors.map((e) => ({ ...e, message: sayText(language, e.message) })) }
      : {}),
  });
}

/** A 400 for input that is not valid: a sentence for the whole, and the fields at fault. */
export function invalidInput(
  request: FastifyRequest,
  reply: FastifyReply,
  detail: string | Said,
  errors?: ProblemFields['errors'],
) {
  return problem(request, reply, {
    status: 400,
    code: 'VALIDATION_ERROR',
    detail,
    ...(errors ? { errors } : {}),
  });
}

/** A 429 for too many wrong tries, saying when to try again (`what` names the tries). */
export function tooManyTries(
  request: FastifyRequest,
  reply: FastifyReply,
  wait: number,
  what: Words,
) {
  reply.header('retry-after', String(wait));
  return problem(request, reply, {
    status: 429,
    code: 'RATE_LIMITED',
    detail: said(what, { wait }),
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
  detail: string | Said,
): { value: z.output<S> } | undefined {
  const input = request[where];
  const result = schema.safeParse(input);
  if (result.success) return { value: result.data };
  void invalidInput(request, reply, detail, fieldErrors(result.error.issues, input, where, true));
  return undefined;
}

/**
 * How long the person has been away, as the page says in IDLE_HEADER (docs/decisions/061): whole
 * milliseconds; anything else, or no header, counts the request as the person's own.
 */
function awayFor(request: FastifyRequest): number {
  const said = request.headers[IDLE_HEADER];
  if (typeof said !== 'string' || !/^\d{1,12}$/.test(said)) return 0;
  return Number(said);
}

/** The live session of the request's cookie, and its user (a disabled user has none). */
export async function signedInOf(request: FastifyRequest): Promise<SignedIn | undefined> {
  const { workspace, cookieName, authCache, secondFactor } =
    request.server.requestServices.sessions;
  const token = request.cookies[cookieName];
  if (!token) return undefined;
  const known = authCache.get(token);
  if (known) return { token, ...known };
  const session = await workspace.touchSession(token, awayFor(request));
  if (!session) return undefined;
  const user = await workspace.userById(session.userId);
  if (!user || user.disabledAt !== null) return undefined;
  const mustEnrol = !user.secondFactor && (await secondFactor.requiredFor(user.roles));
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
  const { db, now, seal } = request.server.requestServices.auditTrail;
  return appendAudit(
    db,
    {
      at: now(),
      actorId: actor?.id ?? null,
      actorEmail: actor?.email ?? null,
      roles: actor?.roles ?? [],
      ip: request.ip,
      userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
      target: null,
      requestId: String(request.id),
      ...entry,
      // The audit trail keeps English (decision 092): words in the details are written so.
      details: (entry.details ? sayWithin(entry.details, null) : null) as AuditEntry['details'],
    },
    seal,
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
    detail: needsRole(roles.filter(isRole)),
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
      detail: said(REFUSED.enrolFirst),
    });
  }
  return problem(request, reply, {
    status: 401,
    code: 'UNAUTHORIZED',
    detail: said(REFUSED.sessionEnded),
  });
}

/**
 * Forms posted by a page of the server's own (SAML's POST binding, a mail's approval link): read
 * as plain fields, at most `bodyLimit` bytes (a larger one is answered 413).
 */
export function acceptForms(app: FastifyInstance, bodyLimit: number) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body.toString()))),
  );
}
