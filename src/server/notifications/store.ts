// Notifications in the dashboard's database (docs/decisions/035). `notify` is called inside the
// transaction of the change that causes it: the people's in-app notifications, an email for
// each who wants it at once, and a chat message per hook of the kind are all written with the
// change, or not at all. The outbox worker (./deliver.ts) sends what the outbox holds.
import { said, type Said, type Words } from '#/i18n/words';
import { recipientLanguage, workspaceLanguage } from '../page-language';
import { sayIn, sayer } from '../words';
import { utcMinute } from '#/api/periods';
import { randomUUID } from 'node:crypto';
import { composeMail } from './mail';
import type { Kysely } from 'kysely';
import {
  DEFAULT_MODE,
  type DeliveryMode,
  KIND_LABEL,
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationKind,
} from '#/api/notifications';
import type { Role } from '#/api/roles';
import type { DashboardDb } from '../store/db';
import type { Database, NotificationTable } from '../store/schema';
import { putWorkspaceSetting } from '../store/workspace-settings';
import { issueApprovalLinks, type LinkSubject } from '../store/approval-links';
import { APPROVAL_LINK_PATH } from '#/api/controls';

export interface NotifyEvent {
  kind: NotificationKind;
  /** Who is told. */
  userIds: readonly string[];
  /** Words, told to each person in their language (decision 091), or a sentence as it is. */
  title: Told;
  body: Told;
  /** A path of the dashboard, such as `/batches/…`. */
  link: string | null;
  /**
   * What a mail to each person lets them decide from it (docs/decisions/087): each mail then
   * carries that person's own single-use links. Chat messages, read by a whole channel, do not.
   */
  decideLink?: LinkSubject | undefined;
}

export interface MailSettings {
  /** Where links in mail lead: the dashboard's public origin. */
  origin: () => string;
  now: () => number;
}

/** A notice's words: a sentence as it is, or words told in a language. */
export type Told = string | Said;

export const toldIn = (language: string, told: Told) =>
  typeof told === 'string' ? told : sayIn(language, told);

/** The fixed words of a notice's mail and chat message (decision 091). */
const MAIL = {
  review: /*i18n*/ { id: 'mail.review', message: 'Review and approve' },
  reviewLead: /*i18n*/ { id: 'mail.reviewLead', message: 'Review and approve:' },
  reject: /*i18n*/ { id: 'mail.reject', message: 'Reject…' },
  rejectLead: /*i18n*/ { id: 'mail.rejectLead', message: 'Reject:' },
  yoursAlone: /*i18n*/ {
    id: 'mail.yoursAlone',
    message:
      'These two links are for you alone: they decide once, and work until {until} UTC. Nobody from the dashboard will ask you for them.',
  },
  open: /*i18n*/ { id: 'mail.open', message: 'Open it in the dashboard' },
  openLead: /*i18n*/ { id: 'mail.openLead', message: 'Open it:' },
  why: /*i18n*/ {
    id: 'mail.why',
    message:
      'You get this because “{kind}” is on for you. Change it under Your account, Notifications.',
  },
  chatLinks: /*i18n*/ {
    id: 'chat.links',
    message:
      'Review and approve: <{page}> · Reject: <{page}?reject> (yours alone, once, until {until} UTC)',
  },
} satisfies Record<string, Words>;

/**
 * An email's subject, plain text and HTML for a notification, in `language`; `decide`: its
 * person's links.
 */
export function mailOf(
  event: Pick<NotifyEvent, 'kind' | 'title' | 'body' | 'link'>,
  origin: string,
  language: string,
  decide?: { token: string; expiresAt: number },
) {
  const say = sayer(language);
  const url = event.link ? `${origin}${event.link}` : origin;
  const page = decide && `${origin}${APPROVAL_LINK_PATH}/${decide.token}`;
  const until = decide && utcMinute(decide.expiresAt);
  return composeMail(toldIn(language, event.title), [
    { kind: 'paragraph', text: toldIn(language, event.body) },
    ...(page
      ? [
          {
            kind: 'link' as const,
            href: page,
            label: say(MAIL.review),
            textLead: say(MAIL.reviewLead),
          },
          {
            kind: 'link' as const,
            href: `${page}?reject`,
            label: say(MAIL.reject),
            textLead: say(MAIL.rejectLead),
          },
          { kind: 'paragraph' as const, text: say(MAIL.yoursAlone, { until: until! }) },
        ]
      : []),
    { kind: 'link', href: url, label: say(MAIL.open), textLead: say(MAIL.openLead) },
    {
      kind: 'footer',
      text: say(MAIL.why, { kind: sayIn(language, said(KIND_LABEL[event.kind])) }),
    },
  ]);
}

