// Last month's statement totals by mail, on the first of the month (issue 43), to each person
// who chose the "monthly statement" notification: per environment with completed transactions
// and per currency, how many transactions and how much was deposited and paid out, exactly as
// the statement page and its files say (the same queries), the month being the person's own
// (their time zone). Each person's mail is claimed with a compare-and-set on
// `statement_mail_state.sent_month`, so that servers sharing a database send it once.
import { DEFAULT_MODE, type DeliveryMode } from '#/api/notifications';
import { formatDecimal } from '#/api/formats';
import { decimalsOf } from '#/api/money';
import { midnight, presetDates, shiftDate } from '#/api/periods';
import { composeMail } from '../notifications/mail';
import { type MailSettings, queueMail } from '../notifications/store';
import type { DashboardDb } from '../store/db';
import { statementQueries } from './lines';

const KIND = 'monthlyStatement';

/** The person's last month: its label ("2026-10"), its name, and its instants [from, to). */
export function lastMonthOf(now: number, zone: string) {
  const [first] = presetDates('lastMonth', now, zone);
  const next = shiftDate(first, 1, 'month');
  const name = new Intl.DateTimeFormat('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.parse(`${first}T12:00:00Z`));
  return { month: first.slice(0, 7), name, from: midnight(first, zone), to: midnight(next, zone) };
}

/** Who chose the monthly statement (active people only), with their time zone. */
async function subscribers(store: DashboardDb) {
  const [people, prefs] = await Promise.all([
    store.db
      .selectFrom('app_user')
      .select(['id', 'email', 'time_zone'])
      .where('disabled_at', 'is', null)
      .execute(),
    store.db
      .selectFrom('notification_pref')
      .select(['user_id', 'mode'])
      .where('kind', '=', KIND)
      .execute(),
  ]);
  const chosen = new Map(prefs.map((p) => [p.user_id, p.mode as DeliveryMode]));
  return people.filter((p) => (chosen.get(p.id) ?? DEFAULT_MODE[KIND]) !== 'off');
}

/** The month's totals per environment and currency, exact decimal strings. */
async function monthTotals(store: DashboardDb, from: number, to: number) {
  const environments = (
    await store.db
      .selectFrom('index_transaction')
      .select('environment')
      .distinct()
      .where('completed_at', '>=', from)
      .where('completed_at', '<', to)
      .execute()
  ).map((r) => r.environment);
  const queries = statementQueries(store);
  const totals = [];
  for (const environment of environments.sort()) {
    const first = await queries.summary({ environment, currency: '', from, to });
    for (const currency of first.currencies)
      totals.push({ environment, ...(await queries.summary({ environment, currency, from, to })) });
  }
  return totals;
}

/** The mail of a month's totals. */
export function statementMail(
  name: string,
  totals: Awaited<ReturnType<typeof monthTotals>>,
  origin: string,
) {
  const money = (amount: string, currency: string) =>
    `${formatDecimal(amount, decimalsOf(currency), 'en-GB')} ${currency}`;
  return composeMail(`Your Partner Payments statement totals for ${name}`, [
    {
      kind: 'paragraph',
      text:
        totals.length === 0
          ? `No transaction completed in ${name}.`
          : `What completed in ${name}, per currency (a transaction counts in both of its currencies):`,
    },
    ...(totals.length > 0
      ? [
          {
            kind: 'list' as const,
            items: totals.map((t) => ({
              text: `${t.currency} (${t.environment}): ${t.count} ${t.count === 1 ? 'transaction' : 'transactions'} · deposited ${money(t.deposited, t.currency)} · paid out ${money(t.paidOut, t.currency)}`,
              href: null,
            })),
          },
        ]
      : []),
    {
      kind: 'link',
      href: `${origin}/reports`,
      label: 'Download the statements',
      textLead: 'Each currency’s statement, line by line, as CSV, Excel or PDF:',
    },
    {
      kind: 'footer',
      text: 'You get this because you chose the monthly statement. Change it under Your account, Notifications.',
    },
  ]);
}

/** Queues the monthly mails that are due now. Answers how many it queued. */
export async function sendMonthlyStatements(
  store: DashboardDb,
  settings: MailSettings,
): Promise<number> {
  const now = settings.now();
  let queued = 0;
  const totalsOf = new Map<string, Promise<Awaited<ReturnType<typeof monthTotals>>>>();
  // Who is up to date, read once: a pass every minute opens nothing for them.
  const sentMonth = new Map(
    (
      await store.db.selectFrom('statement_mail_state').select(['user_id', 'sent_month']).execute()
    ).map((r) => [r.user_id, r.sent_month]),
  );
  for (const person of await subscribers(store)) {
    const zone = person.time_zone ?? 'UTC';
    const last = lastMonthOf(now, zone);
    const sent = sentMonth.get(person.id);
    if (sent !== undefined && sent >= last.month) continue;
    // A person's first mail is for the month that has just ended, never for earlier ones.
    const state = { sent_month: sent ?? shiftDate(`${last.month}-01`, -1, 'month').slice(0, 7) };
    if (sent === undefined)
      await store.db
        .insertInto('statement_mail_state')
        .values({ user_id: person.id, sent_month: state.sent_month })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    const key = `${last.from}-${last.to}`;
    if (!totalsOf.has(key)) totalsOf.set(key, monthTotals(store, last.from, last.to));
    const totals = await totalsOf.get(key)!;
    const queuedNow = await store.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('statement_mail_state')
        .set({ sent_month: last.month })
        .where('user_id', '=', person.id)
        .where('sent_month', '=', state.sent_month)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      const mail = statementMail(last.name, totals, settings.origin());
      await queueMail(trx, { to: person.email, kind: KIND, ...mail }, now);
      return true;
    });
    if (queuedNow) queued++;
  }
  return queued;
}
