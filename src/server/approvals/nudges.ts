// Approvals nobody acts on (docs/decisions/086): what waits (a transaction's quote or deposit
// approval, from the local index; new bank details) reminds its approvers once after the
// workspace's `remindAfterHours`, is escalated to the admins once after `escalateAfterHours`, and
// after `expireAfterDays` expires: its open request is closed as expired, a transaction is
// cancelled through the API where its state allows, and whoever asked is told. Each step is
// claimed by a conditional update of `approval_nudge` (whichever server's pass finds it first),
// told in the same transaction, and audited.
import { type Notices, NUDGE, REJECTED, transactionSaid } from '../notifications/notices';
import { sayIn, toldData } from '../words';
import { type SaidData, saidData, dataOf } from '#/i18n/said-data';
import { said, type Said } from '#/i18n/words';
import { utcMinute } from '#/api/periods';
import type { Kysely } from 'kysely';
import type { ApprovalSettings } from '#/api/controls';
import type { Environment } from '#/api/dashboard';
import { formatAmount } from '#/api/formats';
import { transactionOperations } from '#/api/operations';
import { DASHBOARD_LINKS } from '#/api/products';
import { type Product, Transaction } from '#/api/schemas/transaction';
import { transitionFor } from '#/api/transaction-states';
import type { ControlsStore } from '../controls/store';
import type { PartnerApi } from '../partner-api';
import { type AuditSeal, appendJobAudit } from '../store/audit';
import type { DashboardDb } from '../store/db';
import type { Database } from '../store/schema';
import { originIn } from './requests';
import { REFUSED } from '../refusal-words';

const HOUR = 60 * 60 * 1000;
/** How many waiting things one pass looks at, per environment and kind, oldest first. */
const PASS_LIMIT = 2000;

export interface NudgeDeps {
  db: DashboardDb;
  auditSeal: AuditSeal;
  notices: Notices;
  settings: () => Promise<ApprovalSettings>;
  /** The transactions waiting for an approval since before a time (../controls/waiting.ts). */
  waitingSince: ControlsStore['waitingSince'];
  environments: readonly Environment[];
  /** The environment's API, to cancel what expired; undefined without credentials. */
  api: (environment: Environment) => Promise<PartnerApi | undefined>;
}

/** Something waiting for an approval, as the nudges see it. */
interface Waiting {
  environment: Environment;
  subject: string;
  since: number;
  /** In words: "the quote approval of Payout #12 (2,500.00 EUR)". */
  what: Said;
  askedBy: string | null;
  link: string;
  /** Who approved it already: not reminded (filled in just before the reminder). */
  decidedBy?: string[];
  /** More to say in a reminder: the quote's expiry. */
  note: Said;
  /** What expiring it does besides closing its request: cancels the transaction. */
  transaction?: { product: Product; id: number; awaiting: 'quote' | 'deposit' };
  /** A pending request of new bank details. */
  requestId?: string;
  /**
   * A bulk file: reminded and escalated, never expired here (its approval ends with its quotes,
   * docs/decisions/034).
   */
  ownExpiry?: boolean;
  /**
   * A held settings change, which another admin approves: the admins (not its author) are
   * reminded; nothing further (the admins are who an escalation would tell; it expires by itself).
   */
  adminsDecide?: boolean;
}

/** "4 hours", "2 days": how long something waited, in words. */
export function waitedWords(ms: number): Said {
  const hours = Math.floor(ms / HOUR);
  if (hours < 48) return said(NUDGE.hours, { hours });
  return said(NUDGE.days, { days: Math.floor(hours / 24) });
}

const utc = (ms: number) => `${utcMinute(ms)} UTC`;