/** A notice as one chat message, in `language`: what it tells, then where to open it. */
function chatText(
  event: Pick<NotifyEvent, 'title' | 'body' | 'link'>,
  origin: string,
  language: string,
) {
  const told = `${toldIn(language, event.title)}: ${toldIn(language, event.body)}`;
  return event.link ? `${told} <${origin}${event.link}>` : told;
}

/** A message to a person's own chat: the notice, their own links where it has them, the page. */
function ownChatText(
  event: Pick<NotifyEvent, 'title' | 'body' | 'link'>,
  origin: string,
  language: string,
  decide?: { token: string; expiresAt: number },
) {
  const page = decide ? `${origin}${APPROVAL_LINK_PATH}/${decide.token}` : undefined;
  const until = decide && utcMinute(decide.expiresAt).slice(11);
  return [
    `${toldIn(language, event.title)}: ${toldIn(language, event.body)}`,
    ...(page ? [sayIn(language, said(MAIL.chatLinks, { page, until: until! }))] : []),
    ...(event.link ? [`${sayIn(language, said(MAIL.openLead))} <${origin}${event.link}>`] : []),
  ].join('\n');
}

/** People of the workspace with one of `roles`, not deactivated, read in `trx`. */
export async function peopleWithRole(
  trx: Kysely<Database>,
  roles: readonly Role[],
  except: readonly (string | null)[] = [],
): Promise<string[]> {
  const rows = await trx
    .selectFrom('app_user')
    .select(['id', 'roles'])
    .where('disabled_at', 'is', null)
    .execute();
  return rows
    .filter((r) => r.roles.split(',').some((role) => roles.includes(role as Role)))
    .map((r) => r.id)
    .filter((id) => !except.includes(id));
}

/**
 * Writes a notification in `trx`, the transaction of the change it tells of: one in-app entry per
 * person, an email per person who wants this kind at once, and a chat message per hook.
 */
