// The SPA's list and search questions (src/api/local-index.ts), answered from the local index
// of the session's environment (docs/decisions/018): merchants, accounts, transactions (also as
// a streamed CSV), search, the index's status and a refresh; and what the dashboard kept about a
// transaction beside the API. Every signed-in role may read. The webhook deliveries that keep
// the index fresh arrive at `/hooks/index/:env`.
import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { csvHeader, csvLine } from '#/api/csv';
import {
  type Environment,
  Environment as EnvironmentSchema,
  sessionEndpoints,
} from '#/api/dashboard';
import { indexEndpoints as E } from '#/api/local-index';
import { audit, problem } from '../context';
import { route } from '../endpoint';
import type { ExportCursor, TransactionRow } from '../local-index/store';

const DAY_MS = 86_400_000;
const CSV_PAGE = 1000;
const CSV_MAX_ROWS = 1_000_000;

/** The columns a transactions export adds after the API's own: the index's names. */
const EXPORT_COLUMNS: Parameters<typeof csvLine<TransactionRow>>[1] = [
  ['product', (t) => t.product],
  ['merchantName', (t) => t.merchantName],
  ['recipientName', (t) => t.recipientName],
  ['accountHolderName', (t) => t.accountHolderName],
  ['accountTail', (t) => t.accountTail],
];

export const indexRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.dashboard;
  const environmentOf = (request: FastifyRequest) =>
    request.signedIn!.session.environment as Environment;
  const freshness = (environment: Environment) => ctx.sync.freshness(environment);

  route(app, E.listMerchantIndex, async ({ request, query: { owner, ...q } }) => {
    const environment = environmentOf(request);
    const page = await ctx.index.merchants(environment, { ...q, ownerId: owner });
    return { ...page, freshness: await freshness(environment) };
  });

  route(app, E.listAccountIndex, async ({ request, query }) => {
    const environment = environmentOf(request);
    const page = await ctx.index.accounts(environment, query);
    return { ...page, freshness: await freshness(environment) };
  });

  route(app, E.transactionTotals, async ({ request, query: { stalled, ...rest } }) =>
    ctx.index.transactionTotals(environmentOf(request), {
      ...rest,
      stalledSince: stalled ? ctx.now() - DAY_MS : undefined,
    }),
  );

  route(app, E.listTransactionIndex, async ({ request, reply, query: q }) => {
    const environment = environmentOf(request);
    const { stalled, format, ...rest } = q;
    const query = { ...rest, stalledSince: stalled ? ctx.now() - DAY_MS : undefined };
    if (format !== 'csv') {
      const page = await ctx.index.transactions(environment, query);
      return { ...page, freshness: await freshness(environment) };
    }
    // Streamed a page at a time (keyed, no offset), yielding to other requests between pages:
    // memory stays one page, and an export of a million rows keeps nobody waiting.
    const { start: _start, limit: _limit, sort: _sort, order: _order, ...filters } = query;
    const index = ctx.index;
    async function* lines() {
      yield csvHeader(EXPORT_COLUMNS);
      let after: ExportCursor | undefined;
      for (let rows = 0; rows < CSV_MAX_ROWS;) {
        const page = await index.transactionsForExport(environment, filters, after, CSV_PAGE);
        yield page.rows.map((t) => csvLine(t, EXPORT_COLUMNS)).join('');
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
    const day = new Date(ctx.now()).toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="transactions-${environment}-${day}.csv"`,
      )
      .send(Readable.from(lines()));
  });

  route(app, E.search, async ({ request, query }) => ({
    ...(await ctx.index.search(environmentOf(request), query.q)),
    batches: await ctx.batches.store.search(environmentOf(request), query.q, 5),
  }));

  route(app, E.indexStatus, async ({ request }) => ctx.sync.status(environmentOf(request)));

  route(app, E.refreshIndex, async ({ request }) => {
    const environment = environmentOf(request);
    await ctx.sync.syncNow(environment);
    return ctx.sync.status(environment);
  });

  // Files and reasons the dashboard sent with a transaction (docs/decisions/019).
  route(app, sessionEndpoints.transactionNotes, async ({ request, params }) => ({
    results: await ctx.notes.of({
      environment: environmentOf(request),
      product: params.product,
      transactionId: params.id,
    }),
  }));

  // Who switched on the sandbox's faults and held its moves (decision 029).
  route(app, sessionEndpoints.sandboxNotes, async ({ request }) => ({
    results: await ctx.sandboxNotes.all(environmentOf(request)),
  }));
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
