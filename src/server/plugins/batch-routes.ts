// Bulk payouts (docs/decisions/033): templates, a file uploaded as a batch with every row
// checked before anything is created, a row fixed in place, invalid rows left out. Endpoints
// declared in src/api/batches.ts.
import { batchRef } from '../approvals/subjects/batch';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import Decimal from 'decimal.js';
import { type Batch, batchEndpoints as E } from '#/api/batches';
import type { Environment } from '#/api/dashboard';
import type { Product } from '#/api/schemas/transaction';
import { maskedNumber } from '#/api/payee';
import { amountsOf, readBatchFile } from '../batches/file';
import { batchLookups } from '../batches/lookups';
import { batchSubject, type StoredBatch } from '../batches/store';
import { batchTemplate, writeBatchFile } from '../batches/template';
import { validateRows } from '../batches/validate';
import { audit, invalidInput, problem } from '../request';
import { route } from '../endpoint';
import { partnerApi } from '../partner-api';
import { REFUSAL_TEXT } from '../controls/rules';
import { approvalContext, batchApproval } from '../batches/approval';
import type { User } from '../store/workspace';

/** How far back a payment counts as a duplicate of a new row. */
const DUPLICATE_DAYS = 30;

export const batchRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.dashboard;
  const batches = ctx.batches.store;
  // An upload is the file itself, read as bytes (JSON bodies keep their usual parser).
  app.addContentTypeParser(
    [...E.uploadBatch.upload.types],
    // The limit is the route's (`upload.maxBytes`, set where the route is made).
    { parseAs: 'buffer' },
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

  /** Rates of the batch's currencies into the base currency, when a policy is in it. */
  const batchRates = async (batch: StoredBatch, fresh: boolean) => {
    const symbols = batch.rows.flatMap((r) =>
      r.valid ? [r.valid.toCurrencySymbol, r.valid.fromCurrencySymbol] : [],
    );
    const environment = batch.environment as Environment;
    return ctx.controls.baseRatesFor(
      environment,
      await partnerApi(ctx, environment),
      symbols,
      fresh,
    );
  };

  /** The batch as its answer says it, for `user` (whether they may approve it now). */
  const answer = async (batch: StoredBatch, user: User): Promise<Batch> => {
    const subject = batchSubject(batch);
    const totalsOf = (money: readonly { currency: string }[], side: 'payout' | 'deposit') =>
      money
        .map(({ currency }) => {
          const rows = batch.rows.filter(
            (r) =>
              r.valid &&
              (r.state === 'ready' || r.state === 'created') &&
              (side === 'payout' ? r.valid.toCurrencySymbol : r.valid.fromCurrencySymbol) ===
                currency,
          );
          const amount = rows.reduce(
            (sum, r) => sum.plus((side === 'payout' ? r.valid!.toAmount : r.depositAmount) ?? 0),
            new Decimal(0),
          );
          return { currency, amount: amount.toFixed(), rows: rows.length };
        })
        .sort((a, b) => a.currency.localeCompare(b.currency));
    const count = (...states: string[]) =>
      batch.rows.filter((r) => states.includes(r.state)).length;
    const submitted = batch.rows.filter((r) => ['ready', 'created', 'failed'].includes(r.state));
    const paidBefore = await ctx.index.accountsPaidBefore(
      batch.environment,
      batch.rows.flatMap((r) => (r.payee ? [r.payee.accountId] : [])),
    );
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
      totals: totalsOf(subject.payoutTotals, 'payout'),
      depositTotals: batch.quotedAt === null ? [] : totalsOf(subject.depositTotals, 'deposit'),
      quotedAt: batch.quotedAt,
      approval: batchApproval(
        batch,
        user,
        await approvalContext(ctx, await batchRates(batch, false)),
        ctx.now(),
      ),
      approvedAt: batch.approvedAt,
      finishedAt: batch.finishedAt,
      closedReason: batch.closedReason,
      progress: {
        done: submitted.filter((r) => r.state === 'failed' || r.quoteApprovedAt !== null).length,
        total: submitted.length,
      },
      quoting: batch.quoting && { done: batch.quoting.done, total: batch.quoting.total },
      quoteProblem: batch.quoteProblem,
      rows: batch.rows.map((r) => ({
        row: r.row,
        cells: r.cells,
        problems: r.problems,
        state: r.state,
        transactionId: r.transactionId,
        payout: r.valid ? { currency: r.valid.toCurrencySymbol, amount: r.valid.toAmount } : null,
        depositCurrency: r.valid?.fromCurrencySymbol ?? null,
        depositAmount: r.depositAmount,
        rate: r.rate,
        clientStatus: r.clientStatus,
        failure: r.failure,
        payee: r.payee && {
          accountId: r.payee.accountId,
          accountHolderName: r.payee.details.accountHolderName,
          bankName: r.payee.bankName,
          number: maskedNumber(r.payee.details),
          countryIso: r.payee.details.countryIso,
          firstPayment: !paidBefore.has(r.payee.accountId),
        },
      })),
    };
  };

  /**
   * A submitted batch with its transactions' statuses as the local index knows them now, read
   * only: the rows' final statuses and the file's completion are written when the index learns
   * that its transactions ended (`followEnded`, issue 58), never by looking at the page.
   */
  const followed = async (batch: StoredBatch): Promise<StoredBatch> => {
    if (!['submitting', 'submitted', 'partly_failed'].includes(batch.status)) return batch;
    const made = batch.rows.filter((r) => r.transactionId !== null);
    const known = await ctx.index.transactionStatuses(
      batch.environment,
      batch.product,
      made.map((r) => r.transactionId!),
    );
    if (made.every((r) => (known.get(r.transactionId!) ?? r.clientStatus) === r.clientStatus))
      return batch;
    return {
      ...batch,
      rows: batch.rows.map((r) =>
        r.transactionId === null
          ? r
          : { ...r, clientStatus: known.get(r.transactionId) ?? r.clientStatus },
      ),
    };
  };

  /**
   * A change made: on the audit trail (its endpoint's words, the batch as target), and the
   * batch read again, answered for the person who made it.
   */
  const changed = async (
    request: FastifyRequest,
    action: string,
    id: string,
    details: Record<string, unknown>,
  ) => {
    await audit(request, { action, target: `batch/${id}`, outcome: 'ok', details });
    return answer((await batches.get(environmentOf(request), id))!, request.signedIn!.user);
  };

  const refused = (request: FastifyRequest, reply: FastifyReply, detail: string) =>
    problem(request, reply, { status: 409, code: 'INVALID_STATE_TRANSITION', detail });

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
      return invalidInput(
        request,
        reply,
        `${query.fileName} was not read: ${file.refused.map((p) => p.message).join(' ')}`,
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
    const items: Batch[] = [];
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
      return refused(
        request,
        reply,
        'The batch is quoted or past: its rows can no longer change (cancel it and upload the file again).',
      );
    return changed(request, E.fixBatchRow.audit, batch.id, {
      row: params.row,
      changes: body.cells,
    });
  });

  route(app, E.excludeInvalidRows, async ({ request, reply, params }) => {
    const batch = await found(request, reply, params.id);
    if (!batch) return reply;
    if (!batch.rows.some((r) => r.state === 'ready'))
      return refused(
        request,
        reply,
        'No row is ready: without the invalid rows nothing would be left to pay. Fix a row, or cancel the batch.',
      );
    const excluded = await batches.excludeInvalid(batch.id);
    return changed(request, E.excludeInvalidRows.audit, batch.id, { excluded });
  });

  route(app, E.quoteBatch, async ({ request, reply, params }) => {
    const batch = await found(request, reply, params.id);
    if (!batch) return reply;
    if (batch.status !== 'validated' && batch.status !== 'awaiting_approval')
      return refused(
        request,
        reply,
        batch.status === 'draft'
          ? 'Some rows have problems: fix them or go on without them before the batch is quoted.'
          : 'The batch is past its quote.',
      );
    if (!(await ctx.workspace.credentials(environmentOf(request))))
      return problem(request, reply, {
        status: 503,
        code: 'ENVIRONMENT_NOT_CONFIGURED',
        detail: "An admin has not set this environment's API credentials yet.",
      });
    const ready = batch.rows.filter((r) => r.state === 'ready' && r.valid).length;
    if (!(await batches.startQuote(batch.id, request.signedIn!.user.id, ready)))
      return refused(
        request,
        reply,
        'The batch has approvals already: it can no longer be quoted again.',
      );
    // Priced in the background (docs/decisions/055): the page follows the progress. The answer
    // is read first, so that it shows the quote started however fast the quoter is.
    const answer = await changed(request, E.quoteBatch.audit, batch.id, { rows: ready });
    void ctx.jobs.kick('bulk quote');
    return answer;
  });

  route(app, E.decideBatch, async ({ request, reply, params, body }) => {
    const batch = await found(request, reply, params.id);
    if (!batch) return reply;
    const user = request.signedIn!.user;
    // Approving a file releases every payment in it: the second factor first, where enrolled.
    const stepUp =
      body.decision === 'approve'
        ? await ctx.controls.releaseRefusal(user, request.signedIn!.session.stepUpAt)
        : undefined;
    if (stepUp) {
      await audit(request, {
        action: E.decideBatch.audit,
        target: `batch/${batch.id}`,
        outcome: 'refused',
        details: { decision: body.decision, reason: stepUp.refused.code },
      });
      return problem(request, reply, stepUp.refused);
    }
    const { outcome, required } = await ctx.approvals.decide(
      batchRef(batch.id, await batchRates(batch, true)),
      user,
      body.decision,
      body.reason ?? null,
    );
    if (outcome.kind === 'refused') {
      await audit(request, {
        action: E.decideBatch.audit,
        target: `batch/${batch.id}`,
        outcome: 'refused',
        details: { decision: body.decision, reason: outcome.refusal },
      });
      return problem(request, reply, {
        status:
          outcome.refusal === 'APPROVAL_CLOSED' || outcome.refusal === 'APPROVAL_EXPIRED'
            ? 409
            : 403,
        code: outcome.refusal,
        detail:
          outcome.refusal === 'APPROVAL_CLOSED'
            ? 'This batch is not waiting for approval.'
            : REFUSAL_TEXT[outcome.refusal],
      });
    }
    const decided = await changed(request, E.decideBatch.audit, batch.id, {
      decision: body.decision,
      reason: body.reason ?? null,
      required,
      ...(outcome.kind === 'complete' || outcome.kind === 'recorded'
        ? { approvals: outcome.approvals }
        : {}),
    });
    // The last approval needed: submission starts now, on this server (or any, if it stops).
    if (outcome.kind === 'complete') void ctx.jobs.kick('bulk submit');
    return decided;
  });

  route(app, E.cancelBatch, async ({ request, reply, params, body }) => {
    const batch = await found(request, reply, params.id);
    if (!batch) return reply;
    const name = request.signedIn!.user.name;
    const reason = body.reason ? `Cancelled by ${name}: ${body.reason}` : `Cancelled by ${name}.`;
    if (!(await batches.cancel(batch.id, reason)))
      return refused(
        request,
        reply,
        'The batch is being submitted or is done: cancel its transactions one by one instead.',
      );
    return changed(request, E.cancelBatch.audit, batch.id, { reason: body.reason ?? null });
  });

  route(app, E.batchRowsFile, async ({ request, reply, params, query }) => {
    const batch = await found(request, reply, params.id);
    if (!batch) return reply;
    const rows = batch.rows.flatMap((r) => {
      if (query.which === 'failed')
        return r.state === 'failed' ? [{ values: r.cells, note: r.failure ?? '' }] : [];
      return r.problems.length > 0
        ? [{ values: r.cells, note: r.problems.map((p) => p.message).join(' ') }]
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
};

/** A file name safe in a header: what is not plain ASCII becomes _. */
const asciiName = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_');
