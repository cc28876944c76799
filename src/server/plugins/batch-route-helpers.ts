// What the bulk payout endpoints share (docs/decisions/033, 034): a file checked against the API
// and the index, a batch as its page reads it, its approval in words, and refusals audited.
import { toldStored } from '../words';
import { REFUSED } from '../refusal-words';
import { type Said, said } from '#/i18n/words';
import type { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Decimal from 'decimal.js';
import { type Batch } from '#/api/batches';
import type { Environment } from '#/api/dashboard';
import type { Product } from '#/api/schemas/transaction';
import { maskedNumber } from '#/api/payee';
import { batchLookups } from '../batches/lookups';
import { batchSubject, type StoredBatch } from '../batches/store';
import { validateRows } from '../batches/validate';
import { audit, problem } from '../request';
import { partnerApi } from '../partner-api';
import { approvalContext, batchApproval } from '../batches/approval';
import type { User } from '../store/workspace';

/** How far back a payment counts as a duplicate of a new row. */
export const DUPLICATE_DAYS = 30;

/** What the endpoints of this concern share, for one app. */
export function batchRouteHelpers(app: FastifyInstance) {
  const ctx = app.dashboard;
  const batches = ctx.batches.store;
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
        detail: said(REFUSED.currenciesUnread),
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
  const answer = async (batch: StoredBatch, user: User): Promise<z.input<typeof Batch>> => {
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
        await ctx.approvals.asDecider(user),
        await approvalContext(ctx, await batchRates(batch, false)),
        ctx.now(),
      ),
      approvedAt: batch.approvedAt,
      finishedAt: batch.finishedAt,
      closedReason: batch.closedReason && toldStored(batch.closedReason),
      progress: {
        done: submitted.filter((r) => r.state === 'failed' || r.quoteApprovedAt !== null).length,
        total: submitted.length,
      },
      quoting: batch.quoting && { done: batch.quoting.done, total: batch.quoting.total },
      quoteProblem: batch.quoteProblem && {
        detail: toldStored(batch.quoteProblem.detail),
        errors: batch.quoteProblem.errors.map((e) => ({ ...e, message: toldStored(e.message) })),
      },
      rows: batch.rows.map((r) => ({
        row: r.row,
        cells: r.cells,
        problems: r.problems.map((p) => ({ ...p, message: toldStored(p.message) })),
        state: r.state,
        transactionId: r.transactionId,
        payout: r.valid ? { currency: r.valid.toCurrencySymbol, amount: r.valid.toAmount } : null,
        depositCurrency: r.valid?.fromCurrencySymbol ?? null,
        depositAmount: r.depositAmount,
        rate: r.rate,
        clientStatus: r.clientStatus,
        failure: r.failure === null ? null : toldStored(r.failure),
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

  const refused = (request: FastifyRequest, reply: FastifyReply, detail: string | Said) =>
    problem(request, reply, { status: 409, code: 'INVALID_STATE_TRANSITION', detail });

  const found = async (request: FastifyRequest, reply: FastifyReply, id: string) => {
    const batch = await batches.get(environmentOf(request), id);
    if (!batch)
      await problem(request, reply, {
        status: 404,
        code: 'NOT_FOUND',
        detail: said(REFUSED.noBatch),
      });
    return batch;
  };

  return { environmentOf, check, batchRates, answer, followed, changed, refused, found };
}

export type BatchRouteHelpers = ReturnType<typeof batchRouteHelpers>;
