import type { FastifyInstance } from 'fastify';
import { operations } from '#/api/operations';
import { partnerOf } from '../auth';
import type { DomainContext } from '../domain/context';
import { listEvents } from '../domain/event-log';
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  resendEvent,
  rotateWebhookSecret,
  testWebhook,
} from '../domain/webhooks';
import { route, validationProblem } from '../http';
import { webhookUrlProblem } from '#/http/outbound-targets';

export function webhookRoutes(app: FastifyInstance, ctx: DomainContext) {
  route(
    app,
    operations.createWebhook,
    ({ body }, req) => createWebhook(ctx, partnerOf(req).id, body.url),
    {
      prepare: async ({ body }) => {
        const problem = await webhookUrlProblem(body.url, ctx.settings.webhookAllowPrivate);
        if (problem) throw validationProblem([{ field: 'url', message: problem }]);
      },
    },
  );
  route(app, operations.listWebhooks, (_input, req) => listWebhooks(ctx, partnerOf(req).id));
  route(app, operations.rotateWebhookSecret, ({ params }, req) =>
    rotateWebhookSecret(ctx, partnerOf(req).id, params.id),
  );
  route(app, operations.deleteWebhook, ({ params }, req) =>
    deleteWebhook(ctx, partnerOf(req).id, params.id),
  );
  // The test delivery is awaited before the (empty) write, so a replayed key answers the same.
  route(app, operations.testWebhook, (_input, _req, _reply, sent) => sent, {
    prepare: ({ params, body }, req) =>
      testWebhook(ctx, partnerOf(req).id, params.id, body?.type ?? 'webhook.test'),
  });
  route(app, operations.listEvents, ({ query }, req) => {
    const { start, limit, ...filter } = query;
    return listEvents(ctx, partnerOf(req).id, filter, start, limit);
  });
  route(app, operations.resendEvent, ({ params }, req) =>
    resendEvent(ctx, partnerOf(req).id, params.id),
  );
}
