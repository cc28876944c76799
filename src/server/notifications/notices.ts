// What each event tells, and to whom (docs/decisions/035): the stores call these inside the
// transaction of the change, so that a notice exists exactly when its change does.
import { type Said, said, codedWords } from '#/i18n/words';
import { namesIn } from '../words';
import { formatAmount } from '#/api/formats';
import { isoInZone } from '#/api/periods';
import type { Kysely } from 'kysely';
import { KIND_AUDIENCE } from '#/api/notifications';
import { DASHBOARD_LINKS } from '#/api/products';
import type { Role } from '#/api/roles';
import type { Product } from '#/api/schemas/transaction';
import type { Database } from '../store/schema';
import { type MailSettings, type NotifyEvent, notify, peopleWithRole } from './store';
import { delegatesOfIn } from '../approvals/absences';

type Trx = Kysely<Database>;

/** A notice's title as a delegate reads it (088): whom they stand in for. */
const FOR_AWAY = /*i18n*/ { id: 'notice.forAway', message: '{title} (for {names}, away)' };

/** A transaction as notices name it: "Payout #12". */
const NOUN = /*i18n*/ {
  id: 'notice.transaction',
  message:
    '{product, select, sendc2f {Payout} sendf2f {End to end transfer} other {Collection}} #{id}',
};

/** "Payout #12" as words, here and in sentences built elsewhere (a rejection's, a reminder's). */
export const transactionSaid = (product: Product, id: number) =>
  said(NOUN, { product, id: String(id) });

const APPROVAL_WAITING = {
  title: /*i18n*/ {
    id: 'notice.approvalWaiting.title',
    message: '{noun} waits for your {what, select, quote {quote} other {deposit}} approval',
  },
  body: /*i18n*/ {
    id: 'notice.approvalWaiting.body',
    message:
      '{noun} of {amount} {currency} waits for an approver to approve its {what, select, quote {quote} other {deposit}}.',
  },
};

/** A rejection as whoever asked is told of it. */
export const REJECTED = {
  title: /*i18n*/ { id: 'notice.rejected.title', message: '{by} rejected {what}' },
  body: /*i18n*/ {
    id: 'notice.rejected.body',
    message: '{by} rejected {what}: “{reason}”. {after}',
  },
  onBehalf: /*i18n*/ { id: 'notice.rejected.onBehalf', message: '{name} on behalf of {forName}' },
  whatPayee: /*i18n*/ {
    id: 'notice.rejected.whatPayee',
    message: 'the new bank details of payout account #{id}',
  },
  whatTransaction: /*i18n*/ {
    id: 'notice.rejected.whatTransaction',
    message: 'the {what, select, quote {quote} other {deposit}} of {noun} ({amount} {currency})',
  },
  whatBatch: /*i18n*/ {
    id: 'notice.rejected.whatBatch',
    message: 'the bulk payout file {fileName}',
  },
  afterPayee: /*i18n*/ {
    id: 'notice.rejected.afterPayee',
    message: 'The account keeps its bank details.',
  },
  afterTransaction: /*i18n*/ {
    id: 'notice.rejected.afterTransaction',
    message: 'The transaction is cancelled.',
  },
  afterBatch: /*i18n*/ {
    id: 'notice.rejected.afterBatch',
    message: 'The file is cancelled and nothing in it was paid.',
  },
};

