// Saved views (src/api/local-index.ts): a person's own and the ones others shared.
import { said } from '#/i18n/words';
import { REFUSED } from '../refusal-words';
import type { FastifyPluginAsync } from 'fastify';
import { viewEndpoints as E } from '#/api/local-index';
import { audit, problem } from '../request';
import { route } from '../endpoint';

export const viewsRoutes: FastifyPluginAsync = async (app) => {
  const views = app.dashboard.views;

  route(app, E.listViews, async ({ request }) => ({
    results: await views.visibleTo(request.signedIn!.user),
  }));

  route(app, E.saveView, async ({ request, body }) => {
    const saved = await views.save(request.signedIn!.user, body);
    await audit(request, {
      action: E.saveView.audit,
      target: body.name,
      outcome: 'ok',
      details: body,
    });
    return saved;
  });

  route(app, E.deleteView, async ({ request, reply, params: { id } }) => {
    if (!(await views.remove(request.signedIn!.user, id)))
      return problem(request, reply, {
        status: 404,
        code: 'NOT_FOUND',
        detail: said(REFUSED.noView),
      });
    await audit(request, { action: E.deleteView.audit, target: id, outcome: 'ok' });
    return { deleted: true as const };
  });
};
