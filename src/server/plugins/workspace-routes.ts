// The team workspace's own endpoints, for signed-in people: what the dashboard sent with a
// transaction, the audit trail (with CSV), the admin's settings (API credentials, people and
// roles, the second step per role) and one's own account (password, authenticator; sign-out
// everywhere is in session-routes). Approvals and policies are the money controls' (../controls).
import { csvCell } from '../../api/csv';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AuditOutcome, CredentialsForm, Email, Role } from '../../api/dashboard';
import { WORKSPACE_ROLES } from '../../api/roles';
import { PRODUCTS } from '../../api/schemas/transaction';
import {
  audit,
  parseBody,
  parseQuery,
  problem,
  requireRole,
  requireSignIn,
  tooManyTries,
} from '../context';
import type { AuditRow } from '../store/audit';
import { signInFailures } from '../store/sign-in-failures';
import type { User } from '../store/workspace';
import { DASHBOARD_BACKGROUND } from '../../api/schemas/platform';

const ADMIN = WORKSPACE_ROLES.administer;
const AUDIT_READERS = WORKSPACE_ROLES.readAudit;

const CSV_COLUMNS: (keyof AuditRow)[] = [
  'seq',
  'at',
  'actorEmail',
  'roles',
  'ip',
  'userAgent',
  'action',
  'target',
  'outcome',
  'requestId',
  'details',
  'hash',
];

