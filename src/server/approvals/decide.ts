// The one place an approval is decided (docs/decisions/074). Whatever waits for approval (a
// transaction's quote or deposit, new bank details, a bulk file, a held change of the controls),
// a decision goes the same way: under the controls' lock, the subject is read as it is now, the
// decisions of deactivated people are left out, the rule judges, the decision is recorded, the
// subject moves on (approved, rejected, expired) and whoever asked hears of a rejection, all in
// one database transaction. Each kind of subject supplies only what is its own: where it is
// stored, its rule's inputs and what approval or rejection does to it (./subjects/*.ts).
import { REFUSED } from '../refusal-words';
import { REJECTED } from '../notifications/notices';
import { type Said, said, type Words } from '#/i18n/words';
import type { Kysely } from 'kysely';
import type { Notices } from '../notifications/notices';
import type { DashboardDb } from '../store/db';
import type { Database } from '../store/schema';
import {
  type ControlChangeRefusal,
  type Decider,
  type Outcome,
  type Refusal,
  type RequestState,
  judge,
} from '../controls/rules';
import type { Conversion } from '../controls/rules';
import { actingFor } from '../controls/rules';
import { asDecidersIn } from './absences';
import { deactivatedPeople, serializedWithControls } from './requests';

/** A person's name, read in `trx`. */
const nameIn = async (trx: Kysely<Database>, id: string) =>
  (await trx.selectFrom('app_user').select('name').where('id', '=', id).executeTakeFirst())?.name ??
  'someone no longer in the workspace';

export type Decision = 'approve' | 'reject';

/** A decision as it is recorded with its subject. */
export interface DecisionEntry {
  userId: string;
  userName: string;
  decision: Decision;
  reason: string | null;
  at: number;
  /** The conversions into the base currency the policies judged by, kept with the decision. */
  conversions: readonly Conversion[];
  /** Given by a delegate: the person away it was given for (docs/decisions/088). */
  forUser?: { id: string; name: string } | null | undefined;
}

/** A decision's columns, as both decision tables keep them. */
export const decisionColumns = (e: DecisionEntry) => ({
  user_id: e.userId,
  user_name: e.userName,
  decision: e.decision,
  reason: e.reason,
  at: e.at,
  conversion: e.conversions.length > 0 ? JSON.stringify(e.conversions) : null,
  for_user_id: e.forUser?.id ?? null,
  for_user_name: e.forUser?.name ?? null,
});

/**
 * Closes a waiting subject as expired, in its own table: a conditional update, so that one
 * closed meanwhile keeps what closed it.
 */
