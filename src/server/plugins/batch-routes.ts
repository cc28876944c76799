// Bulk payouts (docs/decisions/033): templates, a file uploaded as a batch with every row
// checked before anything is created, a row fixed in place, invalid rows left out. Endpoints
// declared in src/api/batches.ts; the file's own in ./batch-file-routes.ts, what moves it on in
// ./batch-decision-routes.ts.
import type { FastifyPluginAsync } from 'fastify';
import { batchEndpoints as E } from '#/api/batches';
import { batchRouteHelpers } from './batch-route-helpers';
import { batchFileRoutes } from './batch-file-routes';
import { batchDecisionRoutes } from './batch-decision-routes';

export const batchRoutes: FastifyPluginAsync = async (app) => {
  // An upload is the file itself, read as bytes (JSON bodies keep their usual parser).
  app.addContentTypeParser(
    [...E.uploadBatch.upload.types],
    // The limit is the route's (`upload.maxBytes`, set where the route is made).
    { parseAs: 'buffer' },
    (_request, body, done) => done(null, body),
  );
  const helpers = batchRouteHelpers(app);
  batchFileRoutes(app, helpers);
  batchDecisionRoutes(app, helpers);
};