export async function notify(trx: Kysely<Database>, event: NotifyEvent, settings: MailSettings) {
  const userIds = [...new Set(event.userIds)];
  const time = settings.now();
  const hooks = await trx
    .selectFrom('chat_hook')
    .select('url')
    .where('kind', '=', event.kind)
    .execute();
  if (userIds.length === 0 && hooks.length === 0) return;
  // Each person reads it in their language, the team's channels in the workspace's (decision 091).
  const workspace = await workspaceLanguage(trx);
  const outbox = (
    channel: 'email' | 'chat',
    target: string,
    message: { subject: string; text: string; html: string | null },
  ) => ({
    id: randomUUID(),
    channel,
    target,
    kind: event.kind,
    subject: message.subject,
    text_body: message.text,
    html_body: message.html,
    status: 'pending',
    attempts: 0,
    next_at: time,
    lease_owner: null,
    lease_until: null,
    created_at: time,
    delivered_at: null,
    last_error: null,
  });
  const rows = [];
  if (userIds.length > 0) {
    const people = await trx
      .selectFrom('app_user')
      .select(['id', 'email', 'language', 'disabled_at'])
      .where('id', 'in', userIds)
      .execute();
    const languageOf = new Map(
      people.map((p) => [p.id, recipientLanguage(p.language, workspace)] as const),
    );
    await trx
      .insertInto('notification')
      .values(
        userIds.map((userId) => {
          const language = languageOf.get(userId) ?? workspace;
          return {
            id: randomUUID(),
            user_id: userId,
            kind: event.kind,
            title: toldIn(language, event.title),
            body: toldIn(language, event.body),
            link: event.link,
            created_at: time,
            read_at: null,
          };
        }),
      )
      .execute();
    const chosen = new Map(
      (
        await trx
          .selectFrom('notification_pref')
          .select(['user_id', 'mode'])
          .where('kind', '=', event.kind)
          .where('user_id', 'in', userIds)
          .execute()
      ).map((p) => [p.user_id, p.mode as DeliveryMode]),
    );
    const mailed = people.filter(
      (person) =>
        person.disabled_at === null &&
        (chosen.get(person.id) ?? DEFAULT_MODE[event.kind]) === 'immediately',
    );
    const links = event.decideLink
      ? await issueApprovalLinks(
          trx,
          mailed.map((p) => p.id),
          event.decideLink,
          time,
        )
      : undefined;
    // A person's own chat hook gets what they get at once, with their own links (087).
    const ownChats = new Map(
      mailed.length === 0
        ? []
        : (
            await trx
              .selectFrom('person_chat_hook')
              .select(['user_id', 'url'])
              .where(
                'user_id',
                'in',
                mailed.map((p) => p.id),
              )
              .execute()
          ).map((h) => [h.user_id, h.url]),
    );
    for (const person of mailed) {
      const language = languageOf.get(person.id) ?? workspace;
      const token = links?.tokens.get(person.id);
      const decide = token ? { token, expiresAt: links!.expiresAt } : undefined;
      rows.push(outbox('email', person.email, mailOf(event, settings.origin(), language, decide)));
      const chat = ownChats.get(person.id);
      if (chat)
        rows.push(
          outbox('chat', chat, {
            subject: toldIn(language, event.title),
            text: ownChatText(event, settings.origin(), language, decide),
            html: null,
          }),
        );
    }
  }
  for (const hook of hooks)
    rows.push(
      outbox('chat', hook.url, {
        subject: toldIn(workspace, event.title),
        text: chatText(event, settings.origin(), workspace),
        html: null,
      }),
    );
  if (rows.length > 0) await trx.insertInto('outbox').values(rows).execute();
}

/** An email of its own (an invitation), queued in the outbox like a notification's. */
export async function queueMail(
  trx: Kysely<Database>,
  mail: { to: string; kind: string; subject: string; text: string; html: string },
  now: number,
) {
  await trx
    .insertInto('outbox')
    .values({
      id: randomUUID(),
      channel: 'email',
      target: mail.to,
      kind: mail.kind,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      status: 'pending',
      attempts: 0,
      next_at: now,
      lease_owner: null,
      lease_until: null,
      created_at: now,
      delivered_at: null,
      last_error: null,
    })
    .execute();
}

/** The workspace setting that holds the hosts of the team's network chat hooks may reach. */
const CHAT_NETWORK_KEY = 'chatPrivateHosts';

/** The hosts of the team's own network chat hooks may post to (none unless an admin said). */
export async function privateChatHosts(store: DashboardDb): Promise<string[]> {
  const row = await store.db
    .selectFrom('workspace_setting')
    .select('value')
    .where('key', '=', CHAT_NETWORK_KEY)
    .executeTakeFirst();
  const hosts = row ? (JSON.parse(row.value) as unknown) : [];
  return Array.isArray(hosts) ? hosts.filter((h): h is string => typeof h === 'string') : [];
}

const toNotification = (row: NotificationTable): Notification => ({
  id: row.id,
  kind: row.kind as NotificationKind,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: Number(row.created_at),
  readAt: row.read_at === null ? null : Number(row.read_at),
});