export async function expireIn(
  trx: Kysely<Database>,
  table: 'approval_request' | 'control_change',
  id: string,
  time: number,
): Promise<void> {
  await trx
    .updateTable(table)
    .set({ status: 'expired', closed_at: time })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** Who asked for what was rejected, and what the rejection did, for their notice. */
export interface RejectionWords {
  userId: string | null;
  /** "the quote of Payout #12 (2,500.00 EUR)", in the reader's language. */
  what: Said;
  /** "The transaction is cancelled." */
  after: Said;
  link: string;
}

/** Who gave a decision, and when. */
export interface DecidedBy {
  name: string;
  at: number;
}

/** The latest of these decisions, by whom and when; null for none. */
export function lastOf(
  decisions: ReadonlyArray<{ userName: string; at: number }>,
): DecidedBy | null {
  const last = decisions.reduce<(typeof decisions)[number] | null>(
    (latest, d) => (latest === null || d.at >= latest.at ? d : latest),
    null,
  );
  return last && { name: last.userName, at: last.at };
}

/**
 * A refused decision as the problem an endpoint answers, whatever the channel: 409 for one that
 * came too late (closed, saying who decided it and when, or expired), 403 for one this person
 * may not give. `what` names the subject in the words ("approval", "change", "bulk file");
 * `words` are the refusals' texts.
 */
export function refusedProblem<R extends Refusal | ControlChangeRefusal>(
  refusal: R,
  decidedBy: DecidedBy | undefined,
  what: 'approval' | 'change' | 'bulk file',
  words: Record<R, Words>,
): { status: number; code: R; detail: string | Said } {
  const late = refusal === 'APPROVAL_CLOSED' || refusal === 'APPROVAL_EXPIRED';
  const at = decidedBy && new Date(decidedBy.at).toISOString().replace('T', ' ').slice(0, 19);
  return {
    status: late ? 409 : 403,
    code: refusal,
    detail:
      refusal === 'APPROVAL_CLOSED' && decidedBy
        ? said(REFUSED.decidedAlready, { what, name: decidedBy.name, at: at! })
        : said(words[refusal]),
  };
}

/** A subject read under the lock, ready to be judged. */
export interface OpenSubject<View> {
  /** What the rule reads: status, expiry, originator and the decisions so far. */
  state: RequestState;
  /** How many approvers the policies ask of it now. */
  required: number;
  /** The subject's own rule, where it is not the approvals rule of ../controls/rules.ts. */
  judge?: (decider: Decider, decision: Decision, time: number) => Outcome;
  /** The conversions into the base currency the requirement was worked out with. */
  conversions?: readonly Conversion[];
  record(trx: Kysely<Database>, entry: DecisionEntry): Promise<void>;
  /** What the decision does to the subject: more approvals wanted, approved, rejected. */
  settle(
    trx: Kysely<Database>,
    outcome: Exclude<Outcome, { kind: 'refused' }>,
    entry: DecisionEntry,
    required: number,
  ): Promise<void>;
  /** A subject found past its expiry (some are closed as expired, some wait to be quoted again). */
  expire(trx: Kysely<Database>, time: number): Promise<void>;
  /** Whom a rejection is told to, in words; null where nobody is told. */
  rejection: RejectionWords | null;
  /** The last decision given, by whom and when: what a late decider is told. */
  lastDecision: DecidedBy | null;
  /** The subject as it reads after the decision. */
  view(trx: Kysely<Database>): Promise<View>;
}

/** A kind of subject: how one is read by its id, with the facts the caller brings. */
export interface SubjectKind<Facts, View> {
  open(
    trx: Kysely<Database>,
    id: string,
    facts: Facts | undefined,
    time: number,
  ): Promise<OpenSubject<View> | undefined>;
}

/** What is decided: a subject of a kind, by its id, with the facts its caller read for it. */
export interface ApprovalRef<Facts, View> {
  kind: SubjectKind<Facts, View>;
  id: string;
  facts?: Facts | undefined;
}

export interface Decided<View> {
  outcome: Outcome;
  /** What the policies asked at this decision. */
  required: number;
  /** The subject after the decision; undefined when there is no such subject. */
  subject: View | undefined;
  /** Refused as closed: who decided it, and when (where the subject knows). */
  decidedBy?: DecidedBy | undefined;
}

export interface ApprovalsDeps {
  db: DashboardDb;
  now: () => number;
  /** Who is told of a rejection (docs/decisions/035); none in tests of the rules. */
  notices?: Pick<Notices, 'requestRejected'> | undefined;
}

/**
 * What the rule says of one person's decision, the decisions of deactivated people left out; a
 * person without the approver role stands in for the approvers away who named them (088).
 */
async function judged(
  trx: Kysely<Database>,
  subject: OpenSubject<unknown>,
  person: Decider,
  decision: Decision,
  time: number,
): Promise<{ outcome: Outcome; forUser?: string | undefined }> {
  const gone = await deactivatedPeople(trx);
  // A deactivated person decides nothing (their session ended with it; this holds whatever
  // channel a decision comes through).
  if (gone.has(person.id)) return { outcome: { kind: 'refused', refusal: 'FORBIDDEN_ROLE' } };
  if (subject.judge) return { outcome: subject.judge(person, decision, time) };
  const decider = (await asDecidersIn(trx, [person], time))[0]!;
  const state = {
    ...subject.state,
    decisions: subject.state.decisions.filter((d) => !gone.has(d.userId)),
  };
  const outcome = judge(state, decider, decision, subject.required, time);
  if (outcome.kind === 'refused') return { outcome };
  const acting = actingFor(state, decider, decision);
  return { outcome, forUser: 'for' in acting ? acting.for : undefined };
}

/**
 * What a person's decision would be now, by the same rule as `decideApproval`, changing nothing:
 * asked before something irreversible is sent (a cancel at the API), then asked again, for real,
 * under the lock.
 */
export async function explainApproval<Facts, View>(
  deps: ApprovalsDeps,
  { kind, id }: ApprovalRef<Facts, View>,
  person: Decider,
  decision: Decision,
): Promise<{ outcome: Outcome; required: number }> {
  const subject = await kind.open(deps.db.db, id, undefined, deps.now());
  if (!subject) return { outcome: { kind: 'refused', refusal: 'APPROVAL_CLOSED' }, required: 1 };
  return {
    outcome: (await judged(deps.db.db, subject, person, decision, deps.now())).outcome,
    required: subject.required,
  };
}

/**
 * One person's decision on one subject. Refused decisions change nothing but an expiry the
 * subject wants recorded; the others are recorded, unless one who approved already finishes a
 * subject a policy change has since made complete.
 */
export async function decideApproval<Facts, View>(
  deps: ApprovalsDeps,
  { kind, id, facts }: ApprovalRef<Facts, View>,
  decider: Decider & { name: string },
  decision: Decision,
  reason: string | null,
): Promise<Decided<View>> {
  return serializedWithControls(deps.db, async (trx) => {
    const time = deps.now();
    const subject = await kind.open(trx, id, facts, time);
    if (!subject)
      return {
        outcome: { kind: 'refused', refusal: 'APPROVAL_CLOSED' },
        required: 1,
        subject: undefined,
      };
    const { required } = subject;
    const { outcome, forUser } = await judged(trx, subject, decider, decision, time);
    if (outcome.kind === 'refused') {
      if (outcome.refusal === 'APPROVAL_EXPIRED') await subject.expire(trx, time);
      const closed = outcome.refusal === 'APPROVAL_CLOSED' && subject.lastDecision;
      return {
        outcome,
        required,
        subject: await subject.view(trx),
        ...(closed ? { decidedBy: closed } : {}),
      };
    }
    const entry: DecisionEntry = {
      userId: decider.id,
      userName: decider.name,
      decision,
      reason,
      at: time,
      conversions: subject.conversions ?? [],
      forUser: forUser ? { id: forUser, name: await nameIn(trx, forUser) } : null,
    };
    if (outcome.kind !== 'complete' || outcome.fresh) await subject.record(trx, entry);
    await subject.settle(trx, outcome, entry, required);
    // Whoever asked is told, with the rejection itself.
    if (outcome.kind === 'rejected' && subject.rejection)
      await deps.notices?.requestRejected(trx, {
        ...subject.rejection!,
        by: entry.forUser
          ? said(REJECTED.onBehalf, { name: decider.name, forName: entry.forUser.name })
          : decider.name,
        reason: reason ?? '',
      });
    return { outcome, required, subject: await subject.view(trx) };
  });
}
