// The dashboard server, composed of plugins in the fastify/demo style (docs/decisions/027): the
// embedded sandbox at /sandbox (unless SANDBOX_API_BASE_URL points elsewhere); the /api scope
// with its CSRF check and problem replies, holding one plugin per concern whose endpoints are
// declared in src/api (session, account, admin, audit, money controls, index, saved views) and
// the proxy to the partner's environment; the webhook intake at /hooks/index; and the built SPA.
// They share `app.dashboard` (context.ts).
import type { FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Environment } from '#/api/dashboard';
import {
  answerUnhandled,
  createHttpApp,
  installJsonParser,
  notFoundOrNotAllowed,
  trackAllowedMethods,
  type TrustProxy,
} from '#/http/server';
import { JSON_BODY_LIMIT, sandboxPlugin, type SandboxHandles } from '#/sandbox/app';
import type { SandboxSettings } from '#/sandbox/domain/context';
import type { Credentials } from '#/sandbox/domain/partners';
import type { Store } from '#/sandbox/store';
import { type DashboardContext, SANDBOX_PREFIX } from './context';
import { hasBody, problem, PROBLEMS } from './request';
import { approvalLinkRoutes } from './plugins/approval-link-routes';
import { absenceStore } from './approvals/absences';
import { limitStore } from './controls/limits';
import { scheduleRoutes } from './schedules/routes';
import { proxyRoutes } from './plugins/proxy';
import { sessionRoutes } from './plugins/session-routes';
import { scimAdminRoutes, ssoRoutes } from './plugins/sso-routes';
import { ssoSignInRoutes } from './plugins/sso-sign-in-routes';
import { ssoStore } from './store/sso';
import { scimStore } from './scim/store';
import { SCIM_PREFIX, scimRoutes } from './scim/routes';
import { samlRoutes } from './plugins/saml-routes';
import { registerSpa } from './plugins/spa';
import { applySecurityHeaders, csrfRefusal, publicAddress } from './security';
import { ensureDemoWorkspace, rejectDemoQuote, seedDemoRecords } from './demo-workspace';
import type { DirectReader } from '#/sandbox/direct';
import { authCache } from './auth-cache';
import { controlsStore } from './controls/store';
import { controlChanges } from './controls/changes';
import { approvals } from './approvals/approvals';
import { moneyControls } from './controls/controls';
import { controlsRoutes } from './controls/routes';
import { transactionNotes } from './store/transaction-notes';
import { sandboxNotes } from './store/sandbox-notes';
import { merchantNotes } from './store/merchant-notes';
import { AUDIT_KEY_PURPOSE, type AuditSeal, sealAuditChain } from './store/audit';
import { type DashboardDb, isDatabaseUnavailable } from './store/db';
import { secondFactorStore } from './store/second-factor';
import type { Vault } from './store/vault';
import { workspaceStore } from './store/workspace';
import { accountRoutes } from './plugins/account-routes';
import { adminRoutes } from './plugins/admin-routes';
import { auditRoutes } from './plugins/audit-routes';
import { viewsRoutes } from './plugins/views-routes';
import { batchRoutes } from './plugins/batch-routes';
import { reportRoutes } from './plugins/report-routes';
import { statementRoutes } from './plugins/statement-routes';
import { batchStore } from './batches/store';
import { type OutboxOptions, outboxWorker } from './notifications/deliver';
import { notices } from './notifications/notices';
import { notificationStore } from './notifications/store';
import { liveHub } from './notifications/live';
import { notificationRoutes } from './plugins/notification-routes';
import type { SubmitterOptions } from './batches/submit';
import type { QuoterOptions } from './batches/quote';
import { savedViews } from './store/saved-views';
import { indexRoutes, registerIndexHooks } from './plugins/index-routes';
import { localIndex } from './local-index/store';
import { indexSync } from './local-index/sync';
import { embeddedUpstream, httpUpstream, type Upstream } from './upstream';
import { type DashboardMetrics, dashboardMetrics, operationOf } from './metrics';
import { traceServer, tracedUpstream } from './tracing';
import { registerProbes, serviceHooks } from './plugins/probes';
import { apiPacer } from './pacer';
import { apiBudget } from './api-budget';
import { serverJobs } from './server-jobs';
import { whenTransactionsEnd } from './approvals/transactions-ended';
import type { RecordsWritten } from './local-index/store-writes';
import { DASHBOARD_API } from '#/api/endpoints';
import { said } from '#/i18n/words';
import { REFUSED } from './refusal-words';

