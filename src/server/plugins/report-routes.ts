// The money reports (src/api/reports.ts, docs/decisions/036): answered from the local index of
// the session's environment with SQL aggregates. Every signed-in role may read them.
import type { FastifyPluginAsync } from 'fastify';
import type { Environment } from '#/api/dashboard';
import { reportEndpoints as E } from '#/api/reports';
import { route } from '../endpoint';
import { reportQueries } from '../reports/queries';

export const reportRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.dashboard;
  const reports = reportQueries(ctx.db);

  route(app, E.getReport, async ({ request, query }) => {
    const environment = request.signedIn!.session.environment as Environment;
    const [report, freshness] = await Promise.all([
      reports.report({ environment, ...query }),
      ctx.sync.freshness(environment),
    ]);
    return { ...report, freshness };
  });
};
