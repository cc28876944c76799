// Scheduled payouts (docs/decisions/090): a payout made on a date, once or monthly on a day (the
// 31st falling to the last day of a shorter month), quoted that day at that day's rate, through
// the same limits, policies and approvals, which must finish before the day's cut-off (UTC); a
// missed cut-off skips that run. Declared once (docs/decisions/027).
import { z } from 'zod';
import { endpoints, STATUS } from './endpoints';
import { integerParam, oneOf, TextIdParams, Timestamp, toldText } from './schemas/common';
import { TransactionCreate } from './schemas/transaction';
import { CW } from './contract-words';
import { invalid } from './validation-words';

export const SCHEDULE_PRODUCTS = ['sendc2f', 'sendf2f'] as const;
export const REPEATS = ['once', 'monthly'] as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (d: string) =>
  DATE.test(d) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);

/**
 * The day of a monthly run in the month of `yearMonth` (`2027-02`): `day`, or the month's last
 * day when it has fewer (31 → 28 in February).
 */
export function monthlyRunDate(yearMonth: string, day: number): string {
  const [y, m] = yearMonth.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${yearMonth}-${String(Math.min(day, last)).padStart(2, '0')}`;
}

/** The run after `date` of a schedule monthly on `day`. */
export function nextMonthlyRun(date: string, day: number): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(y, m, 1)); // the first of the month after
  return monthlyRunDate(next.toISOString().slice(0, 7), day);
}

/** The first run of a monthly schedule from `start`: this month's day if not past, else next. */
export function firstMonthlyRun(start: string, day: number): string {
  const here = monthlyRunDate(start.slice(0, 7), day);
  return here >= start ? here : nextMonthlyRun(start, day);
}

export const ScheduleCreate = z
  .object({
    product: oneOf(SCHEDULE_PRODUCTS),
    body: TransactionCreate.omit({ invoiceUrl: true, depositConfirmationUrl: true }),
    repeat: oneOf(REPEATS),
    /** The day of the single run, or the first day a monthly schedule may run (YYYY-MM-DD). */
    date: z.string({ error: invalid(CW.dayRequired) }).refine(isDate, { error: invalid(CW.day) }),
    /** Monthly: the day of the month (31: the last day of shorter months). */
    dayOfMonth: z
      .int({ error: invalid(CW.dayOfMonth) })
      .min(1)
      .max(31)
      .optional(),
    /** The time (UTC) by which the run's approvals must be given, else it is skipped. */
    cutoff: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: invalid(CW.timeUtc) })
      .default('16:00'),
  })
  .refine((s) => s.repeat !== 'monthly' || s.dayOfMonth !== undefined, {
    path: ['dayOfMonth'],
    error: invalid(CW.monthlyDay),
  });
export type ScheduleCreate = z.input<typeof ScheduleCreate>;

export const ScheduleRun = z.object({
  date: z.string(),
  status: z.enum(['creating', 'created', 'approved', 'skipped', 'failed']),
  transactionId: z.int().nullable(),
  /** Why a run was skipped or not made, in the reader's language. */
  reason: toldText().nullable(),
});

export const Schedule = z.object({
  id: z.string(),
  product: oneOf(SCHEDULE_PRODUCTS),
  body: TransactionCreate.omit({ invoiceUrl: true, depositConfirmationUrl: true }),
  repeat: oneOf(REPEATS),
  dayOfMonth: z.int().nullable(),
  cutoff: z.string(),
  /** The next run's day; null once it has ended. */
  nextRun: z.string().nullable(),
  status: z.enum(['active', 'ended', 'cancelled']),
  createdBy: z.object({ id: z.string(), name: z.string() }),
  createdAt: Timestamp,
  merchantName: z.string().nullable(),
  payeeName: z.string().nullable(),
  payoutCurrency: z.string().nullable(),
  /** The latest runs, newest first. */
  runs: z.array(ScheduleRun),
});
export type Schedule = z.infer<typeof Schedule>;

export const scheduleEndpoints = endpoints({
  listSchedules: {
    method: 'GET',
    path: '/schedules',
    summary: 'Scheduled payouts: what runs next, and how the last runs went',
    query: z.object({
      status: oneOf(['active', 'all']).default('active'),
      limit: integerParam({ min: 1, max: 100, label: 'a page size' }).default(50),
    }),
    response: z.object({ results: z.array(Schedule) }),
  },
  createSchedule: {
    errors: STATUS.partnerApi,
    method: 'POST',
    path: '/schedules',
    summary: 'Schedule a payout for a day, once or monthly',
    body: ScheduleCreate,
    response: Schedule,
    roles: ['finance'],
    audit: 'schedule payout',
  },
  cancelSchedule: {
    errors: STATUS.conflict,
    method: 'DELETE',
    path: '/schedules/{id}',
    summary: 'Cancel a scheduled payout: no further run (one under way keeps its approvals)',
    params: TextIdParams,
    response: Schedule,
    roles: ['finance'],
    audit: 'cancel scheduled payout',
  },
});