/** The transactions of `environment` waiting for an approval since before `before`. */
async function waitingTransactions(
  deps: NudgeDeps,
  environment: Environment,
  before: number,
  settings: ApprovalSettings,
): Promise<Waiting[]> {
  // A bulk file's deposits wait under their file, not one by one.
  const rows = await deps.waitingSince(environment, before, PASS_LIMIT);
  const waiting: Waiting[] = [];
  for (const row of rows) {
    const parsed = Transaction.safeParse(JSON.parse(row.record));
    if (!parsed.success) continue;
    const t = parsed.data;
    const product = row.product as Product;
    const id = Number(row.id);
    const awaiting = row.awaiting as 'quote' | 'deposit';
    const since = Number(row.last_update_time);
    const quoteExpires =
      awaiting === 'quote' && product !== 'receive'
        ? since + settings.quoteValidityMinutes * 60_000
        : null;
    waiting.push({
      environment,
      subject: `transaction:${product}:${id}:${awaiting}`,
      since,
      what: said(NUDGE.whatTransaction, {
        awaiting,
        noun: transactionSaid(product, id),
        amount: ({ locale }) => formatAmount(t.toAmount, t.toCurrencySymbol, locale),
        currency: t.toCurrencySymbol,
      }),
      askedBy: (await originIn(deps.db.db, { environment, product, transactionId: id })) ?? null,
      link: DASHBOARD_LINKS.transaction(product, id),
      note:
        quoteExpires === null
          ? said(NUDGE.openIt)
          : said(NUDGE.quoteUntil, { when: utc(quoteExpires) }),
      transaction: { product, id, awaiting },
    });
  }
  return waiting;
}

/**
 * What else waits in `environment`: new bank details (since asked), and bulk files waiting for
 * their approval (since priced; while their quotes may still be approved).
 */
async function waitingRequests(
  deps: NudgeDeps,
  environment: Environment,
  now: number,
): Promise<Waiting[]> {
  const { db } = deps.db;
  const payees = await db
    .selectFrom('approval_request')
    .select(['id', 'object_id', 'created_at', 'author_id', 'author_name'])
    .where('environment', '=', environment)
    .where('kind', '=', 'payee')
    .where('status', '=', 'pending')
    .where('released_at', 'is', null)
    .orderBy('created_at')
    .limit(PASS_LIMIT)
    .execute();
  const batches = await db
    .selectFrom('batch')
    .select(['id', 'file_name', 'uploaded_by', 'quoted_at', 'created_at', 'expires_at'])
    .where('environment', '=', environment)
    .where('status', '=', 'awaiting_approval')
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('created_at')
    .limit(PASS_LIMIT)
    .execute();
  // Held settings changes are the workspace's, in every environment: read with the first.
  const changes =
    environment === deps.environments[0]
      ? await db
          .selectFrom('control_change')
          .select(['id', 'summary', 'summary_words', 'author_id', 'author_name', 'created_at'])
          .where('status', '=', 'pending')
          .where('expires_at', '>', now)
          .orderBy('created_at')
          .limit(PASS_LIMIT)
          .execute()
      : [];
  return [
    ...changes.map((c) => ({
      environment,
      subject: `change:${c.id}`,
      since: Number(c.created_at),
      what: said(NUDGE.whatChange, { name: c.author_name }),
      askedBy: c.author_id,
      link: DASHBOARD_LINKS.settings,
      note: said(NUDGE.changeNote, {
        summary:
          c.summary_words === null ? c.summary : toldData(JSON.parse(c.summary_words) as SaidData),
      }),
      ownExpiry: true,
      adminsDecide: true,
    })),
    ...payees.map((r) => ({
      environment,
      subject: `payee:${r.id}`,
      since: Number(r.created_at),
      what: r.author_name
        ? said(NUDGE.whatPayee, { id: String(r.object_id), name: r.author_name })
        : said(NUDGE.whatPayeeUnnamed, { id: String(r.object_id) }),
      askedBy: r.author_id,
      link: DASHBOARD_LINKS.payoutAccount(Number(r.object_id)),
      note: said(NUDGE.openAccount),
      requestId: r.id,
    })),
    // Reminded and escalated, never expired here: a file's approval ends with its quotes.
    ...batches.map((r) => ({
      environment,
      subject: `batch:${r.id}`,
      since: Number(r.quoted_at ?? r.created_at),
      what: said(NUDGE.whatBatch, { fileName: r.file_name }),
      askedBy: r.uploaded_by,
      link: DASHBOARD_LINKS.batch(r.id),
      note:
        r.expires_at === null
          ? said(NUDGE.openIt)
          : said(NUDGE.quotesUntil, { when: utc(Number(r.expires_at)) }),
      ownExpiry: true,
    })),
  ];
}