export function notificationStore(store: DashboardDb, now: () => number = Date.now) {
  const { db } = store;
  return {
    async list(userId: string, onlyUnread: boolean, limit: number) {
      let select = db
        .selectFrom('notification')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(limit);
      if (onlyUnread) select = select.where('read_at', 'is', null);
      const [rows, unread] = await Promise.all([select.execute(), this.unread(userId)]);
      return { unread, results: rows.map(toNotification) };
    },

    async unread(userId: string): Promise<number> {
      return (await this.unreadOf([userId])).get(userId) ?? 0;
    },

    /** Unread notifications of several people, in one query (people with none are absent). */
    async unreadOf(userIds: readonly string[]): Promise<Map<string, number>> {
      const counts = new Map<string, number>();
      for (let at = 0; at < userIds.length; at += 500) {
        const rows = await db
          .selectFrom('notification')
          .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
          .where('user_id', 'in', userIds.slice(at, at + 500))
          .where('read_at', 'is', null)
          .groupBy('user_id')
          .execute();
        for (const row of rows) counts.set(row.user_id, Number(row.n));
      }
      return counts;
    },

    async markRead(userId: string, id: string): Promise<Notification | undefined> {
      await db
        .updateTable('notification')
        .set({ read_at: now() })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .execute();
      const row = await db
        .selectFrom('notification')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row && toNotification(row);
    },

    async markAllRead(userId: string): Promise<number> {
      const done = await db
        .updateTable('notification')
        .set({ read_at: now() })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return Number(done.numUpdatedRows);
    },

    /** Each kind's mode for a person: as chosen, or the kind's default. */
    async modes(userId: string): Promise<Record<NotificationKind, DeliveryMode>> {
      const chosen = await db
        .selectFrom('notification_pref')
        .select(['kind', 'mode'])
        .where('user_id', '=', userId)
        .execute();
      const modes = { ...DEFAULT_MODE };
      for (const c of chosen)
        if ((NOTIFICATION_KINDS as readonly string[]).includes(c.kind))
          modes[c.kind as NotificationKind] = c.mode as DeliveryMode;
      return modes;
    },

    async setModes(userId: string, modes: Partial<Record<NotificationKind, DeliveryMode>>) {
      await db.transaction().execute(async (trx) => {
        for (const [kind, mode] of Object.entries(modes)) {
          await trx
            .deleteFrom('notification_pref')
            .where('user_id', '=', userId)
            .where('kind', '=', kind)
            .execute();
          await trx
            .insertInto('notification_pref')
            .values({ user_id: userId, kind, mode })
            .execute();
        }
      });
    },

    async keptMail(limit: number) {
      const rows = await db
        .selectFrom('kept_mail')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((m) => ({
        id: m.id,
        to: m.to_address,
        subject: m.subject,
        text: m.text_body,
        html: m.html_body,
        kind: m.kind,
        createdAt: Number(m.created_at),
      }));
    },

    privateChatHosts: () => privateChatHosts(store),

    setPrivateChatHosts: (hosts: readonly string[], by: string | null) =>
      putWorkspaceSetting(db, {
        key: CHAT_NETWORK_KEY,
        value: [...new Set(hosts)],
        at: now(),
        by,
      }),

    async chatHooks() {
      const rows = await db.selectFrom('chat_hook').selectAll().orderBy('created_at').execute();
      return rows.map((h) => ({
        id: h.id,
        kind: h.kind as NotificationKind,
        url: h.url,
        createdAt: Number(h.created_at),
      }));
    },

    async addChatHook(kind: NotificationKind, url: string, by: string | null) {
      const row = { id: randomUUID(), kind, url, created_at: now(), created_by: by };
      await db.insertInto('chat_hook').values(row).execute();
      return { id: row.id, kind, url, createdAt: row.created_at };
    },

    /** A person's own chat hook (posts to them alone), or null. */
    async ownChatHook(userId: string): Promise<string | null> {
      const row = await db
        .selectFrom('person_chat_hook')
        .select('url')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.url ?? null;
    },

    async setOwnChatHook(userId: string, url: string | null) {
      await db.deleteFrom('person_chat_hook').where('user_id', '=', userId).execute();
      if (url)
        await db
          .insertInto('person_chat_hook')
          .values({ user_id: userId, url, created_at: now() })
          .execute();
    },

    async removeChatHook(id: string): Promise<boolean> {
      const done = await db.deleteFrom('chat_hook').where('id', '=', id).executeTakeFirst();
      return Number(done.numDeletedRows) === 1;
    },
  };
}

export type NotificationStore = ReturnType<typeof notificationStore>;
