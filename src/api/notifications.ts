// Notifications (docs/decisions/035): what the dashboard tells people, in the app (the bell),
// by email and in a team chat, each written to an outbox with the change that causes it and
// delivered by a worker. The kinds, each person's choices, the mail kept when no SMTP server is
// configured, and the chat hooks. Declared once (docs/decisions/027).
import type { Words } from '#/i18n/words';
import { z } from 'zod';
import { endpoints } from './endpoints';
import { type Role, WORKSPACE_ROLES } from './roles';
import { integerParam, oneOf, TextIdParams } from './schemas/common';
import { invalid, V } from './validation-words';
import { CW } from './contract-words';

const ADMIN = WORKSPACE_ROLES.administer;

/** What a notification is about. */
export const NOTIFICATION_KINDS = [
  'waitingForYou',
  'requestRejected',
  'transactionEnded',
  'batchFinished',
  'webhookFailing',
  'newSignIn',
  'monthlyStatement',
  'signInProvider',
  'approvalEscalated',
  'scheduledRun',
] as const;
export const NotificationKind = oneOf(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** Each kind in words, translated where it shows (decision 091). */
export const KIND_LABEL: Record<NotificationKind, Words> = {
  waitingForYou: /*i18n*/ {
    id: 'notificationKind.waitingForYou',
    message: 'An approval waits for you',
  },
  requestRejected: /*i18n*/ {
    id: 'notificationKind.requestRejected',
    message: 'Something you asked for was rejected or expired, with the reason',
  },
  transactionEnded: /*i18n*/ {
    id: 'notificationKind.transactionEnded',
    message: 'Your transaction completed, was cancelled or failed',
  },
  batchFinished: /*i18n*/ {
    id: 'notificationKind.batchFinished',
    message: 'Your bulk payout finished submitting',
  },
  webhookFailing: /*i18n*/ {
    id: 'notificationKind.webhookFailing',
    message: 'A webhook endpoint keeps failing',
  },
  newSignIn: /*i18n*/ {
    id: 'notificationKind.newSignIn',
    message: 'A sign-in from a new browser',
  },
  monthlyStatement: /*i18n*/ {
    id: 'notificationKind.monthlyStatement',
    message: 'Last month’s statement totals, on the first of the month',
  },
  signInProvider: /*i18n*/ {
    id: 'notificationKind.signInProvider',
    message: 'The identity provider’s certificate expires soon, or its metadata cannot be fetched',
  },
  approvalEscalated: /*i18n*/ {
    id: 'notificationKind.approvalEscalated',
    message: 'An approval nobody acted on for too long',
  },
  scheduledRun: /*i18n*/ {
    id: 'notificationKind.scheduledRun',
    message: 'A scheduled payout’s run was skipped or could not be made',
  },
};

/**
 * Who can be told of each kind (the others do not see its choice): approvals wait for approvers,
 * transactions and bulk files end for the finance people who made them, webhook endpoints are
 * managed by the sandbox tools' roles and admins, and anyone signs in.
 */
export const KIND_AUDIENCE: Record<NotificationKind, readonly Role[] | 'everyone'> = {
  waitingForYou: WORKSPACE_ROLES.decideApprovals,
  // Whoever creates transactions, uploads files or proposes bank details.
  requestRejected: ['finance', 'onboarding', 'admin'],
  transactionEnded: ['finance'],
  batchFinished: ['finance'],
  webhookFailing: ['admin', 'onboarding', 'tester'],
  newSignIn: 'everyone',
  // Whoever closes the books: finance, approvers, admins, and viewers (an accountant's role).
  monthlyStatement: ['finance', 'approver', 'admin', 'viewer'],
  // Single sign-on is the admins' to keep working.
  signInProvider: ['admin'],
  // The admins see that nobody decides (docs/decisions/086).
  approvalEscalated: ['admin'],
  // Whoever scheduled it, and the approvers it waited for (docs/decisions/090).
  scheduledRun: ['finance', 'approver', 'admin'],
};

/** The kinds a person with `roles` can be told of. */
export const kindsFor = (roles: readonly Role[]) =>
  NOTIFICATION_KINDS.filter((kind) => {
    const audience = KIND_AUDIENCE[kind];
    return audience === 'everyone' || roles.some((role) => audience.includes(role));
  });

/** How a person hears of a kind by email: at once, in a daily digest, or not at all. */
export const DELIVERY_MODES = ['immediately', 'digest', 'off'] as const;
export const DeliveryMode = oneOf(DELIVERY_MODES);
export type DeliveryMode = z.infer<typeof DeliveryMode>;

/** When the daily digest goes out, in UTC (until people have time zones of their own). */
export const DIGEST_HOUR_UTC = 8;

/** What a person who has not chosen gets by email. */
export const DEFAULT_MODE: Record<NotificationKind, DeliveryMode> = {
  waitingForYou: 'immediately',
  requestRejected: 'immediately',
  transactionEnded: 'digest',
  batchFinished: 'immediately',
  webhookFailing: 'immediately',
  newSignIn: 'immediately',
  // Mailed once a month to whoever chose it (at once or in the digest: the same mail).
  monthlyStatement: 'off',
  signInProvider: 'immediately',
  approvalEscalated: 'immediately',
  scheduledRun: 'immediately',
};

export const Notification = z.object({
  id: z.string(),
  kind: NotificationKind,
  title: z.string(),
  body: z.string(),
  /** The page it is about, a path of the dashboard. */
  link: z.string().nullable(),
  createdAt: z.int(),
  readAt: z.int().nullable(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationPage = z.object({
  unread: z.int(),
  results: z.array(Notification),
});

export const Preferences = z.object({
  email: z.string(),
  modes: z.record(NotificationKind, DeliveryMode),
});
export type Preferences = z.infer<typeof Preferences>;

export const SentMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  kind: z.string(),
  createdAt: z.int(),
});
export type SentMail = z.infer<typeof SentMail>;

export const ChatHook = z.object({
  id: z.string(),
  kind: NotificationKind,
  url: z.string(),
  createdAt: z.int(),
});
export type ChatHook = z.infer<typeof ChatHook>;

export const ChatHookCreate = z.object({
  kind: NotificationKind,
  url: z
    .url({ protocol: /^https?$/, error: invalid(V.httpUrl) })
    .max(2048, { error: invalid(V.maxChars, { max: 2048 }) }),
});
export type ChatHookCreate = z.input<typeof ChatHookCreate>;

/**
 * Hosts of the team's own network that chat hooks may post to (a self-hosted chat): none by
 * default, when every hook must lead to a public address (docs/decisions/050).
 */
export const ChatNetwork = z.object({
  privateHosts: z
    .array(
      z
        .string({ error: invalid(CW.hostName) })
        .trim()
        .toLowerCase()
        .regex(
          /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$|^[0-9a-f:.]+$/,
          {
            error:
              'must be a host name such as chat.internal, or an IP address, without scheme or port',
          },
        ),
      { error: invalid(CW.hosts) },
    )
    .max(20, { error: invalid(CW.maxHosts, { max: 20 }) }),
});
export type ChatNetwork = z.input<typeof ChatNetwork>;

export const notificationEndpoints = endpoints({
  streamEvents: {
    method: 'GET',
    path: '/events',
    summary:
      'Server-sent events for open pages: `mark` first (this server and how many changes it has pushed: a page drawn at the same mark missed none), then `counts` (unread notifications, approvals waiting) and `records` (merchants, accounts, transactions just written)',
    response: z.unknown(),
    file: { types: ['text/event-stream'] },
  },
  listNotifications: {
    method: 'GET',
    path: '/notifications',
    summary: "The signed-in person's notifications, newest first, and how many are unread",
    query: z.object({
      unread: oneOf(['true', 'false']).optional(),
      limit: integerParam({ min: 1, max: 100, label: 'a number of notifications' }).default(20),
    }),
    response: NotificationPage,
  },
  readNotification: {
    method: 'POST',
    path: '/notifications/{id}/read',
    summary: 'Mark one notification read',
    params: TextIdParams,
    response: Notification,
  },
  readAllNotifications: {
    method: 'POST',
    path: '/notifications/read-all',
    summary: 'Mark every notification of the signed-in person read',
    response: z.object({ read: z.int() }),
  },
  getPreferences: {
    method: 'GET',
    path: '/notifications/preferences',
    summary: 'How the signed-in person hears of each kind by email',
    response: Preferences,
  },
  setPreferences: {
    method: 'PUT',
    path: '/notifications/preferences',
    summary: 'Choose, per kind, email at once, in a daily digest, or not at all',
    body: z.object({ modes: z.partialRecord(NotificationKind, DeliveryMode) }),
    response: Preferences,
    audit: 'set notification preferences',
  },
  listSentMail: {
    method: 'GET',
    path: '/admin/mail',
    summary: 'Mail the dashboard kept instead of sending (no SMTP server configured), newest first',
    response: z.object({ results: z.array(SentMail), smtp: z.boolean() }),
    roles: ADMIN,
  },
  listChatHooks: {
    method: 'GET',
    path: '/admin/chat-hooks',
    summary: 'The team chat incoming-webhook URLs, per kind',
    response: z.object({ results: z.array(ChatHook) }),
    roles: ADMIN,
  },
  addChatHook: {
    method: 'POST',
    path: '/admin/chat-hooks',
    summary: 'Send a kind of notification to a team chat (Slack-compatible incoming webhook)',
    body: ChatHookCreate,
    response: ChatHook,
    roles: ADMIN,
    audit: 'add chat hook',
  },
  getChatNetwork: {
    method: 'GET',
    path: '/admin/chat-network',
    summary: 'The hosts of your own network that chat hooks may post to (none by default)',
    response: ChatNetwork,
    roles: ADMIN,
  },
  setChatNetwork: {
    method: 'PUT',
    path: '/admin/chat-network',
    summary: 'Allow chat hooks to post to these hosts of your own network, or to none',
    body: ChatNetwork,
    response: ChatNetwork,
    roles: ADMIN,
    audit: 'set chat network',
  },
  getOwnChat: {
    method: 'GET',
    path: '/account/chat-hook',
    summary: 'One’s own chat hook (a direct message), which gets what one gets at once',
    response: z.object({ url: z.string().nullable() }),
  },
  setOwnChat: {
    method: 'PUT',
    path: '/account/chat-hook',
    summary:
      'Send what reaches one at once to one’s own chat too, approvals with one’s own single-use links',
    body: ChatHookCreate.pick({ url: true }),
    response: z.object({ url: z.string().nullable() }),
    audit: 'set own chat hook',
  },
  removeOwnChat: {
    method: 'DELETE',
    path: '/account/chat-hook',
    summary: 'Stop sending to one’s own chat',
    response: z.object({ url: z.string().nullable() }),
    audit: 'remove own chat hook',
  },
  removeChatHook: {
    method: 'DELETE',
    path: '/admin/chat-hooks/{id}',
    summary: 'Stop sending a kind to a team chat',
    params: TextIdParams,
    response: z.object({ removed: z.literal(true) }),
    roles: ADMIN,
    audit: 'remove chat hook',
  },
});