export const workspaceRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.dashboard;
  // Guesses of one's own password or codes while signed in: ten a minute per person.
  const secretGuesses = signInFailures(ctx.db, { max: 10, windowMs: 60_000, now: ctx.now });
  app.addHook('onRequest', requireSignIn);

  /** The transaction a `/…/:product/:id` route names in the session's environment, or a 404. */
  const transactionOf = (request: FastifyRequest, reply: FastifyReply) => {
    const params = z
      .object({ product: z.enum(PRODUCTS), id: z.coerce.number().int().positive() })
      .safeParse(request.params);
    if (params.success)
      return {
        environment: request.signedIn!.session.environment,
        product: params.data.product,
        transactionId: params.data.id,
      };
    void problem(request, reply, {
      status: 404,
      code: 'NOT_FOUND',
      detail: 'No such transaction.',
    });
    return undefined;
  };

  // Files and reasons the dashboard sent with a transaction (docs/decisions/019).
  app.get('/transactions/:product/:id/notes', async (request, reply) => {
    const ref = transactionOf(request, reply);
    return ref ? { results: await ctx.notes.of(ref) } : reply;
  });

  // The audit trail
  app.get('/audit', async (request, reply) => {
    if (!(await requireRole(request, reply, AUDIT_READERS, 'read audit trail'))) return reply;
    const q = parseQuery(
      z.object({
        before: z.coerce.number().int().positive().optional(),
        limit: z.coerce.number().int().min(1).max(1000).default(50),
        actor: z.string().max(254).optional(),
        action: z.string().max(200).optional(),
        outcome: AuditOutcome.optional(),
        format: z.enum(['json', 'csv']).default('json'),
      }),
      request,
      reply,
      'The filters are not valid.',
    );
    if (!q) return reply;
    let select = ctx.db.db.selectFrom('audit_log').selectAll().orderBy('seq', 'desc');
    if (q.before) select = select.where('seq', '<', q.before);
    if (q.actor) select = select.where('actor_email', '=', q.actor.toLowerCase());
    if (q.action) select = select.where('action', 'like', `%${q.action.replace(/[%_]/g, '')}%`);
    if (q.outcome) select = select.where('outcome', '=', q.outcome);
    const rows = await select.limit(q.limit + 1).execute();
    const results = rows.slice(0, q.limit).map((row) => ({
      seq: Number(row.seq),
      at: Number(row.at),
      actorEmail: row.actor_email,
      roles: row.roles ? row.roles.split(',') : [],
      ip: row.ip,
      userAgent: row.user_agent,
      action: row.action,
      target: row.target,
      outcome: row.outcome,
      requestId: row.request_id,
      details: row.details === null ? null : (JSON.parse(row.details) as unknown),
      hash: row.hash,
    }));
    if (q.format === 'csv') {
      const lines = [
        CSV_COLUMNS.join(','),
        ...results.map((r) => CSV_COLUMNS.map((c) => csvCell(r[c as keyof typeof r])).join(',')),
      ];
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit.csv"')
        .send(`${lines.join('\r\n')}\r\n`);
    }
    return { results, hasMore: rows.length > q.limit };
  });

  // Admin: API credentials per environment
  app.get('/admin/credentials', async (request, reply) => {
    if (!(await requireRole(request, reply, ADMIN, 'read credentials'))) return reply;
    return { results: await ctx.workspace.credentialHints() };
  });

  app.put('/admin/credentials/:environment', async (request, reply) => {
    const { environment } = request.params as { environment: 'sandbox' | 'live' };
    const action = 'set API credentials';
    if (!(await requireRole(request, reply, ADMIN, action))) return reply;
    const upstream = ctx.upstreams.get(environment);
    if (!upstream)
      return problem(request, reply, {
        status: 404,
        code: 'NOT_FOUND',
        detail: `There is no ${environment} environment on this server.`,
      });
    const body = parseBody(CredentialsForm, request, reply, 'Give the API key and secret.');
    if (!body) return reply;
    // The credentials are checked against the environment itself before they are kept.
    const check = await upstream
      .send({
        method: 'GET',
        path: '/v1/currency/',
        headers: {
          accept: 'application/json',
          'x-api-key': body.apiKey,
          'x-api-secret': body.apiSecret,
          [DASHBOARD_BACKGROUND.header]: DASHBOARD_BACKGROUND.value,
        },
      })
      .catch(() => undefined);
    if (!check || check.status !== 200) {
      await audit(request, {
        action,
        target: environment,
        outcome: 'refused',
        details: { status: check?.status ?? null },
      });
      return problem(request, reply, {
        status: check ? 400 : 502,
        code: check ? 'VALIDATION_ERROR' : 'UPSTREAM_UNAVAILABLE',
        detail: check
          ? `The ${environment} API did not accept this API key and secret.`
          : `The ${environment} API could not be reached.`,
        errors: check ? [{ field: 'apiSecret', message: 'does not match the API key' }] : undefined,
      });
    }
    const before = await ctx.workspace.credentials(environment);
    await ctx.workspace.setCredentials(environment, body, request.signedIn!.user.email);
    // Another API key is another partner's records: the local index starts again from them.
    const otherPartner = before !== undefined && before.apiKey !== body.apiKey;
    if (otherPartner) await ctx.index.clear(environment);
    void ctx.sync.syncNow(environment);
    await audit(request, {
      action,
      target: environment,
      outcome: 'ok',
      details: { apiKeyLast4: body.apiKey.slice(-4), indexCleared: otherPartner },
    });
    return { results: await ctx.workspace.credentialHints() };
  });

  // Admin: people and roles
  app.get('/admin/users', async (request, reply) => {
    if (!(await requireRole(request, reply, ADMIN, 'list users'))) return reply;
    return { results: await ctx.workspace.listUsers() };
  });

  app.post('/admin/users', async (request, reply) => {
    const action = 'create user';
    if (!(await requireRole(request, reply, ADMIN, action))) return reply;
    const body = parseBody(
      z.object({
        email: Email,
        name: z.string().trim().min(1, { error: 'is required' }).max(200),
        roles: z.array(Role).min(1, { error: 'must name at least one role' }),
      }),
      request,
      reply,
      'Give the person’s email, name and roles.',
    );
    if (!body) return reply;
    if (await ctx.workspace.userByEmail(body.email)) {
      return problem(request, reply, {
        status: 400,
        code: 'VALIDATION_ERROR',
        detail: 'Someone already has this email address.',
        errors: [{ field: 'email', message: 'is already taken' }],
      });
    }
    const { user, password } = await ctx.workspace.createUser(body);
    await audit(request, {
      action,
      target: user.email,
      outcome: 'ok',
      details: { roles: user.roles },
    });
    // The one-time password is shown once, to the admin: there is no mail server.
    return { user, oneTimePassword: password };
  });

  app.put('/admin/users/:id/roles', async (request, reply) => {
    const action = 'set roles';
    if (!(await requireRole(request, reply, ADMIN, action))) return reply;
    const body = parseBody(z.object({ roles: z.array(Role) }), request, reply, 'Give the roles.');
    if (!body) return reply;
    const { id } = request.params as { id: string };
    const before = await ctx.workspace.userById(id);
    if (!before)
      return problem(request, reply, { status: 404, code: 'NOT_FOUND', detail: 'No such person.' });
    await ctx.workspace.setRoles(id, body.roles);
    await audit(request, {
      action,
      target: before.email,
      outcome: 'ok',
      details: { from: before.roles, to: body.roles },
    });
    return ctx.workspace.userById(id);
  });

  app.post('/admin/users/:id/end-sessions', async (request, reply) => {
    const action = 'end sessions';
    if (!(await requireRole(request, reply, ADMIN, action))) return reply;
    const { id } = request.params as { id: string };
    const user = await ctx.workspace.userById(id);
    if (!user)
      return problem(request, reply, { status: 404, code: 'NOT_FOUND', detail: 'No such person.' });
    const ended = await ctx.workspace.endAllSessions(id);
    await audit(request, { action, target: user.email, outcome: 'ok', details: { ended } });
    return { ended };
  });

  app.post('/admin/users/:id/reset-link', async (request, reply) => {
    const action = 'issue reset link';
    if (!(await requireRole(request, reply, ADMIN, action))) return reply;
    const { id } = request.params as { id: string };
    const user = await ctx.workspace.userById(id);
    if (!user)
      return problem(request, reply, { status: 404, code: 'NOT_FOUND', detail: 'No such person.' });
    const { token, expiresAt } = await ctx.workspace.issueReset(id);
    await audit(request, { action, target: user.email, outcome: 'ok' });
    // Shown once, to the admin, who hands it over: there is no mail server.
    return { link: `${ctx.address.origin()}/reset-password?token=${token}`, expiresAt };
  });

  // Admin: the second step per role (approval policies are the money controls': ../controls)
  app.get('/admin/roles', async (request, reply) => {
    if (!(await requireRole(request, reply, ADMIN, 'read role settings'))) return reply;
    return { requireTotp: await ctx.secondFactor.requiredRoles() };
  });

  app.put('/admin/roles/:role', async (request, reply) => {
    const action = 'set second step';
    if (!(await requireRole(request, reply, ADMIN, action))) return reply;
    const role = Role.safeParse((request.params as { role: string }).role);
    const body = parseBody(
      z.object({ requireTotp: z.boolean() }),
      request,
      reply,
      'Say whether the role needs the second step.',
    );
    if (!body) return reply;
    if (!role.success)
      return problem(request, reply, { status: 404, code: 'NOT_FOUND', detail: 'No such role.' });
    await ctx.secondFactor.requireForRole(role.data, body.requireTotp);
    await audit(request, { action, target: role.data, outcome: 'ok', details: body });
    return { role: role.data, requireTotp: body.requireTotp };
  });

  // One's own account
  app.post('/account/password', { config: { beforeEnrolment: true } }, async (request, reply) => {
    const body = parseBody(
      z.object({
        current: z.string().min(1, { error: 'is required' }),
        next: z.string().min(12, { error: 'must be at least 12 characters' }).max(200),
      }),
      request,
      reply,
      'Give your current password and a new one of at least 12 characters.',
    );
    if (!body) return reply;
    const { user, token } = request.signedIn!;
    if (await refusedSecrets(request, reply, user, { password: body.current })) return reply;
    await ctx.workspace.setPassword(user.id, body.next);
    // Whoever knew the old password is signed out everywhere else.
    const ended = await ctx.workspace.endOtherSessions(user.id, token);
    await audit(request, { action: 'change password', outcome: 'ok', details: { ended } });
    return { changed: true };
  });

  /**
   * The person's password (and their authenticator's code, when they have one), guessed at most
   * ten times a minute: false when right, true once the refusal is sent. (A boolean: a reply is
   * thenable, so an async function cannot hand one back as a value.)
   */
  async function refusedSecrets(
    request: FastifyRequest,
    reply: FastifyReply,
    user: User,
    given: { password: string; code?: string | undefined },
  ) {
    const action = given.code === undefined ? 'change password' : 'replace authenticator';
    const attempt = await secretGuesses.attempt(`secret:${user.id}`);
    if ('wait' in attempt) {
      await audit(request, { action, outcome: 'refused', details: { reason: 'rate limited' } });
      await tooManyTries(request, reply, attempt.wait, 'wrong tries');
      return true;
    }
    const errors = [];
    if (!(await ctx.workspace.checkPassword(user.email, given.password)))
      errors.push({
        field: given.code === undefined ? 'current' : 'password',
        message: 'is not right',
      });
    else if (given.code !== undefined) {
      const code = given.code.trim();
      const good = /^\d{6}$/.test(code)
        ? await ctx.secondFactor.checkCode(user.id, code)
        : await ctx.secondFactor.useRecoveryCode(user.id, code);
      if (!good) errors.push({ field: 'code', message: 'is wrong or already used' });
    }
    if (errors.length === 0) {
      await secretGuesses.succeeded(attempt.ticket);
      return false;
    }
    await audit(request, {
      action,
      outcome: 'refused',
      details: { fields: errors.map((e) => e.field) },
    });
    await problem(request, reply, {
      status: 400,
      code: 'VALIDATION_ERROR',
      detail:
        errors[0]!.field === 'code'
          ? 'The code is wrong, or was already used.'
          : 'The current password is not right.',
      errors,
    });
    return true;
  }

  // A first authenticator needs the session; replacing one needs the password and a code of the
  // one it replaces: a session alone never removes the second step.
  app.post('/account/totp', { config: { beforeEnrolment: true } }, async (request, reply) => {
    const { user } = request.signedIn!;
    if (user.secondFactor) {
      const body = parseBody(
        z.object({
          password: z.string({ error: 'is required' }).min(1, { error: 'is required' }),
          code: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }),
        }),
        request,
        reply,
        'Replacing your authenticator needs your password and a code from the one you have now (or a recovery code).',
      );
      if (!body) return reply;
      if (await refusedSecrets(request, reply, user, body)) return reply;
      await audit(request, { action: 'replace authenticator', outcome: 'ok' });
    }
    return ctx.secondFactor.beginEnrolment(user.id, user.email);
  });

  app.post(
    '/account/totp/confirm',
    { config: { beforeEnrolment: true } },
    async (request, reply) => {
      const body = parseBody(
        z.object({
          code: z
            .string()
            .trim()
            .regex(/^\d{6}$/, { error: 'must be the 6 digits your app shows' }),
        }),
        request,
        reply,
        'Enter the code from your authenticator app.',
      );
      if (!body) return reply;
      const { user } = request.signedIn!;
      const attempt = await secretGuesses.attempt(`enrol:${user.id}`);
      if ('wait' in attempt) return tooManyTries(request, reply, attempt.wait, 'wrong codes');
      const codes = await ctx.secondFactor.confirmEnrolment(user.id, body.code);
      if (codes) await secretGuesses.succeeded(attempt.ticket);
      if (!codes) {
        return problem(request, reply, {
          status: 400,
          code: 'VALIDATION_ERROR',
          detail: 'That code does not match; check the time on your phone and try the next one.',
          errors: [{ field: 'code', message: 'does not match' }],
        });
      }
      await audit(request, { action: 'enrol authenticator', outcome: 'ok' });
      return { recoveryCodes: codes };
    },
  );
};
