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
import { SOURCE_LANGUAGE } from '#/i18n/languages';
import { sayer } from '../words';
import { recipientLanguage, workspaceLanguage } from '../page-language';

const KIND = 'monthlyStatement';

/** The person's last month: its label ("2026-10") and its instants [from, to). */
export function lastMonthOf(now: number, zone: string) {
  const [first] = presetDates('lastMonth', now, zone);
  const next = shiftDate(first, 1, 'month');
  return { month: first.slice(0, 7), from: midnight(first, zone), to: midnight(next, zone) };
}

/** A month ("2026-10") as `language` names it: "October 2026", "Oktober 2026". */
export const monthName = (month: string, language: string) =>
  new Intl.DateTimeFormat(language === SOURCE_LANGUAGE ? 'en-GB' : language, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.parse(`${month}-15T12:00:00Z`));

/** Who chose the monthly statement (active people only), with their time zone. */
async function subscribers(store: DashboardDb) {
  const [people, prefs] = await Promise.all([
    store.db
      .selectFrom('app_user')
      .select(['id', 'email', 'time_zone', 'language', 'locale'])
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

/** The mail's words, in the recipient's language (decision 091). */
const MONTHLY = {
  subject: /*i18n*/ {
    id: 'monthlyMail.subject',
    message: 'Your Partner Payments statement totals for {month}',
  },
  none: /*i18n*/ { id: 'monthlyMail.none', message: 'No transaction completed in {month}.' },
  lead: /*i18n*/ {
    id: 'monthlyMail.lead',
    message:
      'What completed in {month}, per currency (a transaction counts in both of its currencies):',
  },
  line: /*i18n*/ {
    id: 'monthlyMail.line',
    message:
      '{currency} ({environment}): {count, plural, one {# transaction} other {# transactions}} · deposited {deposited} · paid out {paidOut}',
  },
  download: /*i18n*/ { id: 'monthlyMail.download', message: 'Download the statements' },
  downloadLead: /*i18n*/ {
    id: 'monthlyMail.downloadLead',
    message: 'Each currency’s statement, line by line, as CSV, Excel or PDF:',
  },
  footer: /*i18n*/ {
    id: 'monthlyMail.footer',
    message:
      'You get this because you chose the monthly statement. Change it under Your account, Notifications.',
  },
};

/**
 * The mail of a month's totals, in `language`, its amounts in `locale`'s formats (the person's,
 * else the language's).
 */
export function statementMail(
  month: string,
  totals: Awaited<ReturnType<typeof monthTotals>>,
  origin: string,
  language: string = SOURCE_LANGUAGE,
  locale: string = language,
) {
  const say = sayer(language);
  const money = (amount: string, currency: string) =>
    `${formatDecimal(amount, decimalsOf(currency), locale)} ${currency}`;
  const name = monthName(month, language);
  return composeMail(say(MONTHLY.subject, { month: name }), [
    {
      kind: 'paragraph',
      text: say(totals.length === 0 ? MONTHLY.none : MONTHLY.lead, { month: name }),
    },
    ...(totals.length > 0
      ? [
          {
            kind: 'list' as const,
            items: totals.map((t) => ({
              text: say(MONTHLY.line, {
                currency: t.currency,
                environment: t.environment,
                count: t.count,
                deposited: money(t.deposited, t.currency),
                paidOut: money(t.paidOut, t.currency),
              }),
              href: null,
            })),
          },
        ]
      : []),
    {
      kind: 'link',
      href: `${origin}/reports`,
      label: say(MONTHLY.download),
      textLead: say(MONTHLY.downloadLead),
    },
    { kind: 'footer', text: say(MONTHLY.footer) },
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
  // Each mail in its reader's language: theirs, else the workspace's (decision 091).
  const workspace = await workspaceLanguage(store.db);
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
      const language = recipientLanguage(person.language, workspace);
      const mail = statementMail(
        last.month,
        totals,
        settings.origin(),
        language,
        person.locale ?? language,
      );
      await queueMail(trx, { to: person.email, kind: KIND, ...mail }, now);
      return true;
    });
    if (queuedNow) queued++;
  }
  return queued;
}
