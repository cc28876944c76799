// The SPA's list and search questions, answered from the local index of the session's
// environment (docs/decisions/018): `/api/index/merchants`, `/accounts`, `/transactions` (also
// as CSV), `/search`, `/status`, `POST /refresh`, and saved views (`/api/views`). Every signed-in
// role may read. The webhook deliveries that keep the index fresh arrive at `/hooks/index/:env`.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { csvHeader, csvLine } from '../../api/csv';
import { type Environment, Environment as EnvironmentSchema } from '../../api/dashboard';
import {
  AccountIndexQuery,
  MerchantIndexQuery,
  SavedViewCreate,
  SearchQuery,
  TransactionIndexQuery,
} from '../../api/local-index';
import { audit, parseBody, parseQuery, problem, requireSignIn } from '../context';
import type { ExportCursor, TransactionRow } from '../local-index/store';

const DAY_MS = 86_400_000;
const FILTERS = 'Some of the list’s filters are not valid.';
const CSV_PAGE = 1000;
const CSV_MAX_ROWS = 1_000_000;

export const indexRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.dashboard;
  app.addHook('onRequest', requireSignIn);
  const environmentOf = (request: FastifyRequest) =>
    request.signedIn!.session.environment as Environment;
  const freshness = (environment: Environment) => ctx.sync.freshness(environment);

  app.get('/index/merchants', async (request, reply) => {
    const q = parseQuery(MerchantIndexQuery, request, reply, FILTERS);
    if (!q) return reply;
    const environment = environmentOf(request);
    const page = await ctx.index.merchants(environment, {
      q: q.q,
      kycStatus: q.kycStatus,
      ownerId: q.owner,
      type: q.type,
      sort: q.sort,
      order: q.order,
      start: q.start,
      limit: q.limit,
    });
    return { ...page, freshness: await freshness(environment) };
  });

  app.get('/index/accounts', async (request, reply) => {
    const q = parseQuery(AccountIndexQuery, request, reply, FILTERS);
    if (!q) return reply;
    const environment = environmentOf(request);
    const page = await ctx.index.accounts(environment, q);
    return { ...page, freshness: await freshness(environment) };
  });

  app.get('/index/transactions', async (request, reply) => {
    const q = parseQuery(TransactionIndexQuery, request, reply, FILTERS);
    if (!q) return reply;
    const environment = environmentOf(request);
    const { stalled, format, ...rest } = q;
    const query = { ...rest, stalledSince: stalled ? ctx.now() - DAY_MS : undefined };
    if (format === 'csv') {
      // Streamed a page at a time (keyed, no offset), yielding to other requests between
      // pages: memory stays one page, and an export of a million rows keeps nobody waiting.
      const { start: _start, limit: _limit, sort: _sort, order: _order, ...filters } = query;
      const extra: Parameters<typeof csvLine<TransactionRow>>[1] = [
        ['product', (t) => t.product],
        ['merchantName', (t) => t.merchantName],
        ['recipientName', (t) => t.recipientName],
        ['accountHolderName', (t) => t.accountHolderName],
        ['accountTail', (t) => t.accountTail],
      ];
      const index = ctx.index;
      async function* lines() {
        yield csvHeader(extra);
        let after: ExportCursor | undefined;
        for (let rows = 0; rows < CSV_MAX_ROWS;) {
          const page = await index.transactionsForExport(environment, filters, after, CSV_PAGE);
          yield page.rows.map((t) => csvLine(t, extra)).join('');
          rows += page.rows.length;
          if (!page.next) return;
          after = page.next;
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      await audit(request, {
        action: 'export transactions',
        outcome: 'ok',
        details: { filters: request.query },
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="transactions-${environment}-${new Date(ctx.now()).toISOString().slice(0, 10)}.csv"`,
        )
        .send(Readable.from(lines()));
    }
    const page = await ctx.index.transactions(environment, query);
    return { ...page, freshness: await freshness(environment) };
  });

  app.get('/index/search', async (request, reply) => {
    const q = parseQuery(SearchQuery, request, reply, FILTERS);
    if (!q) return reply;
    return ctx.index.search(environmentOf(request), q.q);
  });

  app.get('/index/status', async (request) => ctx.sync.status(environmentOf(request)));

  app.post('/index/refresh', async (request) => {
    const environment = environmentOf(request);
    await ctx.sync.syncNow(environment);
    return ctx.sync.status(environment);
  });

  // Saved views: a person's own, and the ones others shared.
  app.get('/views', async (request) => {
    const { user } = request.signedIn!;
    const rows = await ctx.db.db
      .selectFrom('saved_view as v')
      .innerJoin('app_user as u', 'u.id', 'v.user_id')
      .select(['v.id', 'v.list', 'v.name', 'v.search', 'v.shared', 'v.created_at', 'v.user_id'])
      .select('u.name as owner_name')
      .where((eb) => eb.or([eb('v.user_id', '=', user.id), eb('v.shared', '=', 1)]))
      .orderBy('v.name')
      .execute();
    return {
      results: rows.map((r) => ({
        id: r.id,
        list: r.list,
        name: r.name,
        search: r.search,
        shared: r.shared === 1,
        ownerName: r.owner_name,
        mine: r.user_id === user.id,
        createdAt: Number(r.created_at),
      })),
    };
  });

  app.post('/views', async (request, reply) => {
    const body = parseBody(SavedViewCreate, request, reply, 'Name the view.');
    if (!body) return reply;
    const { user } = request.signedIn!;
    const id = randomUUID();
    const createdAt = ctx.now();
    await ctx.db.db
      .insertInto('saved_view')
      .values({
        id,
        user_id: user.id,
        list: body.list,
        name: body.name,
        search: body.search,
        shared: body.shared ? 1 : 0,
        created_at: createdAt,
      })
      .execute();
    await audit(request, { action: 'save view', target: body.name, outcome: 'ok', details: body });
    return { ...body, id, ownerName: user.name, mine: true, createdAt };
  });

  app.delete('/views/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const { user } = request.signedIn!;
    const deleted = await ctx.db.db
      .deleteFrom('saved_view')
      .where('id', '=', id)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) {
      return problem(request, reply, {
        status: 404,
        code: 'NOT_FOUND',
        detail: 'No such view of yours: only whoever saved a view can delete it.',
      });
    }
    await audit(request, { action: 'delete view', target: id, outcome: 'ok' });
    return { deleted: true };
  });
};

/** Webhook deliveries from an environment to the dashboard: raw body, signature checked. */
export const registerIndexHooks: FastifyPluginAsync = async (app) => {
  const ctx = app.dashboard;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_r, body, done) =>
    done(null, body),
  );
  app.post('/:environment', async (request, reply) => {
    const environment = EnvironmentSchema.safeParse(
      (request.params as { environment: string }).environment,
    );
    const signature = request.headers['x-webhook-signature'];
    const outcome = environment.success
      ? await ctx.sync.receive(
          environment.data,
          typeof signature === 'string' ? signature : undefined,
          typeof request.body === 'string' ? request.body : '',
        )
      : 'refused';
    if (outcome === 'refused') {
      return problem(request, reply, {
        status: 401,
        code: 'UNAUTHORIZED',
        detail: 'The signature does not match this dashboard’s webhook endpoint.',
      });
    }
    return reply.code(204).send();
  });
};
