// Scheduled payouts (src/api/schedules.ts, docs/decisions/090): listed with their next run and
// latest runs, scheduled by finance (checked like a payout: the account is read from the API),
// cancelled by finance. The runs are ./runner.ts's.
import { toldStored } from '../words';
import { FIELD, REFUSED } from '../refusal-words';
import { said, wordsCode } from '#/i18n/words';
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Environment } from '#/api/dashboard';
import { operations } from '#/api/operations';
import { firstMonthlyRun, Schedule, scheduleEndpoints as E } from '#/api/schedules';
import type { z } from 'zod';
import { controlsRouteHelpers } from '../controls/route-helpers';
import { audit, invalidInput, problem } from '../request';
import { route } from '../endpoint';
import type { PayoutScheduleTable } from '../store/schema';
import { cutoffOf } from './runner';

export const scheduleRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.dashboard;
  const { db } = ctx.db;
  const { apiOf } = controlsRouteHelpers(app);

  /** Schedules as people read them: names, the payee, and the five latest runs. */
  async function shown(
    environment: string,
    rows: PayoutScheduleTable[],
  ): Promise<z.input<typeof Schedule>[]> {
    if (rows.length === 0) return [];
    const bodies = rows.map((r) => JSON.parse(r.body) as Schedule['body']);
    const [merchants, accounts, people, runs] = await Promise.all([
      ctx.index.merchantNames(
        environment,
        bodies.map((b) => b.fromBusinessId),
      ),
      ctx.index.accountsById(
        environment,
        bodies.map((b) => b.toBusinessExternalAccountId),
      ),
      ctx.workspace.listUsers(),
      db
        .selectFrom('schedule_run')
        .selectAll()
        .where(
          'schedule_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('run_date', 'desc')
        .execute(),
    ]);
    return rows.map((r, i) => {
      const body = bodies[i]!;
      const account = accounts.get(body.toBusinessExternalAccountId);
      return {
        id: r.id,
        product: r.product as Schedule['product'],
        body,
        repeat: r.repeat as Schedule['repeat'],
        dayOfMonth: r.day_of_month,
        cutoff: r.cutoff,
        nextRun: r.next_run,
        status: r.status as Schedule['status'],
        createdBy: {
          id: r.created_by,
          name: people.find((p) => p.id === r.created_by)?.name ?? 'someone no longer here',
        },
        createdAt: Number(r.created_at),
        merchantName: merchants.get(body.fromBusinessId) ?? null,
        payeeName: account?.accountHolderName ?? null,
        payoutCurrency: account?.currencySymbol ?? r.payout_currency,
        runs: runs
          .filter((run) => run.schedule_id === r.id)
          .slice(0, 5)
          .map((run) => ({
            date: run.run_date,
            status: run.status as Schedule['runs'][number]['status'],
            transactionId: run.transaction_id === null ? null : Number(run.transaction_id),
            reason: run.reason === null ? null : toldStored(run.reason),
          })),
      };
    });
  }

  route(app, E.listSchedules, async ({ request, query }) => {
    const environment = request.signedIn!.session.environment;
    let q = db
      .selectFrom('payout_schedule')
      .selectAll()
      .where('environment', '=', environment)
      .orderBy('created_at', 'desc')
      .limit(query.limit);
    if (query.status === 'active') q = q.where('status', '=', 'active');
    return { results: await shown(environment, await q.execute()) };
  });

  route(app, E.createSchedule, async ({ request, reply, body: s }) => {
    const { session, user } = request.signedIn!;
    const environment = session.environment as Environment;
    const now = ctx.now();
    const today = new Date(now).toISOString().slice(0, 10);
    if (s.date < today)
      return invalidInput(request, reply, said(REFUSED.scheduleFromToday), [
        { field: 'date', message: wordsCode(FIELD.fromToday, { today }) },
      ]);
    const first = s.repeat === 'monthly' ? firstMonthlyRun(s.date, s.dayOfMonth!) : s.date;
    if (cutoffOf(first, s.cutoff) <= now)
      return invalidInput(request, reply, said(REFUSED.cutoffPassed), [
        { field: 'cutoff', message: wordsCode(FIELD.cutoffPassed, { date: first }) },
      ]);
    // The account is checked now as a payout's would be: it exists and is active.
    const api = await apiOf(request, reply);
    if (!api) return reply;
    const account = await api.call(operations.getPayoutAccount, {
      params: { id: s.body.toBusinessExternalAccountId },
    });
    if (!account.ok || account.data.accountStatus !== 'ACTIVE')
      return invalidInput(request, reply, said(REFUSED.activeAccount), [
        { field: 'body.toBusinessExternalAccountId', message: wordsCode(FIELD.activeAccount) },
      ]);
    const row: PayoutScheduleTable = {
      id: randomUUID(),
      environment,
      product: s.product,
      body: JSON.stringify(s.body),
      repeat: s.repeat,
      day_of_month: s.repeat === 'monthly' ? s.dayOfMonth! : null,
      cutoff: s.cutoff,
      payout_currency: account.data.currencySymbol,
      next_run: first,
      status: 'active',
      created_by: user.id,
      created_at: now,
      updated_at: now,
    };
    await db.insertInto('payout_schedule').values(row).execute();
    await audit(request, {
      action: E.createSchedule.audit,
      target: `schedule/${row.id}`,
      outcome: 'ok',
      details: { ...s, firstRun: first },
    });
    return (await shown(environment, [row]))[0]!;
  });

  route(app, E.cancelSchedule, async ({ request, reply, params }) => {
    const environment = request.signedIn!.session.environment;
    const now = ctx.now();
    const cancelled = await db
      .updateTable('payout_schedule')
      .set({ status: 'cancelled', next_run: null, updated_at: now })
      .where('id', '=', params.id)
      .where('environment', '=', environment)
      .where('status', '=', 'active')
      .executeTakeFirst();
    const row = await db
      .selectFrom('payout_schedule')
      .selectAll()
      .where('id', '=', params.id)
      .where('environment', '=', environment)
      .executeTakeFirst();
    if (!row)
      return problem(request, reply, {
        status: 404,
        code: 'NOT_FOUND',
        detail: said(REFUSED.noSchedule),
      });
    if (Number(cancelled.numUpdatedRows) !== 1)
      return problem(request, reply, {
        status: 409,
        code: 'SCHEDULE_ENDED',
        detail: said(
          row.status === 'cancelled' ? REFUSED.scheduleCancelled : REFUSED.scheduleEnded,
        ),
      });
    await audit(request, {
      action: E.cancelSchedule.audit,
      target: `schedule/${row.id}`,
      outcome: 'ok',
      details: null,
    });
    return (await shown(environment, [row]))[0]!;
  });
};