/** Reminders of what nobody approved (docs/decisions/086), and what they name. */
export const NUDGE = codedWords({
  hours: /*i18n*/ { id: 'nudge.hours', message: '{hours, plural, one {# hour} other {# hours}}' },
  days: /*i18n*/ { id: 'nudge.days', message: '{days, plural, one {# day} other {# days}}' },
  whatTransaction: /*i18n*/ {
    id: 'nudge.whatTransaction',
    message:
      'the {awaiting, select, quote {quote} other {deposit}} approval of {noun} ({amount} {currency})',
  },
  whatChange: /*i18n*/ { id: 'nudge.whatChange', message: 'the settings change {name} asked for' },
  whatPayee: /*i18n*/ {
    id: 'nudge.whatPayee',
    message: 'the new bank details of payout account #{id} (asked by {name})',
  },
  whatPayeeUnnamed: /*i18n*/ {
    id: 'nudge.whatPayeeUnnamed',
    message: 'the new bank details of payout account #{id}',
  },
  whatBatch: /*i18n*/ { id: 'nudge.whatBatch', message: 'the bulk file {fileName}' },
  openIt: /*i18n*/ { id: 'nudge.openIt', message: 'Open it to approve or reject it.' },
  openAccount: /*i18n*/ {
    id: 'nudge.openAccount',
    message: 'Open the payout account to approve or reject them.',
  },
  quoteUntil: /*i18n*/ {
    id: 'nudge.quoteUntil',
    message: 'Its quote may be approved until {when}.',
  },
  quotesUntil: /*i18n*/ {
    id: 'nudge.quotesUntil',
    message: 'Its quotes may be approved until {when}.',
  },
  changeNote: /*i18n*/ {
    id: 'nudge.changeNote',
    message: '{summary} Another admin approves or rejects it under Settings.',
  },
  notCancelled: /*i18n*/ {
    id: 'nudge.notCancelled',
    message: 'The transaction could not be cancelled ({why}); it stays as it is.',
  },
  detailsStay: /*i18n*/ { id: 'nudge.detailsStay', message: 'The bank details stay as they were.' },
  remind: /*i18n*/ { id: 'nudge.remind', message: 'Reminder: {what}, waiting for {waited}' },
  escalate: /*i18n*/ { id: 'nudge.escalate', message: 'Nobody has approved {what} in {waited}' },
  expired: /*i18n*/ {
    id: 'nudge.expired',
    message: 'Expired, as nobody decided in {waited}: {what}',
  },
  body: /*i18n*/ { id: 'nudge.body', message: '{title}. {note}' },
});

/** What the other events tell, in the recipient's language (decision 091). */
const NOTICE = {
  payeeChangeTitle: /*i18n*/ {
    id: 'notice.payeeChange.title',
    message: 'New bank details of payout account #{id} wait for your approval',
  },
  payeeChangeBody: /*i18n*/ {
    id: 'notice.payeeChange.body',
    message:
      '{author} changed the bank details of payout account #{id}; they apply once someone else approves them.',
  },
  batchWaitingTitle: /*i18n*/ {
    id: 'notice.batchWaiting.title',
    message: '{fileName} waits for your approval',
  },
  batchWaitingBody: /*i18n*/ {
    id: 'notice.batchWaiting.body',
    message:
      'The bulk payout file {fileName} ({rows, plural, one {# payment} other {# payments}}) is quoted and waits for an approver.',
  },
  batchSubmitted: /*i18n*/ {
    id: 'notice.batchFinished.submitted',
    message: '{fileName} is submitted',
  },
  batchRefused: /*i18n*/ {
    id: 'notice.batchFinished.refused',
    message: '{fileName}: {failed, plural, one {# payment refused} other {# payments refused}}',
  },
  batchFinishedBody: /*i18n*/ {
    id: 'notice.batchFinished.body',
    message:
      '{created, plural, one {# transaction was created and its quote approved} other {# transactions were created and their quotes approved}}{failed, plural, =0 {} one {; the API refused # row, which you can download to fix} other {; the API refused # rows, which you can download to fix}}.',
  },
  endedTitle: /*i18n*/ {
    id: 'notice.transactionEnded.title',
    message: '{noun} {how, select, completed {completed} other {was cancelled}}',
  },
  endedBody: /*i18n*/ {
    id: 'notice.transactionEnded.body',
    message:
      '{noun} of {amount} {currency} {how, select, completed {completed} other {was cancelled}}.',
  },
  newSignInTitle: /*i18n*/ { id: 'notice.newSignIn.title', message: 'New sign-in from {browser}' },
  newSignInBody: /*i18n*/ {
    id: 'notice.newSignIn.body',
    message:
      'Your account was signed in from {browser} at {ip} on {when}. If it was not you, change your password and sign out everywhere under Your account.',
  },
  webhookTitle: /*i18n*/ {
    id: 'notice.webhookFailing.title',
    message:
      '{again, select, yes {Webhook endpoint {url} still fails} other {Webhook endpoint {url} fails}}',
  },
  webhookBody: /*i18n*/ {
    id: 'notice.webhookFailing.body',
    message:
      '{again, select, yes {Events to webhook endpoint #{id} ({url}) in {environment} are still not delivered} other {Events to webhook endpoint #{id} ({url}) in {environment} are not delivered}}: {attempts, plural, one {# try} other {# tries}} of the newest, the last: {lastError}. The environment keeps retrying; see its deliveries in the event log.',
  },
};

