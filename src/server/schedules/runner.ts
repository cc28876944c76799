// The runs of scheduled payouts (docs/decisions/090), a pass of the `scheduled payouts` job on
// every server. A run is claimed by inserting its row (schedule, day): one server makes it. On
// its day (UTC) the payout is created through the API as its creator's, after the limits, so it
// is quoted at that day's rate; its creator is recorded and the approvers are told as for any
// payout made in the dashboard, and the same policies and approvals apply. Its quote approved
// before the cut-off, the run is done; not by then, the payout is cancelled and the run skipped,
// its creator and approvers told. A day the dashboard did not run at all before the cut-off is
// skipped without a payout. Then the schedule moves on: ended, or next month's day.
import { RUN } from './words';
import { sayText, toldStored } from '../words';
import { said, wordsCode } from '#/i18n/words';
import { nextMonthlyRun, type Schedule } from '#/api/schedules';
import { operations, transactionOperations } from '#/api/operations';
import { bankDetailsOf } from '#/api/payee';
import { DASHBOARD_LINKS } from '#/api/products';
import type { Environment } from '#/api/dashboard';
import type { Product } from '#/api/schemas/transaction';
import { phaseOf } from '#/api/transaction-states';
import { formatAmount } from '#/api/formats';
import type { MoneyControls } from '../controls/controls';
import type { Notices } from '../notifications/notices';
import type { PartnerApi } from '../partner-api';
import { type AuditSeal, appendJobAudit } from '../store/audit';
import type { DashboardDb } from '../store/db';
import type { PayoutScheduleTable, ScheduleRunTable } from '../store/schema';
import type { WorkspaceStore } from '../store/workspace';

/** A run claimed but not finished this long ago (its server stopped) is taken again. */
const STALE_CLAIM_MS = 2 * 60_000;

export interface ScheduleDeps {
  db: DashboardDb;
  auditSeal: AuditSeal;
  notices: Notices;
  controls: Pick<MoneyControls, 'reserveCreation' | 'limits' | 'recordOrigin' | 'recordRecipient'>;
  workspace: Pick<WorkspaceStore, 'userById'>;
  api: (environment: Environment) => Promise<PartnerApi | undefined>;
}

type Body = Schedule['body'];

export const cutoffOf = (date: string, cutoff: string) => Date.parse(`${date}T${cutoff}:00.000Z`);
export const runKey = (id: string, date: string) => `schedule-${id}-${date}`;

export async function runSchedules(deps: ScheduleDeps, now: number) {
  const { db } = deps.db;
  const today = new Date(now).toISOString().slice(0, 10);
  const due = await db
    .selectFrom('payout_schedule')
    .selectAll()
    .where('status', '=', 'active')
    .where('next_run', '<=', today)
    .orderBy('next_run')
    .limit(500)
    .execute();
  // `waiting`: the API did not answer; the run is made on a later pass.
  const count = { created: 0, approved: 0, skipped: 0, failed: 0, waiting: 0 };
  for (const s of due) {
    const date = s.next_run!;
    const run = await db
      .selectFrom('schedule_run')
      .selectAll()
      .where('schedule_id', '=', s.id)
      .where('run_date', '=', date)
      .executeTakeFirst();
    const cutoffAt = cutoffOf(date, s.cutoff);
    if (!run) {
      const missed = now >= cutoffAt;
      if (!(await claim(deps, s.id, date, now))) continue;
      if (missed) {
        await finish(deps, s, date, now, {
          status: 'skipped',
          reason: wordsCode(RUN.dayMissed, { date, cutoff: s.cutoff }),
        });
        count.skipped += 1;
        continue;
      }
      count[await create(deps, s, date, now)] += 1;
    } else if (run.status === 'creating') {
      if (now - Number(run.claimed_at) < STALE_CLAIM_MS) continue;
      if (!(await reclaim(deps, run, now))) continue;
      count[await create(deps, s, date, now)] += 1;
    } else if (run.status === 'created') {
      const done = await follow(deps, s, run, now, cutoffAt);
      if (done) count[done] += 1;
    } else await advance(deps, s, date, now);
  }
  return count;
}

