// A bulk payout file's endpoints (docs/decisions/033): templates, upload with every row checked
// before anything is created, the list, a batch's page, a row fixed in place, invalid rows left
// out, and the rows as a file.
import { REFUSED } from '../refusal-words';
import { said } from '#/i18n/words';
import { languageOf } from '../request';
import { sayText } from '../words';
import { FILE_REFUSED } from '../batches/words';
import type { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { type Batch, batchEndpoints as E } from '#/api/batches';
import { amountsOf, readBatchFile } from '../batches/file';
import { batchTemplate } from '../batches/template';
import { invalidInput, problem } from '../request';
import { route } from '../endpoint';
import { writeBatchFile } from '../batches/template';

import { type BatchRouteHelpers } from './batch-route-helpers';

export function batchFileRoutes(
  app: FastifyInstance,
  { environmentOf, check, answer, followed, changed, refused, found }: BatchRouteHelpers,
) {
  const ctx = app.dashboard;
  const batches = ctx.batches.store;
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
      return invalidInput(
        request,
        reply,
        said(FILE_REFUSED.notRead, {
          fileName: query.fileName,
          problems: ({ locale }) => file.refused.map((p) => sayText(locale, p.message)).join(' '),
        }),
        file.refused.map((p) => ({ field: p.column ?? 'file', message: p.message })),
      );
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
    return changed(request, E.uploadBatch.audit, id, {
      fileName: query.fileName,
      rows: results.length,
      invalid,
    });
  });

  route(app, E.listBatches, async ({ request, query }) => {
    const list = await batches.list(environmentOf(request), query.limit, query.status);
    const user = request.signedIn!.user;
    const items: z.input<typeof Batch>[] = [];
    for (const batch of list) items.push(await answer(await followed(batch), user));
    return { items };
  });

  route(app, E.getBatch, async ({ request, reply, params }) => {
    const batch = await found(request, reply, params.id);
    if (!batch) return reply;
    return answer(await followed(batch), request.signedIn!.user);
  });

  route(app, E.fixBatchRow, async ({ request, reply, params, body }) => {
    const batch = await found(request, reply, params.id);
    if (!batch) return reply;
    const stored = batch.rows.find((r) => r.row === params.row);
    if (!stored)
      return problem(request, reply, {
        status: 404,
        code: 'NOT_FOUND',
        detail: said(REFUSED.noRow, { row: params.row }),
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
      return refused(request, reply, said(REFUSED.batchFixed));
    return changed(request, E.fixBatchRow.audit, batch.id, {
      row: params.row,
      changes: body.cells,
    });
  });

  route(app, E.excludeInvalidRows, async ({ request, reply, params }) => {
    const batch = await found(request, reply, params.id);
    if (!batch) return reply;
    if (!batch.rows.some((r) => r.state === 'ready'))
      return refused(request, reply, said(REFUSED.batchNothingReady));
    const excluded = await batches.excludeInvalid(batch.id);
    return changed(request, E.excludeInvalidRows.audit, batch.id, { excluded });
  });

  route(app, E.batchRowsFile, async ({ request, reply, params, query }) => {
    const batch = await found(request, reply, params.id);
    if (!batch) return reply;
    // The problems in the reader's language; the file's columns keep their names.
    const language = languageOf(request);
    const rows = batch.rows.flatMap((r) => {
      if (query.which === 'failed')
        return r.state === 'failed'
          ? [{ values: r.cells, note: sayText(language, r.failure ?? '') }]
          : [];
      return r.problems.length > 0
        ? [{ values: r.cells, note: r.problems.map((p) => sayText(language, p.message)).join(' ') }]
        : [];
    });
    const base = batch.fileName.replace(/\.(csv|xlsx)$/i, '');
    const file = await writeBatchFile(
      batch.product,
      query.format,
      `${base}-${query.which === 'failed' ? 'failed-rows' : 'problems'}`,
      rows,
    );
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${asciiName(file.fileName)}"`)
      .send(file.bytes);
  });
}

/** A file name safe in a header: what is not plain ASCII becomes _. */
const asciiName = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_');