/** The approval a mail's links decide: a transaction's quote or deposit approval. */
const linkSubjectOf = (
  t: { environment: string; product: Product; id: number },
  what: 'quote' | 'deposit',
) => ({
  environment: t.environment,
  product: t.product,
  transactionId: t.id,
  action: what === 'quote' ? ('approveQuote' as const) : ('approveDeposit' as const),
});

/**
 * What waits for approvers, told to them and to the delegates of those away now (088), each
 * delegate's marked with whom they stand in for: "… (for Bruno Approver, away)".
 */
async function tellApprovers(
  trx: Trx,
  event: NotifyEvent,
  except: readonly (string | null)[],
  settings: MailSettings,
) {
  await notify(trx, event, settings);
  const told = new Set([...event.userIds, ...except]);
  const standIns = new Map<string, string[]>();
  for (const d of await delegatesOfIn(trx, event.userIds, settings.now()))
    if (!told.has(d.delegateId))
      standIns.set(d.delegateId, [...(standIns.get(d.delegateId) ?? []), d.forName]);
  for (const [delegateId, names] of standIns)
    await notify(
      trx,
      {
        ...event,
        userIds: [delegateId],
        title: said(FOR_AWAY, { title: event.title, names: namesIn(names) }),
      },
      settings,
    );
}

interface ScheduledRunNotice {
  creatorId: string;
  title: Said;
  body: string | Said;
  link: string;
  /** A skipped run is told to the approvers too. */
  approvers: boolean;
}

/**
 * A scheduled payout's run was skipped (its approvals missed the cut-off) or could not be made (a
 * limit, the API): whoever scheduled it, and for a skipped run the approvers, are told (090).
 */
async function tellScheduledRun(
  trx: Trx,
  r: ScheduledRunNotice,
  settings: MailSettings,
  approvers: (trx: Trx, except: readonly (string | null)[]) => Promise<string[]>,
) {
  await notify(
    trx,
    {
      kind: 'scheduledRun',
      userIds: [r.creatorId, ...(r.approvers ? await approvers(trx, [r.creatorId]) : [])],
      title: r.title,
      body: r.body,
      link: r.link,
    },
    settings,
  );
}

/** An approval nobody acted on, as the nudges tell of it. */
interface NudgeNotice {
  step: 'remind' | 'escalate' | 'expire';
  /** What waits, in words: "the quote approval of Payout #12 (2,500.00 EUR)". */
  what: Said;
  /** Since when, in words: "4 hours". */
  waited: Said;
  /** Who asked; not reminded, told of the expiry. */
  askedBy: string | null;
  /** Who approved it already: not reminded. */
  decidedBy?: readonly string[] | undefined;
  /** A held settings change: the admins are reminded, not the approvers. */
  adminsDecide?: boolean | undefined;
  /** More to say: the quote's expiry, what the expiry did. */
  note: Said;
  link: string;
  /** A transaction's approval: a reminder's mail carries each approver's own links. */
  transaction?: { product: Product; id: number; awaiting: 'quote' | 'deposit' } | undefined;
  environment?: string | undefined;
}

/**
 * An approval nobody acted on (docs/decisions/086): its approvers (not whoever asked) are
 * reminded once; later the admins are told; what nobody decided in time expires, and whoever
 * asked is told.
 */
async function tellNudge(
  trx: Trx,
  n: NudgeNotice,
  settings: MailSettings,
  approvers: (trx: Trx, except: readonly (string | null)[]) => Promise<string[]>,
) {
  const values = { what: n.what, waited: n.waited };
  const step =
    n.step === 'remind'
      ? {
          kind: 'waitingForYou' as const,
          userIds: n.adminsDecide
            ? await peopleWithRole(trx, ['admin'], [n.askedBy])
            : await approvers(trx, [n.askedBy, ...(n.decidedBy ?? [])]),
          title: said(NUDGE.remind, values),
        }
      : n.step === 'escalate'
        ? {
            kind: 'approvalEscalated' as const,
            userIds: await peopleWithRole(trx, KIND_AUDIENCE.approvalEscalated as readonly Role[]),
            title: said(NUDGE.escalate, values),
          }
        : {
            kind: 'requestRejected' as const,
            userIds: n.askedBy ? [n.askedBy] : [],
            title: said(NUDGE.expired, values),
          };
  if (step.userIds.length === 0) return;
  await notify(
    trx,
    {
      kind: step.kind,
      userIds: step.userIds,
      title: step.title,
      body: said(NUDGE.body, { title: step.title, note: n.note }),
      link: n.link,
      decideLink:
        n.step === 'remind' && n.transaction && n.environment
          ? linkSubjectOf({ ...n.transaction, environment: n.environment }, n.transaction.awaiting)
          : undefined,
    },
    settings,
  );
}

