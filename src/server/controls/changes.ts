// Four eyes on the controls themselves (docs/decisions/042): where the workspace has two or more
// active admins, a change of the approval policies, the approval settings, a person's roles or a
// new person waits here until another admin approves it; then it is applied, once, whoever else
// approves at the same moment. It is decided in ../approvals like every approval; who may decide
// is ./rules.ts's `judgeControlChange`.
import { sayData, toldData, toldStored } from '../words';
import type { z } from 'zod';
import { randomUUID } from 'node:crypto';
import type { ControlChange, ControlChangeKind } from '#/api/controls';
import { WORKSPACE_ROLES, hasRole } from '#/api/roles';
import type { FastifyRequest } from 'fastify';
import { audit } from '../request';
import { type Said, said, wordsCode } from '#/i18n/words';
import { type SaidData } from '#/i18n/said-data';
import { held } from '../endpoint';
import type { DashboardDb } from '../store/db';
import { REQUEST_TTL_MS } from '../approvals/requests';
import type { Kysely } from 'kysely';
import type { ControlChangeTable, Database } from '../store/schema';
import type { User } from '../store/workspace';
import {
  CONTROL_CHANGE_REFUSAL_WORDS,
  type ControlChangeRefusal,
  judgeControlChange,
  fourEyesOnControls,
} from './rules';
import { withdrawRefusal } from './verdict';
import { REFUSED } from '../refusal-words';

export interface StoredControlChange {
  id: string;
  kind: ControlChangeKind;
  payload: unknown;
  /** In English (the audit trail's). */
  summary: string;
  /** The same as words to tell (null for a change held before decision 092). */
  summaryWords: SaidData | null;
  authorId: string;
  authorName: string;
  status: ControlChange['status'];
  createdAt: number;
  expiresAt: number;
  closedAt: number | null;
  decidedByName: string | null;
  reason: string | null;
}

export const toChange = (row: ControlChangeTable): StoredControlChange => ({
  id: row.id,
  kind: row.kind as ControlChangeKind,
  payload: JSON.parse(row.payload) as unknown,
  summary: row.summary,
  summaryWords: row.summary_words === null ? null : (JSON.parse(row.summary_words) as SaidData),
  authorId: row.author_id,
  authorName: row.author_name,
  status: row.status as ControlChange['status'],
  createdAt: Number(row.created_at),
  expiresAt: Number(row.expires_at),
  closedAt: row.closed_at === null ? null : Number(row.closed_at),
  decidedByName: row.decided_by_name,
  reason: row.reason,
});

/** A held change by its id, read in `db` (a transaction, for a decision). */
export async function loadChange(
  db: Kysely<Database>,
  id: string,
): Promise<StoredControlChange | undefined> {
  const row = await db
    .selectFrom('control_change')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toChange(row) : undefined;
}

type Refusal = { refused: { status: number; code: string; detail: string | Said } };
type Answer = Refusal | { change: z.input<typeof ControlChange> };

/** Applies an approved change; the reason it could not be, if it could not. */
export type ApplyChange = (change: StoredControlChange) => Promise<string | undefined>;

