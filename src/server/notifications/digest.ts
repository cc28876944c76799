// The daily digest (docs/decisions/035): once a day, at DIGEST_HOUR_UTC, each person who chose
// "daily digest" for some kinds gets one mail listing their notifications of those kinds from
// the day before that they have not read in the app. Each person's digest is claimed with a
// compare-and-set on `digest_state.sent_until` in the transaction that queues the mail, so that
// servers sharing a database send each digest once.
import { said } from '#/i18n/words';
import { sayIn, sayer } from '../words';
import { recipientLanguage, workspaceLanguage } from '../page-language';
import type { Kysely } from 'kysely';
import {
  DEFAULT_MODE,
  DIGEST_HOUR_UTC,
  type DeliveryMode,
  KIND_LABEL,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from '#/api/notifications';
import type { DashboardDb } from '../store/db';
import type { Database } from '../store/schema';
import { isoInZone } from '#/api/periods';
import { composeMail } from './mail';
import { type MailSettings, queueMail } from './store';

const DAY_MS = 24 * 60 * 60 * 1000;
/** At most this many notifications are listed; the rest are counted. */
const LISTED = 30;

/** The digest's own words, in its reader's language (decision 091). */
const DIGEST = {
  subject: /*i18n*/ {
    id: 'digest.subject',
    message:
      'Your Partner Payments digest: {count, plural, one {# notification} other {# notifications}} since {day}',
  },
  since: /*i18n*/ { id: 'digest.since', message: 'Not read in the dashboard yet, since {from}:' },
  more: /*i18n*/ { id: 'digest.more', message: '…and {more} more in the dashboard' },
  moreLead: /*i18n*/ { id: 'digest.moreLead', message: '…and {more} more:' },
  footer: /*i18n*/ {
    id: 'digest.footer',
    message: 'You get this digest for: {kinds}. Change it under Your account, Notifications.',
  },
};

/** The newest digest time at or before `at`. */
export function digestCutoff(at: number): number {
  const day = Math.floor(at / DAY_MS) * DAY_MS + DIGEST_HOUR_UTC * 60 * 60 * 1000;
  return day <= at ? day : day - DAY_MS;
}

/** Each active person's kinds in the digest (as chosen, or by the kind's default). */
async function digestKinds(db: Kysely<Database>) {
  const [people, prefs] = await Promise.all([
    db
      .selectFrom('app_user')
      .select(['id', 'email', 'time_zone', 'language'])
      .where('disabled_at', 'is', null)
      .execute(),
    db.selectFrom('notification_pref').select(['user_id', 'kind', 'mode']).execute(),
  ]);
  const chosen = new Map(prefs.map((p) => [`${p.user_id} ${p.kind}`, p.mode as DeliveryMode]));
  return people
    .map((person) => ({
      ...person,
      kinds: NOTIFICATION_KINDS.filter(
        (kind) => (chosen.get(`${person.id} ${kind}`) ?? DEFAULT_MODE[kind]) === 'digest',
      ),
    }))
    .filter((person) => person.kinds.length > 0);
}

/**
 * The digest mail of `items` (newest first, their titles written in the person's language when
 * they were told), its times in the person's zone (UTC unless chosen), its words in `language`.
 */
export function digestMail(
  items: { kind: NotificationKind; title: string; link: string | null; createdAt: number }[],
  origin: string,
  cutoff: number,
  zone: string | null = null,
  language: string = 'en',
) {
  const say = sayer(language);
  const tz = zone ?? 'UTC';
  const since = isoInZone(cutoff - DAY_MS, tz);
  const day = since.slice(0, 10);
  const from = `${day} ${since.slice(11, 16)} ${tz}`;
  const shown = items.slice(0, LISTED);
  const more = items.length - shown.length;
  const kinds = [...new Set(items.map((i) => sayIn(language, said(KIND_LABEL[i.kind]))))].join(
    '; ',
  );
  return composeMail(say(DIGEST.subject, { count: items.length, day }), [
    { kind: 'paragraph', text: say(DIGEST.since, { from }) },
    {
      kind: 'list',
      items: shown.map((i) => ({
        text: i.title,
        note: `(${isoInZone(i.createdAt, tz).slice(11, 16)} ${tz})`,
        href: i.link ? origin + i.link : null,
      })),
    },
    ...(more > 0
      ? [
          {
            kind: 'link' as const,
            href: `${origin}/`,
            label: say(DIGEST.more, { more }),
            textLead: say(DIGEST.moreLead, { more }),
          },
        ]
      : []),
    {
      kind: 'footer',
      text: say(DIGEST.footer, { kinds }),
    },
  ]);
}

/**
 * Queues the digests due at the newest cutoff, one per person who has unread notifications of
 * their digest kinds since their last one (at most a week back). Answers how many it queued.
 */
export async function sendDigests(store: DashboardDb, settings: MailSettings): Promise<number> {
  const { db } = store;
  const cutoff = digestCutoff(settings.now());
  let queued = 0;
  // Who is already up to date, read once: a pass every minute opens no transaction for them.
  const done = new Set(
    (
      await db
        .selectFrom('digest_state')
        .select('user_id')
        .where('sent_until', '>=', cutoff)
        .execute()
    ).map((r) => r.user_id),
  );
  // Each digest in its reader's language: theirs, else the workspace's (decision 091).
  const workspace = await workspaceLanguage(db);
  for (const person of await digestKinds(db)) {
    if (done.has(person.id)) continue;
    // A person's first digest looks back one day.
    await db
      .insertInto('digest_state')
      .values({ user_id: person.id, sent_until: cutoff - DAY_MS })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const sent = await db.transaction().execute(async (trx) => {
      const state = await trx
        .selectFrom('digest_state')
        .select('sent_until')
        .where('user_id', '=', person.id)
        .executeTakeFirstOrThrow();
      const previous = Number(state.sent_until);
      if (previous >= cutoff) return false;
      const claimed = await trx
        .updateTable('digest_state')
        .set({ sent_until: cutoff })
        .where('user_id', '=', person.id)
        .where('sent_until', '=', previous)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      const rows = await trx
        .selectFrom('notification')
        .select(['kind', 'title', 'link', 'created_at'])
        .where('user_id', '=', person.id)
        .where('kind', 'in', person.kinds)
        .where('read_at', 'is', null)
        .where('created_at', '>', Math.max(previous, cutoff - 7 * DAY_MS))
        .where('created_at', '<=', cutoff)
        .orderBy('created_at', 'desc')
        .execute();
      if (rows.length === 0) return false;
      const mail = digestMail(
        rows.map((r) => ({
          kind: r.kind as NotificationKind,
          title: r.title,
          link: r.link,
          createdAt: Number(r.created_at),
        })),
        settings.origin(),
        cutoff,
        person.time_zone,
        recipientLanguage(person.language, workspace),
      );
      await queueMail(trx, { to: person.email, kind: 'digest', ...mail }, settings.now());
      return true;
    });
    if (sent) queued++;
  }
  return queued;
}