/** Who has given a decision on what waits already (an approval of several needed). */
async function decidersOf(trx: Kysely<Database>, w: Waiting): Promise<string[]> {
  if (w.adminsDecide) return [];
  if (w.subject.startsWith('batch:')) {
    const rows = await trx
      .selectFrom('batch_decision')
      .select('user_id')
      .where('batch_id', '=', w.subject.slice('batch:'.length))
      .execute();
    return rows.map((r) => r.user_id);
  }
  let requests = trx
    .selectFrom('approval_request as r')
    .innerJoin('approval_decision as d', 'd.request_id', 'r.id')
    .select('d.user_id')
    .where('r.environment', '=', w.environment)
    .where('r.status', '=', 'pending');
  requests = w.requestId
    ? requests.where('r.id', '=', w.requestId)
    : requests
        .where('r.kind', '=', 'transaction')
        .where('r.product', '=', w.transaction!.product)
        .where('r.object_id', '=', w.transaction!.id)
        .where(
          'r.action',
          '=',
          w.transaction!.awaiting === 'quote' ? 'approveQuote' : 'approveDeposit',
        );
  return (await requests.execute()).map((r) => r.user_id);
}

/**
 * Claims one step of one waiting thing: true for the one caller that marks it (a conditional
 * update of its row, noted when first seen), in `trx`.
 */
async function claim(
  trx: Kysely<Database>,
  w: Waiting,
  column: 'reminded_at' | 'escalated_at' | 'expired_at',
  at: number,
): Promise<boolean> {
  const marked = await trx
    .updateTable('approval_nudge')
    .set({ [column]: at })
    .where('environment', '=', w.environment)
    .where('subject', '=', w.subject)
    .where('since', '=', w.since)
    .where(column, 'is', null)
    .executeTakeFirst();
  return Number(marked.numUpdatedRows) === 1;
}

/** What the pass did: how many reminded, escalated and expired. */
export interface NudgeCount {
  reminded: number;
  escalated: number;
  expired: number;
}

/**
 * When each waiting thing was first seen waiting: its row, noted now for those seen for the first
 * time (one read and one insert per pass and environment, in chunks).
 */
async function firstSeen(
  deps: NudgeDeps,
  environment: Environment,
  waiting: Waiting[],
  now: number,
) {
  const seen = new Map<string, { first: number; done: Set<string> }>();
  const key = (subject: string, since: number) => `${subject} ${since}`;
  for (let i = 0; i < waiting.length; i += 500) {
    const chunk = waiting.slice(i, i + 500);
    const rows = await deps.db.db
      .selectFrom('approval_nudge')
      .selectAll()
      .where('environment', '=', environment)
      .where(
        'subject',
        'in',
        chunk.map((w) => w.subject),
      )
      .execute();
    for (const r of rows)
      seen.set(key(r.subject, Number(r.since)), {
        first: Number(r.first_seen),
        done: new Set(
          (['reminded_at', 'escalated_at', 'expired_at'] as const).filter((c) => r[c] !== null),
        ),
      });
    const fresh = chunk.filter((w) => !seen.has(key(w.subject, w.since)));
    if (fresh.length > 0)
      await deps.db.db
        .insertInto('approval_nudge')
        .values(
          fresh.map((w) => ({
            environment,
            subject: w.subject,
            since: w.since,
            first_seen: now,
          })),
        )
        .onConflict((oc) => oc.columns(['environment', 'subject', 'since']).doNothing())
        .execute();
  }
  return (w: Waiting) =>
    seen.get(key(w.subject, w.since)) ?? { first: now, done: new Set<string>() };
}

/**
 * One pass over everything waiting, at `now`. A wait counts from when it began, or from when the
 * dashboard first saw it, whichever is later: what waited before an upgrade (or in a demo's
 * seeded history) is reminded, escalated and expired from then on, not all at once.
 */
