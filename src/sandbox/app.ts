// The sandbox Partner Payments Service as a Fastify plugin: registered alone by main.ts, or
// under /sandbox by the dashboard server.
import path from 'node:path';
import type { FastifyError, FastifyInstance, FastifyPluginAsync } from 'fastify';
import { accessCheck, accessHook, RateLimitedError } from './auth';
import { type DirectReader, directReader } from './direct';
import type { DomainContext, SandboxSettings } from './domain/context';
import { DomainError } from './domain/errors';
import { completeKycReview, KYC_REVIEW_TASK } from './domain/merchants';
import {
  QUOTE_TASK,
  quoteTransaction,
  SETTLE_TASK,
  settleTransaction,
} from './domain/transactions';
import {
  answerUnhandled,
  installJsonParser,
  createHttpApp,
  notFoundOrNotAllowed,
  trackAllowedMethods,
  type TrustProxy,
} from '#/http/server';
import { replyProblem } from '#/http/problem-reply';
import { type DirectRead, mountPrefix } from './http';
import { consoleRoutes } from './routes/console';
import { docsRoutes } from './routes/docs';
import { fileRoutes } from './routes/files';
import { merchantRoutes } from './routes/merchants';
import { payoutAccountRoutes } from './routes/payout-accounts';
import { referenceRoutes } from './routes/reference';
import { transactionRoutes } from './routes/transactions';
import { webhookRoutes } from './routes/webhooks';
import { eventStreams } from './event-stream';
import { faultBoard } from './faults';
import { requestLog as openRequestLog, requestLogHook } from './request-log';
import { createScheduler } from './scheduler';
import { createDeliveryWorker, sendSigned } from './webhooks/worker';
import type { Store } from './store';

export const JSON_BODY_LIMIT = 1024 * 1024;

export interface SandboxOptions {
  store: Store;
  settings: SandboxSettings;
  /** Requests per second per partner. */
  rateLimit: number;
  /**
   * This sandbox's {base_url} as callers reach it (PUBLIC_URL, plus /sandbox when embedded): file
   * and agreement links and the reference are written with it, never with the request's Host.
   */
  publicUrl: () => string;
  now?: () => number;
  /** Tests: receives handles to run due tasks now and to wait for webhook deliveries. */
  expose?: (handles: SandboxHandles) => void;
  /** Embedded: receives the reader that answers GETs without simulating HTTP (./direct.ts). */
  directReads?: (read: DirectReader) => void;
}

export interface SandboxHandles {
  runDueTasks(): void;
  deliveriesIdle(): Promise<void>;
  ctx: DomainContext;
}

function installErrorHandling(app: FastifyInstance) {
  const prefix = mountPrefix(app);
  const problems = { typeBase: `${prefix}/docs` };
  const methods = trackAllowedMethods(app);
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      if (error instanceof RateLimitedError)
        reply.header('retry-after', String(error.retryAfterSeconds));
      return replyProblem(request, reply, problems, error);
    }
    return answerUnhandled(
      error,
      request,
      reply,
      problems,
      'Something went wrong on our side. Quote the request id if you report it.',
    );
  });
  app.setNotFoundHandler(
    notFoundOrNotAllowed(
      methods,
      problems,
      (method, path) => `There is no operation at ${method} ${path}.`,
    ),
  );
}

export const sandboxPlugin: FastifyPluginAsync<SandboxOptions> = async (app, options) => {
  const { store, settings } = options;
  const now = options.now ?? Date.now;
  const worker = createDeliveryWorker({ store, settings, log: app.log });
  const streams = eventStreams(store);
  let scheduled: (dueTime: number) => void = () => {};
  const ctx: DomainContext = {
    store,
    settings,
    now,
    scheduled: (due) => scheduled(due),
    deliveriesQueued: () => worker.notify(),
    sendWebhook: (url, secret, event) => sendSigned(settings, url, secret, event, 1, now),
    eventResent: (partnerId, event) => streams.resent(partnerId, event),
  };
  const scheduler = createScheduler(
    ctx,
    {
      [KYC_REVIEW_TASK]: completeKycReview,
      [QUOTE_TASK]: quoteTransaction,
      [SETTLE_TASK]: settleTransaction,
    },
    app.log,
  );
  scheduled = scheduler.scheduled;
  options.expose?.({ runDueTasks: scheduler.runDue, deliveriesIdle: worker.idle, ctx });
  app.addHook('onReady', async () => {
    scheduler.start();
    worker.start();
  });
  // Beside the database file; in memory only when the database is.
  const file = store.db.name;
  const requestLog = openRequestLog(
    file === ':memory:' || file === '' ? undefined : path.join(path.dirname(file), 'request-log'),
    now,
  );
  app.addHook('onClose', async () => {
    scheduler.stop();
    worker.stop();
    await worker.idle();
    requestLog.flush();
  });
  // Open event streams would hold the server open: they end first.
  app.addHook('preClose', async () => streams.closeAll());

  app.decorate('sandboxStore', store);
  const faults = faultBoard(now);
  app.decorate('sandboxFaults', faults);
  const reads: DirectRead[] = [];
  app.decorate('sandboxDirectReads', reads);
  app.decorate('sandboxPublicUrl', options.publicUrl);
  // JSON only: any other type of body is refused (415) before a route sees it.
  app.removeAllContentTypeParsers();
  installJsonParser(app, JSON_BODY_LIMIT);
  installErrorHandling(app);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  docsRoutes(app);
  await app.register(async (v1) => {
    v1.decorateRequest('partner', null);
    v1.decorateRequest('operationId', null);
    const access = accessCheck(store, options.rateLimit, now);
    v1.addHook('onRequest', accessHook(access));
    v1.addHook('onSend', requestLogHook(requestLog, now));
    referenceRoutes(v1);
    merchantRoutes(v1, ctx);
    payoutAccountRoutes(v1, ctx);
    transactionRoutes(v1, ctx);
    await fileRoutes(v1, ctx);
    webhookRoutes(v1, ctx);
    consoleRoutes(v1, ctx, requestLog, faults, scheduler);
    streams.routes(v1);
    options.directReads?.(
      directReader(
        reads,
        access,
        `${mountPrefix(app)}/docs`,
        (entry) => requestLog.record(entry),
        now,
        faults,
      ),
    );
  });
};

/** A server with only the sandbox in it: what `npm run sandbox` listens with and tests inject into. */
export async function createSandboxServer(
  options: SandboxOptions & {
    logger?: boolean | object;
    trustProxy?: TrustProxy | undefined;
    requestTimeoutMs?: number | undefined;
    headersTimeoutMs?: number | undefined;
  },
) {
  const app = await createHttpApp({
    typeBase: '/docs',
    logger: options.logger,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: options.trustProxy,
    requestTimeoutMs: options.requestTimeoutMs,
    headersTimeoutMs: options.headersTimeoutMs,
  });
  await app.register(sandboxPlugin, options);
  return app;
}