/** Claims a run by inserting its row: whether this server did. */
async function claim(deps: ScheduleDeps, id: string, date: string, now: number) {
  const inserted = await deps.db.db
    .insertInto('schedule_run')
    .values({
      schedule_id: id,
      run_date: date,
      status: 'creating',
      transaction_id: null,
      reason: null,
      claimed_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['schedule_id', 'run_date']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Takes over a run whose server stopped while creating it (the API's key makes it once). */
async function reclaim(deps: ScheduleDeps, run: ScheduleRunTable, now: number) {
  const taken = await deps.db.db
    .updateTable('schedule_run')
    .set({ claimed_at: now, updated_at: now })
    .where('schedule_id', '=', run.schedule_id)
    .where('run_date', '=', run.run_date)
    .where('status', '=', 'creating')
    .where('claimed_at', '=', run.claimed_at)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** The payout of the day, as its creator's, after the limits. */
async function create(
  deps: ScheduleDeps,
  s: PayoutScheduleTable,
  date: string,
  now: number,
): Promise<'created' | 'failed' | 'waiting'> {
  const environment = s.environment as Environment;
  const product = s.product as Product;
  const body = JSON.parse(s.body) as Body;
  const fail = async (reason: string) => {
    await finish(deps, s, date, now, { status: 'failed', reason });
    return 'failed' as const;
  };
  const [api, creator] = await Promise.all([
    deps.api(environment),
    deps.workspace.userById(s.created_by),
  ]);
  if (!api) return fail(wordsCode(RUN.noCredentials, { environment }));
  if (!creator || creator.disabledAt !== null) return fail(wordsCode(RUN.creatorGone));
  const account = await api.call(operations.getPayoutAccount, {
    params: { id: body.toBusinessExternalAccountId },
  });
  if (!account.ok) {
    if (!account.final) return 'waiting'; // the API did not answer: the next pass tries again
    return fail(wordsCode(RUN.accountGone, { id: body.toBusinessExternalAccountId }));
  }
  const key = runKey(s.id, date);
  const reserved = await deps.controls.reserveCreation(
    environment,
    { id: creator.id, name: creator.name },
    {
      product,
      merchantId: body.fromBusinessId,
      toAmount: body.toAmount,
      currency: account.data.currencySymbol,
    },
    api,
    key,
  );
  if ('refused' in reserved) return fail(JSON.stringify(reserved.refused.detail));
  const ops = transactionOperations[product];
  const created = await api.call(ops.create, { body }, { idempotencyKey: key, keepLater: true });
  if (!created.ok) {
    if (!created.final) return 'waiting'; // tried again once the claim is stale
    if (reserved.reservation) await deps.controls.limits.release(reserved.reservation);
    return fail(created.refusal ?? wordsCode(RUN.apiAnswered, { status: created.status }));
  }
  if (reserved.reservation) await deps.controls.limits.settle(reserved.reservation);
  const t = created.data;
  const ref = { environment, product, transactionId: t.businessRequestId };
  // Who asked for it (the approvers are told it waits) and whom it pays, as for any payout.
  await deps.controls.recordOrigin(ref, creator.id, {
    amount: t.toAmount,
    currency: t.toCurrencySymbol,
  });
  await deps.controls.recordRecipient(
    ref,
    {
      accountId: account.data.id,
      currency: account.data.currencySymbol,
      details: bankDetailsOf(account.data),
      bankName: account.data.bankName,
    },
    creator.id,
  );
  await api.keep(ops.create, created);
  await deps.db.db
    .updateTable('schedule_run')
    .set({ status: 'created', transaction_id: t.businessRequestId, updated_at: now })
    .where('schedule_id', '=', s.id)
    .where('run_date', '=', date)
    .execute();
  await auditRun(deps, s, date, now, 'ok', {
    status: 'created',
    transactionId: t.businessRequestId,
  });
  return 'created';
}

/** A created run: approved (done), or past its cut-off (cancelled and skipped). */
async function follow(
  deps: ScheduleDeps,
  s: PayoutScheduleTable,
  run: ScheduleRunTable,
  now: number,
  cutoffAt: number,
): Promise<'approved' | 'skipped' | undefined> {
  const environment = s.environment as Environment;
  const product = s.product as Product;
  const id = Number(run.transaction_id);
  const api = await deps.api(environment);
  if (!api) return undefined;
  const read = await api.call(transactionOperations[product].get, { params: { id } });
  if (!read.ok) return undefined;
  const phase = phaseOf(read.data);
  if (phase === 'cancelled') {
    // Past the cut-off it was cancelled for missing it, whichever server cancelled it: another
    // one may be finishing the same run (its conditional update then changes nothing).
    await finish(deps, s, run.run_date, now, {
      status: 'skipped',
      reason:
        now >= cutoffAt
          ? wordsCode(RUN.cutoffMissed, { product, id, cutoff: s.cutoff, date: run.run_date })
          : wordsCode(RUN.cancelledFirst, { product, id }),
      transactionId: id,
    });
    return 'skipped';
  }
  if (phase !== 'pending' && phase !== 'quoted') {
    await finish(deps, s, run.run_date, now, { status: 'approved', reason: null });
    return 'approved';
  }
  if (now < cutoffAt) return undefined;
  const cancelled = await api.call(
    transactionOperations[product].cancel,
    {
      params: { id },
      body: {
        reason: 'OTHER',
        otherReason: 'Its approvals missed the cut-off of its scheduled day.',
      },
    },
    { idempotencyKey: `${runKey(s.id, run.run_date)}-cutoff` },
  );
  if (!cancelled.ok) return undefined; // the next pass reads it again
  await api.keep(transactionOperations[product].cancel, cancelled);
  await finish(deps, s, run.run_date, now, {
    status: 'skipped',
    reason: wordsCode(RUN.cutoffMissed, {
      product,
      id,
      cutoff: s.cutoff,
      date: run.run_date,
    }),
    transactionId: id,
  });
  return 'skipped';
}

/** Records how a run ended, tells whom it concerns where it did not happen, and moves on. */
async function finish(
  deps: ScheduleDeps,
  s: PayoutScheduleTable,
  date: string,
  now: number,
  end: {
    status: Schedule['runs'][number]['status'];
    reason: string | null;
    transactionId?: number;
  },
) {
  const body = JSON.parse(s.body) as Body;
  const ended = await deps.db.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('schedule_run')
      .set({ status: end.status, reason: end.reason, updated_at: now })
      .where('schedule_id', '=', s.id)
      .where('run_date', '=', date)
      // From the state this server saw: a run another server ended keeps its end.
      .where('status', '=', end.status === 'approved' || end.transactionId ? 'created' : 'creating')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    if (end.status === 'approved') return true;
    await deps.notices.scheduledRun(trx, {
      creatorId: s.created_by,
      title: said(RUN.noticeTitle, {
        amount: ({ locale }) => formatAmount(body.toAmount, s.payout_currency, locale),
        currency: s.payout_currency,
        account: String(body.toBusinessExternalAccountId),
        date,
        status: end.status,
      }),
      body: end.reason === null ? '' : toldStored(end.reason),
      link: end.transactionId
        ? DASHBOARD_LINKS.transaction(s.product as Product, end.transactionId)
        : DASHBOARD_LINKS.schedules,
      approvers: end.status === 'skipped',
    });
    return true;
  });
  // Ended by another server meanwhile: its end stands, told and audited once.
  if (!ended) return advance(deps, s, date, now);
  await auditRun(deps, s, date, now, end.status === 'failed' ? 'failed' : 'ok', {
    status: end.status,
    reason: end.reason === null ? null : sayText(null, end.reason),
  });
  await advance(deps, s, date, now);
}

/** The schedule moves past `date`, once: ended, or next month's day. */
async function advance(deps: ScheduleDeps, s: PayoutScheduleTable, date: string, now: number) {
  const next = s.repeat === 'monthly' ? nextMonthlyRun(date, s.day_of_month ?? 1) : null;
  await deps.db.db
    .updateTable('payout_schedule')
    .set({ next_run: next, status: next ? 'active' : 'ended', updated_at: now })
    .where('id', '=', s.id)
    .where('next_run', '=', date)
    .where('status', '=', 'active')
    .execute();
}

function auditRun(
  deps: ScheduleDeps,
  s: PayoutScheduleTable,
  date: string,
  now: number,
  outcome: 'ok' | 'failed',
  details: Record<string, unknown>,
) {
  return appendJobAudit(deps.db, deps.auditSeal, 'scheduled payouts', {
    at: now,
    action: 'scheduled payout run',
    target: `schedule/${s.id}`,
    outcome,
    details: { environment: s.environment, run: date, ...details },
  });
}
