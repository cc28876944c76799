// The SPA's list and search questions (src/api/local-index.ts), answered from the local index
// of the session's environment (docs/decisions/018): merchants, accounts, transactions (also as
// a streamed CSV), search, the index's status and a refresh; and what the dashboard kept about a
// transaction beside the API. Every signed-in role may read. The webhook deliveries that keep
// the index fresh arrive at `/hooks/index/:env`.
import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { type CsvColumns, csvDialectOf, csvHeaderOf, csvRowOf } from '#/api/csv';
import {
  type Environment,
  Environment as EnvironmentSchema,
  sessionEndpoints,
} from '#/api/dashboard';
import { indexEndpoints as E } from '#/api/local-index';
import { audit, problem, languageOf } from '../request';
import { route } from '../endpoint';
import { accountColumns, merchantColumns, transactionColumns } from '../exports/columns';
import type { ExportCursor } from '../local-index/store';
import { isCancelled } from '#/api/transaction-states';

const DAY_MS = 86_400_000;
const CSV_PAGE = 1000;
const CSV_MAX_ROWS = 1_000_000;

/** Yields between pages: an export of a million rows keeps nobody else waiting. */
const breathe = () => new Promise((resolve) => setImmediate(resolve));

export const indexRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.dashboard;
  const environmentOf = (request: FastifyRequest) =>
    request.signedIn!.session.environment as Environment;
  const freshness = (environment: Environment) => ctx.sync.freshness(environment);

  /**
   * Every row a list's filters select as a streamed CSV (docs/decisions/037): the count first
   * (`x-export-rows`, for the page's progress bar), then a page at a time; audited.
   */
  async function sendCsv<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    what: { list: 'merchants' | 'accounts' | 'transactions'; rows: number },
    columns: CsvColumns<T>,
    pages: () => AsyncIterable<T[]>,
  ) {
    const dialect = csvDialectOf((request.query as { locale?: string }).locale);
    async function* lines() {
      yield `\uFEFF${csvHeaderOf(columns, dialect)}`;
      for await (const page of pages()) {
        yield page.map((row) => csvRowOf(row, columns, dialect)).join('');
        await breathe();
      }
    }
    await audit(request, {
      action: `export ${what.list}`,
      outcome: 'ok',
      details: { filters: request.query, rows: what.rows },
    });
    const day = new Date(ctx.now()).toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="${what.list}-${environmentOf(request)}-${day}.csv"`,
      )
      .header('x-export-rows', String(Math.min(CSV_MAX_ROWS, what.rows)))
      .send(Readable.from(lines()));
  }

  /** The pages of a list read by offset, in the list's own order, up to the export's cap. */
  async function* offsetPages<T>(
    read: (start: number) => Promise<{ results: T[]; hasMore: boolean }>,
  ) {
    for (let start = 0; start < CSV_MAX_ROWS; start += CSV_PAGE) {
      const page = await read(start);
      yield page.results;
      if (!page.hasMore) return;
    }
  }

  /**
   * A list the index reads by offset: a page with the index's freshness, or, given CSV columns,
   * every row its filters select.
   */
  async function offsetList<
    Q extends { start: number; limit: number },
    T,
    P extends { results: T[]; hasMore: boolean },
  >(
    request: FastifyRequest,
    reply: FastifyReply,
    q: Q,
    csv: false | { list: 'merchants' | 'accounts'; columns: CsvColumns<T> },
    list: {
      count: (environment: Environment, filters: Omit<Q, 'start' | 'limit'>) => Promise<number>;
      read: (environment: Environment, q: Q) => Promise<P>;
    },
  ) {
    const environment = environmentOf(request);
    if (!csv)
      return { ...(await list.read(environment, q)), freshness: await freshness(environment) };
    const { start: _s, limit: _l, ...filters } = q;
    const rows = await list.count(environment, filters);
    return sendCsv(request, reply, { list: csv.list, rows }, csv.columns, () =>
      offsetPages((start) => list.read(environment, { ...q, start, limit: CSV_PAGE })),
    );
  }

  route(app, E.listMerchantIndex, async ({ request, reply, query }) => {
    const { owner, format, tz, ...rest } = query;
    return offsetList(
      request,
      reply,
      { ...rest, ownerId: owner },
      format === 'csv' && { list: 'merchants', columns: merchantColumns(tz, languageOf(request)) },
      {
        count: (environment, q) => ctx.index.count(environment, { kind: 'merchants', q }),
        read: (environment, q) => ctx.index.merchants(environment, q),
      },
    );
  });

  route(app, E.listAccountIndex, async ({ request, reply, query }) => {
    const { format, tz, ...q } = query;
    return offsetList(
      request,
      reply,
      q,
      format === 'csv' && { list: 'accounts', columns: accountColumns(tz, languageOf(request)) },
      {
        count: (environment, filters) =>
          ctx.index.count(environment, { kind: 'accounts', q: filters }),
        read: (environment, page) => ctx.index.accounts(environment, page),
      },
    );
  });

  route(app, E.transactionTotals, async ({ request, query: { stalled, ...rest } }) =>
    ctx.index.transactionTotals(environmentOf(request), {
      ...rest,
      stalledSince: stalled ? ctx.now() - DAY_MS : undefined,
    }),
  );

  route(app, E.listTransactionIndex, async ({ request, reply, query: q }) => {
    const environment = environmentOf(request);
    const { stalled, format, tz, ...rest } = q;
    const query = { ...rest, stalledSince: stalled ? ctx.now() - DAY_MS : undefined };
    if (format !== 'csv') {
      const page = await ctx.index.transactions(environment, query);
      return { ...page, freshness: await freshness(environment) };
    }
    // Keyed pages (no offset), newest first: the millionth row costs what the first does.
    const { start: _start, limit: _limit, sort: _sort, order: _order, ...filters } = query;
    const index = ctx.index;
    const rows = await index.count(environment, { kind: 'transactions', q: filters });
    async function* pages() {
      let after: ExportCursor | undefined;
      for (let sent = 0; sent < CSV_MAX_ROWS;) {
        const page = await index.transactionsForExport(environment, filters, after, CSV_PAGE);
        const reasons = await ctx.notes.writtenReasons(
          environment,
          page.rows
            .filter((t) => t.cancelReason || isCancelled(t.clientStatus))
            .map((t) => ({ product: t.product, transactionId: t.businessRequestId })),
        );
        yield page.rows.map((t) => ({
          ...t,
          writtenReason: reasons.get(`${t.product}:${t.businessRequestId}`) ?? null,
        }));
        sent += page.rows.length;
        if (!page.next) return;
        after = page.next;
      }
    }
    return sendCsv(
      request,
      reply,
      { list: 'transactions', rows },
      transactionColumns(tz, languageOf(request)),
      pages,
    );
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

  // Who accepted a merchant's agreements and gave its documents (decision 073).
  route(app, sessionEndpoints.merchantNotes, async ({ request, params }) => ({
    results: await ctx.merchantNotes.of(environmentOf(request), params.id),
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
    ctx.metrics.delivery(environment.success ? environment.data : 'unknown', outcome);
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