export async function nudgeApprovals(deps: NudgeDeps, now: number): Promise<NudgeCount> {
  const settings = await deps.settings();
  const count: NudgeCount = { reminded: 0, escalated: 0, expired: 0 };
  for (const environment of deps.environments) {
    // Everything waiting, so that each is noted when first seen.
    const waiting = [
      ...(await waitingTransactions(deps, environment, now, settings)),
      ...(await waitingRequests(deps, environment, now)),
    ];
    const seenOf = await firstSeen(deps, environment, waiting, now);
    for (const w of waiting) {
      const seen = seenOf(w);
      const waited = now - Math.max(w.since, seen.first);
      const step: 'remind' | 'escalate' | 'expire' | undefined =
        waited >= settings.expireAfterDays * 24 * HOUR
          ? 'expire'
          : waited >= settings.escalateAfterHours * HOUR
            ? 'escalate'
            : waited >= settings.remindAfterHours * HOUR
              ? 'remind'
              : undefined;
      if (step === undefined) continue;
      const column = (
        { remind: 'reminded_at', escalate: 'escalated_at', expire: 'expired_at' } as const
      )[step];
      if (
        seen.done.has(column) ||
        (step === 'expire' && w.ownExpiry) ||
        (step !== 'remind' && w.adminsDecide)
      )
        continue;
      if (step === 'expire') {
        if (await expire(deps, w, now, waitedWords(waited))) count.expired += 1;
        continue;
      }
      const told = await deps.db.db.transaction().execute(async (trx) => {
        if (!(await claim(trx, w, column, now))) return false;
        const decidedBy = step === 'remind' ? await decidersOf(trx, w) : [];
        await deps.notices.approvalNudge(trx, {
          ...w,
          decidedBy,
          step,
          waited: waitedWords(waited),
        });
        return true;
      });
      if (!told) continue;
      count[step === 'remind' ? 'reminded' : 'escalated'] += 1;
      await auditNudge(
        deps,
        w,
        now,
        step === 'remind' ? 'approval reminded' : 'approval escalated',
        {
          waitedHours: Math.floor(waited / HOUR),
        },
      );
    }
  }
  return count;
}

/**
 * Expires what nobody decided in time: claimed once; its open requests closed as expired; a
 * transaction cancelled through the API where its state allows it (read again first); whoever
 * asked told; audited with what the API said.
 */
async function expire(deps: NudgeDeps, w: Waiting, now: number, waited: Said) {
  const claimed = await deps.db.db.transaction().execute(async (trx) => {
    if (!(await claim(trx, w, 'expired_at', now))) return false;
    let close = trx
      .updateTable('approval_request')
      .set({
        status: 'expired',
        closed_at: now,
        reject_reason: JSON.stringify(saidData(REFUSED.nobodyDecided, { waited: dataOf(waited) })),
      })
      .where('environment', '=', w.environment)
      .where('status', '=', 'pending')
      .where('released_at', 'is', null);
    close = w.requestId
      ? close.where('id', '=', w.requestId)
      : close
          .where('kind', '=', 'transaction')
          .where('product', '=', w.transaction!.product)
          .where('object_id', '=', w.transaction!.id);
    await close.execute();
    return true;
  });
  if (!claimed) return false;
  let cancelled: string = 'nothing to cancel';
  if (w.transaction) cancelled = await cancel(deps, w.environment, w.transaction);
  const after =
    cancelled === 'cancelled'
      ? said(REJECTED.afterTransaction)
      : w.transaction
        ? said(NUDGE.notCancelled, { why: cancelled })
        : said(NUDGE.detailsStay);
  await deps.db.db
    .transaction()
    .execute((trx) =>
      deps.notices.approvalNudge(trx, { ...w, step: 'expire', waited, note: after }),
    );
  await auditNudge(deps, w, now, 'approval expired', {
    waited: sayIn(null, waited),
    cancelled,
  });
  return true;
}

/** Cancels a transaction through the API if its state allows: what happened, in words. */
async function cancel(
  deps: NudgeDeps,
  environment: Environment,
  t: { product: Product; id: number },
): Promise<string> {
  const api = await deps.api(environment);
  if (!api) return 'no API credentials';
  const ops = transactionOperations[t.product];
  const read = await api.call(ops.get, { params: { id: t.id } });
  if (!read.ok) return `the API answered ${read.response.status}`;
  if (!transitionFor(t.product, read.data, 'cancel'))
    return `its status ${read.data.clientStatus} does not allow it`;
  const done = await api.call(ops.cancel, { params: { id: t.id } });
  return done.ok ? 'cancelled' : `the API answered ${done.response.status}`;
}

function auditNudge(
  deps: NudgeDeps,
  w: Waiting,
  now: number,
  action: string,
  details: Record<string, unknown>,
) {
  return appendJobAudit(deps.db, deps.auditSeal, 'approval reminders', {
    at: now,
    action,
    target: w.transaction ? `${w.transaction.product}:${w.transaction.id}` : w.subject,
    outcome: 'ok',
    details: { environment: w.environment, since: w.since, ...details },
  });
}
