// The sandbox Partner Payments Service as a Fastify plugin: registered alone by main.ts, or
// under /sandbox by the dashboard server.
import type { FastifyError, FastifyInstance, FastifyPluginAsync } from 'fastify';
import { authHook, RateLimitedError, rateLimitHook } from './auth';
import type { DomainContext, SandboxSettings } from './domain/context';
import { DomainError } from './domain/errors';
import { completeKycReview, KYC_REVIEW_TASK } from './domain/merchants';
import {
  QUOTE_TASK,
  quoteTransaction,
  SETTLE_TASK,
  settleTransaction,
} from './domain/transactions';
import { mountPrefix, sendProblem } from './http';
import { docsRoutes } from './routes/docs';
import { fileRoutes } from './routes/files';
import { merchantRoutes } from './routes/merchants';
import { payoutAccountRoutes } from './routes/payout-accounts';
import { referenceRoutes } from './routes/reference';
import { transactionRoutes } from './routes/transactions';
import { webhookRoutes } from './routes/webhooks';
import { createScheduler } from './scheduler';
import { createDeliveryWorker } from './webhooks/worker';
import type { Store } from './store';

export const JSON_BODY_LIMIT = 1024 * 1024;

export interface SandboxOptions {
  store: Store;
  settings: SandboxSettings;
  /** Requests per second per partner. */
  rateLimit: number;
  now?: () => number;
  /** Tests: receives handles to run due tasks now and to wait for webhook deliveries. */
  expose?: (handles: SandboxHandles) => void;
}

export interface SandboxHandles {
  runDueTasks(): void;
  deliveriesIdle(): Promise<void>;
  ctx: DomainContext;
}

function installJsonParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT },
    (request, body, done) => {
      // Operations without a body are often called with the header and nothing after it.
      const text = body.toString();
      if (text.trim() === '') return done(null, undefined);
      parseJson(request, text, done);
    },
  );
}

function installErrorHandling(app: FastifyInstance) {
  const prefix = mountPrefix(app);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      if (error instanceof RateLimitedError)
        reply.header('retry-after', String(error.retryAfterSeconds));
      return sendProblem(
        request,
        reply,
        prefix,
        error.status,
        error.code,
        error.detail,
        error.errors,
      );
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return sendProblem(
        request,
        reply,
        prefix,
        413,
        'PAYLOAD_TOO_LARGE',
        'The body is larger than this operation accepts (1 MB of JSON, 10 MB for a file).',
      );
    }
    if (status === 415) {
      return sendProblem(
        request,
        reply,
        prefix,
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the body as JSON with the header Content-Type: application/json.',
      );
    }
    if (
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
    ) {
      return sendProblem(
        request,
        reply,
        prefix,
        400,
        'VALIDATION_ERROR',
        'The body is not valid JSON.',
        [{ field: 'body', message: 'is not valid JSON' }],
      );
    }
    if (status >= 400 && status < 500) {
      return sendProblem(request, reply, prefix, status, 'VALIDATION_ERROR', error.message);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendProblem(
      request,
      reply,
      prefix,
      500,
      'INTERNAL_ERROR',
      'Something went wrong on our side. Quote the request id if you report it.',
    );
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      request,
      reply,
      prefix,
      404,
      'NOT_FOUND',
      `There is no operation at ${request.method} ${request.url.split('?')[0]}.`,
    ),
  );
}

export const sandboxPlugin: FastifyPluginAsync<SandboxOptions> = async (app, options) => {
  const { store, settings } = options;
  const now = options.now ?? Date.now;
  const worker = createDeliveryWorker({ store, settings, log: app.log });
  let scheduled: (dueTime: number) => void = () => {};
  const ctx: DomainContext = {
    store,
    settings,
    now,
    scheduled: (due) => scheduled(due),
    deliveriesQueued: () => worker.notify(),
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
  app.addHook('onClose', async () => {
    scheduler.stop();
    worker.stop();
    await worker.idle();
  });

  app.decorate('sandboxStore', store);
  installJsonParser(app);
  installErrorHandling(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  docsRoutes(app);
  await app.register(async (v1) => {
    v1.decorateRequest('partner', null);
    v1.addHook('onRequest', authHook(store));
    v1.addHook('onRequest', rateLimitHook(options.rateLimit, now));
    referenceRoutes(v1);
    merchantRoutes(v1, ctx);
    payoutAccountRoutes(v1, ctx);
    transactionRoutes(v1, ctx);
    await fileRoutes(v1, ctx);
    webhookRoutes(v1, ctx);
  });
};

/** A server with only the sandbox in it: what `npm run sandbox` listens with and tests inject into. */
export async function createSandboxServer(options: SandboxOptions & { logger?: boolean | object }) {
  const { default: Fastify } = await import('fastify');
  const { randomUUID } = await import('node:crypto');
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: () => randomUUID(),
    bodyLimit: JSON_BODY_LIMIT,
    // Long path parameters reach the handler, which answers 400 naming the parameter.
    routerOptions: { maxParamLength: 1000 },
  });
  await app.register(sandboxPlugin, options);
  return app;
}
