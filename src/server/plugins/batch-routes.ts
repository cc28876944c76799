// Bulk payouts (docs/decisions/033): templates, a file uploaded as a batch with every row
// checked before anything is created, a row fixed in place, invalid rows left out. Endpoints
// declared in src/api/batches.ts.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import Decimal from 'decimal.js';
import { type Batch, batchEndpoints as E } from '#/api/batches';
import type { Environment } from '#/api/dashboard';
import type { Product } from '#/api/schemas/transaction';
import { amountsOf, readBatchFile } from '../batches/file';
import { batchLookups } from '../batches/lookups';
import { batchStore, type StoredBatch } from '../batches/store';
import { batchTemplate } from '../batches/template';
import { validateRows } from '../batches/validate';
import { audit, problem } from '../context';
import { route } from '../endpoint';
import { partnerApi } from '../partner-api';

/** How far back a payment counts as a duplicate of a new row. */
const DUPLICATE_DAYS = 30;

export const batchRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.dashboard;
  const batches = batchStore(ctx.db, ctx.now);
  // An upload is the file itself, read as bytes (JSON bodies keep their usual parser).
  app.addContentTypeParser(
    [...E.uploadBatch.upload.types],
    { parseAs: 'buffer', bodyLimit: E.uploadBatch.upload.maxBytes },
    (_request, body, done) => done(null, body),
  );
  const environmentOf = (request: FastifyRequest) =>
    request.signedIn!.session.environment as Environment;

  /** Checks rows against the partner's records: or answers why it cannot (502). */
  const check = async (
    request: FastifyRequest,
    reply: FastifyReply,
    product: Product,
    file: Parameters<typeof validateRows>[1],
  ) => {
    const environment = environmentOf(request);
    const api = await partnerApi(ctx, environment);
    const currencies = api ? await ctx.controls.currencies(environment, api) : undefined;
    if (!currencies) {
      await problem(request, reply, {
        status: 502,
        code: 'UPSTREAM_UNAVAILABLE',
        detail:
          'The currency list could not be read from the API, so the rows were not checked. Try again shortly.',
      });
      return undefined;
    }
    const since = ctx.now() - DUPLICATE_DAYS * 86_400_000;
    const lookups = await batchLookups(
      ctx.index,
      environment,
      file,
      currencies,
      await batches.recentPayments(environment, since),
    );
    return validateRows(product, file, lookups);
  };

  const answer = async (batch: StoredBatch): Promise<Batch> => {
    const totals = new Map<string, { amount: Decimal; rows: number }>();
    for (const row of batch.rows) {
      if (row.state !== 'ready' || !row.valid) continue;
      const total = totals.get(row.valid.toCurrencySymbol) ?? { amount: new Decimal(0), rows: 0 };
      totals.set(row.valid.toCurrencySymbol, {
        amount: total.amount.plus(row.valid.toAmount),
        rows: total.rows + 1,
      });
    }
    const count = (...states: string[]) =>
      batch.rows.filter((r) => states.includes(r.state)).length;
    return {
      id: batch.id,
      product: batch.product,
      status: batch.status,
      fileName: batch.fileName,
      format: batch.format,
      decimal: batch.decimal,
      uploadedBy: { id: batch.uploadedBy, name: await batches.uploaderName(batch.uploadedBy) },
      createdAt: batch.createdAt,
      counts: {
        ready: count('ready'),
        invalid: count('invalid'),
        excluded: count('excluded'),
        done: count('created', 'failed'),
      },
      totals: [...totals.entries()]
        .map(([currency, t]) => ({ currency, amount: t.amount.toFixed(), rows: t.rows }))
        .sort((a, b) => a.currency.localeCompare(b.currency)),
      rows: batch.rows.map((r) => ({
        row: r.row,
        cells: r.cells,
        problems: r.problems,
        state: r.state,
        transactionId: r.transactionId,
      })),
    };
  };

  const found = async (request: FastifyRequest, reply: FastifyReply, id: string) => {
    const batch = await batches.get(environmentOf(request), id);
    if (!batch)
      await problem(request, reply, { status: 404, code: 'NOT_FOUND', detail: 'No such batch.' });
    return batch;
  };

  route(app, E.batchTemplate, async ({ reply, query }) => {
    const template = await batchTemplate(query.product, query.format);
    return reply
      .header('content-type', template.contentType)
      .header('content-disposition', `attachment; filename="${template.fileName}"`)
      .send(template.bytes);
  });

  route(app, E.uploadBatch, async ({ request, reply, query, body }) => {
    const file = await readBatchFile(body);
    if (file.refused.length > 0)
      return problem(request, reply, {
        status: 400,
        code: 'VALIDATION_ERROR',
        detail: `${query.fileName} was not read: ${file.refused.map((p) => p.message).join(' ')}`,
        errors: file.refused.map((p) => ({ field: p.column ?? 'file', message: p.message })),
      });
    const results = await check(request, reply, query.product, file);
    if (!results) return reply;
    const id = await batches.create({
      environment: environmentOf(request),
      product: query.product,
      uploadedBy: request.signedIn!.user.id,
      fileName: query.fileName,
      file,
      results,
    });
    const invalid = results.filter((r) => !r.valid).length;
    await audit(request, {
      action: E.uploadBatch.audit,
      target: `batch/${id}`,
      outcome: 'ok',
      details: { fileName: query.fileName, rows: results.length, invalid },
    });
    return answer((await batches.get(environmentOf(request), id))!);
  });

  route(app, E.getBatch, async ({ request, reply, params }) => {
    const batch = await found(request, reply, params.id);
    return batch ? answer(batch) : reply;
  });

  route(app, E.fixBatchRow, async ({ request, reply, params, body }) => {
    const batch = await found(request, reply, params.id);
    if (!batch) return reply;
    const stored = batch.rows.find((r) => r.row === params.row);
    if (!stored)
      return problem(request, reply, {
        status: 404,
        code: 'NOT_FOUND',
        detail: `The batch has no row ${params.row}.`,
      });
    const cells = { ...stored.cells, ...body.cells };
    // The whole file again: a fixed row may now repeat another, or stop repeating one.
    const rows = batch.rows.map((r) => ({
      row: r.row,
      values: r.row === params.row ? cells : r.cells,
    }));
    const results = await check(request, reply, batch.product, {
      rows,
      ...amountsOf(rows, batch.decimal),
    });
    if (!results) return reply;
    if (!(await batches.fixRow(batch.id, params.row, cells, results)))
      return problem(request, reply, {
        status: 409,
        code: 'INVALID_STATE_TRANSITION',
        detail: 'The batch is past approval: its rows can no longer change.',
      });
    await audit(request, {
      action: E.fixBatchRow.audit,
      target: `batch/${batch.id}`,
      outcome: 'ok',
      details: { row: params.row, changes: body.cells },
    });
    return answer((await batches.get(environmentOf(request), batch.id))!);
  });

  route(app, E.excludeInvalidRows, async ({ request, reply, params }) => {
    const batch = await found(request, reply, params.id);
    if (!batch) return reply;
    const excluded = await batches.excludeInvalid(batch.id);
    await audit(request, {
      action: E.excludeInvalidRows.audit,
      target: `batch/${batch.id}`,
      outcome: 'ok',
      details: { excluded },
    });
    return answer((await batches.get(environmentOf(request), batch.id))!);
  });
};
