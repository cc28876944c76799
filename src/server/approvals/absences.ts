// Away with a delegate (docs/decisions/088). An approver says "away from … until …" and names a
// delegate; within that window the delegate decides approvals in their place ("Ana on behalf of
// Bruno"), is told of what arrives, and never approves what they (or the approver) created. A
// person has at most one absence; nobody delegates to themselves, to someone deactivated or in a
// loop (the delegate, away at the same time, naming back along the chain).
import type { Kysely } from 'kysely';
import { WORKSPACE_ROLES, hasRole, type Role } from '#/api/roles';
import type { DashboardDb } from '../store/db';
import type { Database } from '../store/schema';
import type { Decider } from '../controls/rules';
import { serializedWithControls } from './requests';
import { wordsCode } from '#/i18n/words';
import { FIELD } from '../refusal-words';

type Db = Kysely<Database>;

export interface Absence {
  userId: string;
  delegateId: string;
  from: number;
  until: number;
}

/** A refusal of an absence, naming its field. */
export interface AbsenceProblem {
  field: 'delegateId' | 'from' | 'until';
  message: string;
}

/** The longest absence one setting covers. */
export const MAX_ABSENCE_DAYS = 92;

const isApprover = (roles: string) =>
  hasRole(roles.split(',') as Role[], WORKSPACE_ROLES.decideApprovals);

/** The absences covering `at` whose people are still active, with their names and roles. */
const absentAt = (db: Db, at: number) =>
  db
    .selectFrom('absence as a')
    .innerJoin('app_user as u', 'u.id', 'a.user_id')
    .innerJoin('app_user as d', 'd.id', 'a.delegate_id')
    .select(['a.user_id', 'a.delegate_id', 'u.name', 'u.roles'])
    .where('a.from_at', '<=', at)
    .where('a.until_at', '>', at)
    .where('u.disabled_at', 'is', null)
    .where('d.disabled_at', 'is', null);

/**
 * These people as the approvals rule reads them at `at`: an approver as they are; anyone else
 * with the approvers away who named them their delegate, active and still approvers (whom they
 * may decide for then, soonest back first). One read for all of them, in `db` (a decision's
 * transaction, or the store for what a page shows).
 */
export async function asDecidersIn<P extends Decider>(
  db: Db,
  people: readonly P[],
  at: number,
): Promise<(P & Pick<Decider, 'standsInFor'>)[]> {
  const approves = (p: P) => hasRole(p.roles, WORKSPACE_ROLES.decideApprovals);
  const others = people.filter((p) => !approves(p)).map((p) => p.id);
  if (others.length === 0) return [...people];
  const rows = await absentAt(db, at)
    .where('a.delegate_id', 'in', others)
    .orderBy('a.until_at')
    .orderBy('a.user_id')
    .execute();
  return people.map((p) =>
    approves(p)
      ? p
      : {
          ...p,
          standsInFor: rows
            .filter((r) => r.delegate_id === p.id && isApprover(r.roles))
            .map((r) => r.user_id),
        },
  );
}

/**
 * The delegates of these approvers who are away at `at`: whom a notice for them also reaches,
 * with the name of the person they stand in for.
 */
export async function delegatesOfIn(
  db: Db,
  approverIds: readonly string[],
  at: number,
): Promise<{ delegateId: string; forName: string }[]> {
  if (approverIds.length === 0) return [];
  const rows = await absentAt(db, at).where('a.user_id', 'in', approverIds).execute();
  return rows.map((r) => ({ delegateId: r.delegate_id, forName: r.name }));
}

export function absenceStore(store: DashboardDb, now: () => number = Date.now) {
  const { db } = store;
  const toAbsence = (r: {
    user_id: string;
    delegate_id: string;
    from_at: number;
    until_at: number;
  }) => ({
    userId: r.user_id,
    delegateId: r.delegate_id,
    from: Number(r.from_at),
    until: Number(r.until_at),
  });
  return {
    /** This person's absence, unless it has ended. */
    async of(userId: string): Promise<Absence | undefined> {
      const row = await db
        .selectFrom('absence')
        .selectAll()
        .where('user_id', '=', userId)
        .where('until_at', '>', now())
        .executeTakeFirst();
      return row && toAbsence(row);
    },

    /** Every absence that has not ended, with the names: what admins see. */
    async current() {
      const rows = await db
        .selectFrom('absence as a')
        .innerJoin('app_user as u', 'u.id', 'a.user_id')
        .innerJoin('app_user as d', 'd.id', 'a.delegate_id')
        .select([
          'a.user_id',
          'a.delegate_id',
          'a.from_at',
          'a.until_at',
          'u.name as name',
          'd.name as delegateName',
        ])
        .where('a.until_at', '>', now())
        .orderBy('a.from_at')
        .execute();
      return rows.map((r) => ({ ...toAbsence(r), name: r.name, delegateName: r.delegateName }));
    },

    /**
     * Sets this approver's absence, replacing any: refused, naming the field, for a window that
     * is not one, a delegate who is themselves, missing, deactivated, or a loop.
     */
    async set(
      userId: string,
      absence: Omit<Absence, 'userId'>,
    ): Promise<AbsenceProblem | undefined> {
      const time = now();
      if (absence.until <= absence.from)
        return { field: 'until', message: wordsCode(FIELD.afterStart) };
      if (absence.until <= time) return { field: 'until', message: wordsCode(FIELD.inFuture) };
      if (absence.until - absence.from > MAX_ABSENCE_DAYS * 86_400_000)
        return {
          field: 'until',
          message: wordsCode(FIELD.withinDays, { days: MAX_ABSENCE_DAYS }),
        };
      if (absence.delegateId === userId)
        return {
          field: 'delegateId',
          message: wordsCode(FIELD.someoneElse),
        };
      // Under the controls' lock: two people naming each other at once make no loop.
      return serializedWithControls(store, async (trx) => {
        const delegate = await trx
          .selectFrom('app_user')
          .select(['id', 'disabled_at'])
          .where('id', '=', absence.delegateId)
          .executeTakeFirst();
        if (!delegate || delegate.disabled_at !== null)
          return {
            field: 'delegateId',
            message: wordsCode(FIELD.activeDelegate),
          } as const;
        // Follow who stands in for whom over the same window: back to this person is a loop.
        const others = await trx
          .selectFrom('absence')
          .select(['user_id', 'delegate_id', 'from_at', 'until_at'])
          .where('user_id', '!=', userId)
          .where('from_at', '<', absence.until)
          .where('until_at', '>', absence.from)
          .execute();
        const next = new Map(others.map((o) => [o.user_id, o.delegate_id]));
        const seen = new Set<string>([userId]);
        for (let at: string | undefined = absence.delegateId; at !== undefined; at = next.get(at)) {
          if (seen.has(at))
            return {
              field: 'delegateId',
              message: wordsCode(FIELD.delegateLoop),
            } as const;
          seen.add(at);
        }
        await trx.deleteFrom('absence').where('user_id', '=', userId).execute();
        await trx
          .insertInto('absence')
          .values({
            user_id: userId,
            delegate_id: absence.delegateId,
            from_at: absence.from,
            until_at: absence.until,
            created_at: time,
            created_by: userId,
          })
          .execute();
        return undefined;
      });
    },

    /** Back: the absence ends now (whether there was one). */
    async clear(userId: string): Promise<boolean> {
      const removed = await db
        .deleteFrom('absence')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(removed.numDeletedRows) > 0;
    },
  };
}

export type AbsenceStore = ReturnType<typeof absenceStore>;