export function controlChanges(
  store: DashboardDb,
  /** Everyone in the workspace (to count the active admins). */
  people: () => Promise<User[]>,
  now: () => number = Date.now,
) {
  const { db } = store;

  const load = (id: string) => loadChange(db, id);

  /** The change as a person sees it: whether they can decide it now, else why. */
  function asSeenBy(change: StoredControlChange, viewer: User): z.input<typeof ControlChange> {
    const refusal = judgeControlChange(change, viewer, now());
    const { payload: _payload, summaryWords, ...rest } = change;
    return {
      ...rest,
      // Amounts in the viewer's formats where they chose them, as the page around it shows.
      summary: summaryWords ? toldData(summaryWords, viewer.locale ?? undefined) : change.summary,
      reason: change.reason === null ? null : toldStored(change.reason),
      status: change.status === 'pending' && change.expiresAt <= now() ? 'expired' : change.status,
      canAct: refusal === null,
      why: refusal === null ? null : said(CONTROL_CHANGE_REFUSAL_WORDS[refusal]),
    };
  }

  const refused = (refusal: ControlChangeRefusal): Refusal => ({
    refused: {
      status: refusal === 'FORBIDDEN_ROLE' || refusal === 'AUTHOR_CANNOT_APPROVE' ? 403 : 409,
      code: refusal,
      detail: said(CONTROL_CHANGE_REFUSAL_WORDS[refusal]),
    },
  });

  return {
    asSeenBy,

    /** Whether changes of the controls wait for a second admin now. */
    async fourEyes(): Promise<boolean> {
      const admins = (await people()).filter(
        (p) => p.disabledAt === null && hasRole(p.roles, WORKSPACE_ROLES.administer),
      );
      return fourEyesOnControls(admins.length);
    },

    /** Holds a change for a second admin. */
    async propose(
      kind: ControlChangeKind,
      payload: unknown,
      summary: SaidData,
      author: User,
    ): Promise<StoredControlChange> {
      const time = now();
      const row: ControlChangeTable = {
        id: randomUUID(),
        kind,
        payload: JSON.stringify(payload),
        summary: sayData(null, summary),
        summary_words: JSON.stringify(summary),
        author_id: author.id,
        author_name: author.name,
        status: 'pending',
        created_at: time,
        // A week, as an approval request waits.
        expires_at: time + REQUEST_TTL_MS,
        closed_at: null,
        decided_by: null,
        decided_by_name: null,
        reason: null,
      };
      await db.insertInto('control_change').values(row).execute();
      return toChange(row);
    },

    /** The changes waiting, oldest first, then the last 20 decided. */
    async list(): Promise<StoredControlChange[]> {
      const pending = await db
        .selectFrom('control_change')
        .selectAll()
        .where('status', '=', 'pending')
        .orderBy('created_at')
        .execute();
      const decided = await db
        .selectFrom('control_change')
        .selectAll()
        .where('status', '!=', 'pending')
        .orderBy('closed_at', 'desc')
        .limit(20)
        .execute();
      return [...pending, ...decided].map(toChange);
    },

    /**
     * An approved change (closed as applied by its decision, ../approvals) done by `apply`; one
     * that cannot be applied any more is marked failed with the reason.
     */
    async applyApproved(change: StoredControlChange, apply: ApplyChange): Promise<void> {
      const failure = await apply(change).catch((error: unknown) =>
        error instanceof Error ? error.message : wordsCode(REFUSED.notApplied),
      );
      if (failure)
        await db
          .updateTable('control_change')
          .set({ status: 'failed', reason: failure })
          .where('id', '=', change.id)
          .execute();
    },

    load,

    /** Its author takes a waiting change back. */
    async withdraw(id: string, user: User): Promise<Answer> {
      const change = await load(id);
      const refusal = withdrawRefusal(change, user, 'admin');
      if (refusal) return refusal;
      const closed = await db
        .updateTable('control_change')
        .set({ status: 'withdrawn', closed_at: now() })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(closed.numUpdatedRows) !== 1) return refused('APPROVAL_CLOSED');
      return { change: asSeenBy((await load(id))!, user) };
    },
  };
}

export type ControlChanges = ReturnType<typeof controlChanges>;

/**
 * Holds a change of the controls for a second admin on behalf of the signed-in admin: proposed,
 * on the audit trail as held, and answered 202 with the change (the endpoint's `held` answer).
 */
export async function holdForSecondAdmin(
  changes: Pick<ControlChanges, 'propose' | 'asSeenBy'>,
  request: FastifyRequest,
  change: {
    kind: ControlChangeKind;
    payload: unknown;
    summary: SaidData;
    audit: { action: string; target?: string; details?: Record<string, unknown> };
  },
) {
  const author = request.signedIn!.user;
  const proposed = await changes.propose(change.kind, change.payload, change.summary, author);
  await audit(request, {
    action: change.audit.action,
    target: change.audit.target ?? proposed.id,
    outcome: 'ok',
    details: { held: true, change: proposed.id, ...change.audit.details },
  });
  return held({ change: changes.asSeenBy(proposed, author) });
}