/** Every error of the dashboard's own routes as a problem body; an unexpected one is logged. */
async function answerErrorsAsProblems(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('retry-after', '5');
    return problem(request, reply, {
      status: 503,
      code: 'DATABASE_UNAVAILABLE',
      detail: said(REFUSED.databaseDown),
    });
  }
  return answerUnhandled(
    error,
    request,
    reply,
    PROBLEMS,
    'Something went wrong in the dashboard server.',
  );
}

export interface EmbeddedSandbox {
  store: Store;
  settings: SandboxSettings;
  rateLimit: number;
  demo: Credentials & {
    /** The demo partner and its seed were made on this start (the first). */
    seeded?: boolean | undefined;
    partnerId?: number | undefined;
  };
  expose?: (handles: SandboxHandles) => void;
}

export interface DashboardOptions {
  distDir: string;
  /**
   * How long a signed-in page may take to draw on the server before it is sent for the browser
   * to draw (docs/decisions/059); 1.5 s unless said. The journeys give it more: a busy test
   * machine's first drawing, cold, can take longer, and they check the drawing, not the budget.
   */
  drawBudgetMs?: number | undefined;
  /** The sandbox inside this server; absent when SANDBOX_API_BASE_URL is set. */
  embedded?: EmbeddedSandbox | undefined;
  sandboxBaseUrl?: string | undefined;
  /**
   * With SANDBOX_API_BASE_URL: the sandbox's demo partner (SANDBOX_API_KEY and _SECRET), for a
   * demo workspace on a sandbox of its own, as several servers share one.
   */
  sandboxDemo?: { apiKey: string; apiSecret: string } | undefined;
  liveBaseUrl?: string | undefined;
  /**
   * PUBLIC_URL: where people reach the dashboard. Every absolute URL, the CSRF origin check and the
   * cookie's flags (https: `__Host-` prefixed and Secure) come from it, never from `Host`.
   */
  publicUrl?: string | undefined;
  /** TRUST_PROXY: whose X-Forwarded-For and X-Forwarded-Proto to believe. */
  trustProxy?: TrustProxy | undefined;
  requestTimeoutMs?: number | undefined;
  headersTimeoutMs?: number | undefined;
  logger?: boolean | object;
  upstreamTimeoutMs?: number;
  /** The dashboard's own database and the vault for the API secrets in it. */
  workspace: { db: DashboardDb; vault: Vault };
  /** Where this server keeps the audit chain's anchor (beside its key); none in tests. */
  auditAnchorFile?: string | undefined;
  /** The sandbox demo workspace (people for every role, one-click sign-in); embedded only. */
  demoWorkspace?: boolean;
  /** The workspace's clock (tests move it forward). */
  now?: () => number;
  /**
   * Keep the local index fresh from when the server listens: a pass at once, then one every
   * `intervalMs`. Without it the index is still served and written through, but not synced.
   */
  indexSync?: { intervalMs: number; sweepPages?: number; webhookCheckMs?: number } | undefined;
  /** Mail (SMTP_URL, MAIL_FROM) and chat delivery of notifications (docs/decisions/035). */
  mail?: Pick<OutboxOptions, 'smtpUrl' | 'from' | 'allowPrivateChat' | 'intervalMs' | 'leaseMs'>;
  /** How the bulk payout worker paces itself (tests shorten its claim). */
  batchSubmitter?: SubmitterOptions;
  /** How the bulk quote worker paces itself (tests shorten its claim). */
  batchQuoter?: QuoterOptions;
  /**
   * The metrics scrape (docs/decisions/079): METRICS_TOKEN, the bearer token `/metrics` asks
   * for; `elsewhere` when it is served on a port of its own (METRICS_PORT) instead.
   */
  metrics?: { token?: string | undefined; elsewhere?: boolean } | undefined;
  /** Spans for requests, statements and API calls (decision 082): the SDK was started. */
  tracing?: boolean | undefined;
  /**
   * DASHBOARD_API_BUDGET: the background calls a second of each environment, all servers
   * together (docs/decisions/081). Half the embedded sandbox's rate limit, else 20.
   */
  apiBudgetPerSecond?: number | undefined;
}