/** The notices of the dashboard's events, bound to where links lead and the clock. */
export function notices(settings: MailSettings) {
  const approvers = (trx: Trx, except: readonly (string | null)[]) =>
    peopleWithRole(trx, KIND_AUDIENCE.waitingForYou as readonly Role[], except);
  const toApprovers = (trx: Trx, event: NotifyEvent, except: readonly (string | null)[]) =>
    tellApprovers(trx, event, except, settings);
  return {
    /** A transaction made through the dashboard now waits for an approver (not its creator). */
    async approvalWaiting(
      trx: Trx,
      t: {
        environment: string;
        product: Product;
        id: number;
        amount: string;
        currency: string;
        creatorId: string | null;
      },
      what: 'quote' | 'deposit',
    ) {
      const noun = transactionSaid(t.product, t.id);
      await toApprovers(
        trx,
        {
          kind: 'waitingForYou',
          userIds: await approvers(trx, [t.creatorId]),
          title: said(APPROVAL_WAITING.title, { noun, what }),
          body: said(APPROVAL_WAITING.body, {
            noun,
            what,
            // Written as the reader's language writes numbers (1.000,00 in German).
            amount: ({ locale }) => formatAmount(t.amount, t.currency, locale),
            currency: t.currency,
          }),
          link: DASHBOARD_LINKS.transaction(t.product, t.id),
          decideLink: linkSubjectOf(t, what),
        },
        [t.creatorId],
      );
    },

    /**
     * An approver rejected what someone asked for (a transaction's quote or deposit, new bank
     * details, a bulk file): whoever asked is told who rejected it and why.
     */
    async requestRejected(
      trx: Trx,
      r: {
        userId: string | null;
        by: string | Said;
        reason: string;
        /** What was rejected, in words: "the quote of Payout #12 (2,500.00 EUR)". */
        what: Said;
        /** What followed: "The payout is cancelled." */
        after: Said;
        link: string;
      },
    ) {
      if (!r.userId) return;
      await notify(
        trx,
        {
          kind: 'requestRejected',
          userIds: [r.userId],
          title: said(REJECTED.title, { by: r.by, what: r.what }),
          body: said(REJECTED.body, { by: r.by, what: r.what, reason: r.reason, after: r.after }),
          link: r.link,
        },
        settings,
      );
    },

    /** New bank details of a payout account wait for an approver (not their author). */
    async payeeChangeWaiting(
      trx: Trx,
      c: { accountId: number; authorId: string; authorName: string },
    ) {
      await toApprovers(
        trx,
        {
          kind: 'waitingForYou',
          userIds: await approvers(trx, [c.authorId]),
          title: said(NOTICE.payeeChangeTitle, { id: String(c.accountId) }),
          body: said(NOTICE.payeeChangeBody, { id: String(c.accountId), author: c.authorName }),
          link: DASHBOARD_LINKS.payoutAccount(c.accountId),
        },
        [c.authorId],
      );
    },

    /** A bulk payout file is quoted and waits for an approver (not its uploader). */
    async batchWaiting(
      trx: Trx,
      b: { id: string; fileName: string; rows: number; uploadedBy: string },
    ) {
      await toApprovers(
        trx,
        {
          kind: 'waitingForYou',
          userIds: await approvers(trx, [b.uploadedBy]),
          title: said(NOTICE.batchWaitingTitle, { fileName: b.fileName }),
          body: said(NOTICE.batchWaitingBody, { fileName: b.fileName, rows: b.rows }),
          link: DASHBOARD_LINKS.batch(b.id),
        },
        [b.uploadedBy],
      );
    },

    /** A bulk payout finished submitting: its uploader is told how it went. */
    async batchFinished(
      trx: Trx,
      b: { id: string; fileName: string; uploadedBy: string; created: number; failed: number },
    ) {
      await notify(
        trx,
        {
          kind: 'batchFinished',
          userIds: [b.uploadedBy],
          title:
            b.failed > 0
              ? said(NOTICE.batchRefused, { fileName: b.fileName, failed: b.failed })
              : said(NOTICE.batchSubmitted, { fileName: b.fileName }),
          body: said(NOTICE.batchFinishedBody, { created: b.created, failed: b.failed }),
          link: DASHBOARD_LINKS.batch(b.id),
        },
        settings,
      );
    },

    /** A transaction made through the dashboard reached its end: its creator is told. */
    async transactionEnded(
      trx: Trx,
      t: {
        product: Product;
        id: number;
        status: string;
        amount: string;
        currency: string;
        creatorId: string;
      },
    ) {
      const noun = transactionSaid(t.product, t.id);
      const how = t.status.endsWith('COMPLETED') ? 'completed' : 'cancelled';
      await notify(
        trx,
        {
          kind: 'transactionEnded',
          userIds: [t.creatorId],
          // The product too, for languages whose words agree with the noun's gender.
          title: said(NOTICE.endedTitle, { noun, how, product: t.product }),
          body: said(NOTICE.endedBody, {
            noun,
            how,
            product: t.product,
            amount: ({ locale }) => formatAmount(t.amount, t.currency, locale),
            currency: t.currency,
          }),
          link: DASHBOARD_LINKS.transaction(t.product, t.id),
        },
        settings,
      );
    },

    /** A person signed in from a browser they had not used before: they are told, in case it was not them. */
    async newSignIn(trx: Trx, s: { userId: string; browser: string; ip: string; at: number }) {
      // In the person's time zone when they chose one.
      const person = await trx
        .selectFrom('app_user')
        .select('time_zone')
        .where('id', '=', s.userId)
        .executeTakeFirst();
      const tz = person?.time_zone ?? 'UTC';
      const when = `${isoInZone(s.at, tz).replace('T', ' ').slice(0, 16)} ${tz}`;
      await notify(
        trx,
        {
          kind: 'newSignIn',
          userIds: [s.userId],
          title: said(NOTICE.newSignInTitle, { browser: s.browser }),
          body: said(NOTICE.newSignInBody, { browser: s.browser, ip: s.ip, when }),
          link: DASHBOARD_LINKS.account,
        },
        settings,
      );
    },

    /** One of the partner's webhook endpoints keeps failing: whoever manages them is told. */
    async webhookFailing(
      trx: Trx,
      w: {
        environment: string;
        id: number;
        url: string;
        attempts: number;
        lastError: string;
        again: boolean;
      },
    ) {
      await notify(
        trx,
        {
          kind: 'webhookFailing',
          userIds: await peopleWithRole(trx, KIND_AUDIENCE.webhookFailing as readonly Role[]),
          title: said(NOTICE.webhookTitle, { url: w.url, again: w.again ? 'yes' : 'no' }),
          body: said(NOTICE.webhookBody, {
            id: String(w.id),
            url: w.url,
            environment: w.environment,
            again: w.again ? 'yes' : 'no',
            attempts: w.attempts,
            lastError: w.lastError,
          }),
          link: DASHBOARD_LINKS.webhooks,
        },
        settings,
      );
    },

    /** An approval nobody acted on (086): see `tellNudge`. */
    approvalNudge: (trx: Trx, n: NudgeNotice) => tellNudge(trx, n, settings, approvers),

    /** A scheduled payout's run was skipped or not made (090): see `tellScheduledRun`. */
    scheduledRun: (trx: Trx, r: ScheduledRunNotice) =>
      tellScheduledRun(trx, r, settings, approvers),

    /**
     * The SAML provider needs an admin (docs/decisions/085): a certificate it signs with expires
     * soon and no newer one is published, or its metadata could not be fetched.
     */
    async signInProvider(trx: Trx, s: { title: Said; body: Said }) {
      await notify(
        trx,
        {
          kind: 'signInProvider',
          userIds: await peopleWithRole(trx, KIND_AUDIENCE.signInProvider as readonly Role[]),
          title: s.title,
          body: s.body,
          link: DASHBOARD_LINKS.signInSettings,
        },
        settings,
      );
    },
  };
}

export type Notices = ReturnType<typeof notices>;