/** Log redaction: credentials, cookies and the sign-in body never reach the logs. */
export const REDACT = [
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["x-api-secret"]',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'apiKey',
  'apiSecret',
];

export async function buildDashboardServer(options: DashboardOptions) {
  const app = await createHttpApp({
    ...PROBLEMS,
    logger: options.logger,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: options.trustProxy,
    requestTimeoutMs: options.requestTimeoutMs,
    headersTimeoutMs: options.headersTimeoutMs,
  });
  // Before any route: the request spans wrap every handler (decision 082).
  if (options.tracing) traceServer(app, options.workspace.db);
  const methods = trackAllowedMethods(app);
  installJsonParser(app, JSON_BODY_LIMIT);
  const address = publicAddress(options.publicUrl, () => {
    const listening = app.server.address();
    return typeof listening === 'object' && listening ? { port: listening.port } : undefined;
  });
  const sandboxBase = () => `${address.origin()}${SANDBOX_PREFIX}`;
  const now = options.now ?? Date.now;
  // What the server tells the platform (docs/decisions/079); draining from SIGTERM on.
  const metrics = dashboardMetrics();
  let draining = false;
  options.workspace.db.onQuery(metrics.query);
  serviceHooks(app, metrics, () => draining);
  const workspace = workspaceStore(options.workspace.db, options.workspace.vault, now);
  await app.register(cookie);

  // Callback-style hooks: no promise per request for work that never waits.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    applySecurityHeaders(reply);
    done(null, payload);
  });

  // Environments and how to reach each, every call counted and timed, whoever makes it.
  const embedded = options.sandboxBaseUrl ? undefined : options.embedded;
  const upstreams = await environments(app, options, sandboxBase, metrics);

  // The demo workspace: on the embedded sandbox, or on a sandbox of its own whose demo partner's
  // credentials are given (several servers on one sandbox); never beside a live environment.
  const demoPartner = embedded?.demo ?? options.sandboxDemo;
  const demoUsers =
    demoPartner && options.demoWorkspace && !options.liveBaseUrl
      ? await ensureDemoWorkspace(workspace, demoPartner)
      : [];
  // Notices written with the changes that cause them; the outbox delivers (decision 035).
  const notes = notices({ origin: () => address.origin(), now });
  const sso = ssoStore(options.workspace.db, options.workspace.vault, now);
  const controlsDb = controlsStore(options.workspace.db, now, notes);
  const decisions = approvals({ db: options.workspace.db, now, notices: notes });
  // The demo's approvals, on the start that seeded its sandbox (docs/decisions/041).
  if (demoUsers.length > 0 && embedded?.demo.seeded && embedded.demo.partnerId !== undefined)
    await seedDemoRecords(
      options.workspace.db,
      workspace,
      controlsDb,
      embedded.store,
      embedded.demo.partnerId,
    );
  // Before the index: the index tells it of bulk files' transactions that ended.
  const batches = batchStore(options.workspace.db, now, notes);
  // Records the index writes are told to the live hub, which is built after the controls that
  // read the index: it joins these listeners then.
  const recordsWritten: RecordsWritten[] = [];
  const index = localIndex(
    options.workspace.db,
    now,
    whenTransactionsEnd(batches, notes),
    async (trx, environment, kind, ids) => {
      for (const listener of recordsWritten) await listener(trx, environment, kind, ids);
    },
  );
  const pacer = apiPacer({
    budget: apiBudget(options.workspace.db, {
      perSecond:
        options.apiBudgetPerSecond ?? (embedded ? Math.max(1, embedded.rateLimit / 2) : 20),
    }),
  });
  const sync = indexSync({
    db: options.workspace.db,
    index,
    vault: options.workspace.vault,
    upstreams,
    pacer,
    credentials: (environment) => workspace.credentials(environment),
    // The embedded sandbox delivers to this server on its own address; an environment elsewhere
    // only when PUBLIC_URL says where this server is reached.
    hookUrl: (environment) =>
      (environment === 'sandbox' && embedded) || options.publicUrl
        ? `${address.origin()}/hooks/index/${environment}`
        : undefined,
    onWebhookFailing: (trx, environment, hook, again) =>
      notes.webhookFailing(trx, { environment, ...hook, again }),
    intervalMs: options.indexSync?.intervalMs ?? 10_000,
    sweepPages: options.indexSync?.sweepPages,
    webhookCheckMs: options.indexSync?.webhookCheckMs,
    log: (message, details) => app.log.info(details ?? {}, message),
  });
  // The audit chain's keyed hashes: entries from before them are sealed once, at start.
  const auditSeal: AuditSeal = {
    key: options.workspace.vault.derive(AUDIT_KEY_PURPOSE),
    anchorFile: options.auditAnchorFile,
  };
  await sealAuditChain(options.workspace.db, auditSeal);
  const controls = moneyControls({
    store: controlsDb,
    approvals: decisions,
    index,
    people: () => workspace.listUsers(),
    limits: limitStore(options.workspace.db, now),
    now,
  });
  const notifications = notificationStore(options.workspace.db, now);
  const live = liveHub({
    db: options.workspace.db,
    workspace,
    notifications: { store: notifications },
    controls,
    approvals: decisions,
    batches: { store: batches },
    now,
  });
  recordsWritten.push(live.written);
  app.addHook('preClose', async () => live.closeAll());

  const warn = (message: string, error: unknown) => app.log.warn({ err: error }, message);
  const outbox = outboxWorker(options.workspace.db, { ...options.mail, now, log: warn });
  // The server's background work, named once (docs/decisions/075).
  const jobs = serverJobs(
    {
      db: options.workspace.db,
      auditSeal,
      now,
      workspace,
      upstreams,
      pacer,
      sync,
      controls,
      outbox,
      batches,
      sso,
      notices: notes,
      waitingApprovals: controlsDb,
      origin: () => address.origin(),
    },
    {
      indexSync: options.indexSync !== undefined,
      batchSubmitter: options.batchSubmitter,
      batchQuoter: options.batchQuoter,
    },
    warn,
  );
  app.addHook('onListen', async () => jobs.start());
  metrics.watch({ db: options.workspace.db, now, jobs, sync, live });
  app.addHook('onClose', async () => jobs.stop());
  // The environments' connections close once the jobs using them have stopped.
  app.addHook('onClose', async () => {
    for (const upstream of upstreams.values()) await upstream.close?.();
  });
  const signedInCache = authCache(now);
  options.workspace.db.changed.listen(() => signedInCache.clear());
  const context: DashboardContext = {
    address,
    metrics,
    cookie: {
      name: address.secure ? '__Host-session' : 'session',
      options: { httpOnly: true, sameSite: 'strict', path: '/', secure: address.secure },
    },
    upstreams,
    pacer,
    environments: [...upstreams.keys()].map((id) => ({
      id,
      label: id === 'sandbox' ? 'Sandbox' : 'Live',
    })),
    db: options.workspace.db,
    workspace,
    approvals: decisions,
    controls,
    controlChanges: controlChanges(options.workspace.db, () => workspace.listUsers(), now),
    notes: transactionNotes(options.workspace.db, now),
    sandboxNotes: sandboxNotes(options.workspace.db, now),
    merchantNotes: merchantNotes(options.workspace.db, now),
    views: savedViews(options.workspace.db, now),
    auditSeal,
    secondFactor: secondFactorStore(options.workspace.db, options.workspace.vault, now),
    absences: absenceStore(options.workspace.db, now),
    sso,
    scim: scimStore(options.workspace.db, now),
    index,
    sync,
    jobs,
    batches: { store: batches },
    notifications: { store: notifications, outbox, notices: notes },
    live,
    authCache: signedInCache,
    demoUsers,
    now,
  };
  app.decorate('dashboard', context);
  app.decorate('requestServices', {
    sessions: {
      cookieName: context.cookie.name,
      workspace,
      authCache: signedInCache,
      secondFactor: context.secondFactor,
    },
    auditTrail: { db: options.workspace.db, now, seal: auditSeal },
  });
  // The demo's rejected quote is made through the controls, once the server answers (041).
  if (demoUsers.length > 0 && embedded?.demo.seeded && embedded.demo.partnerId !== undefined) {
    const { store, demo } = embedded;
    app.addHook('onListen', async () => {
      await rejectDemoQuote(context, store, demo.partnerId!).catch((error: unknown) =>
        app.log.warn({ err: error }, 'the demo rejection was not made'),
      );
    });
  }
  app.decorateRequest('signedIn', null);

  await app.register(
    async (api) => {
      // State-changing calls must come from the dashboard's own pages, checked before the body.
      api.addHook('onRequest', (request, reply, done) => {
        reply.header('cache-control', 'no-store');
        const refusal = csrfRefusal(request, address);
        if (!refusal) return done();
        if (hasBody(request)) reply.header('connection', 'close');
        // The reply is sent here: the request goes no further (done is not called).
        void problem(request, reply, { status: 403, code: 'CSRF_REJECTED', detail: refusal });
      });
      api.setErrorHandler(answerErrorsAsProblems);
      api.setNotFoundHandler(
        notFoundOrNotAllowed(
          methods,
          PROBLEMS,
          (method, path) => `There is nothing at ${method} ${path}.`,
        ),
      );
      // Each concern's endpoints, declared in src/api (docs/decisions/027), then the proxy.
      for (const routes of [
        sessionRoutes,
        ssoRoutes,
        ssoSignInRoutes,
        scimAdminRoutes,
        accountRoutes,
        adminRoutes,
        auditRoutes,
        controlsRoutes,
        indexRoutes,
        viewsRoutes,
        batchRoutes,
        scheduleRoutes,
        reportRoutes,
        statementRoutes,
      ])
        await api.register(routes);
      await api.register(notificationRoutes, {
        allowPrivateChat: options.mail?.allowPrivateChat ?? false,
      });
      await api.register(proxyRoutes);
    },
    { prefix: DASHBOARD_API },
  );

  // The directory's provisioning (SCIM 2.0): its own token, formats and errors (decision 052).
  await app.register(scimRoutes, { prefix: SCIM_PREFIX });
  // SAML's service where identity providers reach it (053); a mail's approval links (087).
  for (const outside of [samlRoutes, approvalLinkRoutes]) await app.register(outside);

  await app.register(
    async (hooks) => {
      // A delivery that is too large or broken is answered with a problem too.
      hooks.setErrorHandler(answerErrorsAsProblems);
      await hooks.register(registerIndexHooks);
    },
    { prefix: '/hooks/index' },
  );
  registerProbes(app, {
    db: options.workspace.db,
    metrics,
    draining: () => draining,
    metricsToken: options.metrics?.token,
    metricsElsewhere: options.metrics?.elsewhere ?? false,
  });
  registerSpa(app, options.distDir, options.drawBudgetMs);
  return {
    app,
    workspace,
    sync,
    metrics,
    /** SIGTERM: readiness turns false at once; requests are still served (docs/decisions/079). */
    drain() {
      draining = true;
    },
  };
}

/** The partner's environments this server reaches: the embedded sandbox, or each by its URL. */
async function environments(
  app: FastifyInstance,
  options: DashboardOptions,
  sandboxBase: () => string,
  metrics: DashboardMetrics,
): Promise<Map<Environment, Upstream>> {
  const upstreams = new Map<Environment, Upstream>();
  const embedded = options.sandboxBaseUrl ? undefined : options.embedded;
  if (embedded) {
    let reader: DirectReader | undefined;
    const { store, settings, rateLimit, expose } = embedded;
    await app.register(sandboxPlugin, {
      prefix: SANDBOX_PREFIX,
      store,
      settings,
      rateLimit,
      publicUrl: sandboxBase,
      ...(expose ? { expose } : {}),
      directReads: (read) => (reader = read),
    });
    upstreams.set(
      'sandbox',
      embeddedUpstream(app, SANDBOX_PREFIX, sandboxBase, () => reader),
    );
  } else if (options.sandboxBaseUrl) {
    upstreams.set('sandbox', httpUpstream(options.sandboxBaseUrl, options.upstreamTimeoutMs));
  }
  if (options.liveBaseUrl)
    upstreams.set('live', httpUpstream(options.liveBaseUrl, options.upstreamTimeoutMs));
  for (const [environment, upstream] of upstreams) {
    const measured = metrics.measured(environment, upstream);
    upstreams.set(
      environment,
      options.tracing ? tracedUpstream(environment, measured, operationOf) : measured,
    );
  }
  return upstreams;
}
