// Scheduled tasks: the sandbox's delayed moves (KYC review, quotes, settlement), kept in the
// database so that a move due while the process was down still happens when it comes back.
import type { Db } from './db';

export interface ScheduledTask {
  kind: string;
  objectId: number;
  dueTime: number;
}

// Which partner a task's object belongs to: a KYC review's merchant, or a transaction.
const PARTNER_OF_TASK = `CASE WHEN t.kind = 'kyc_review'
    THEN (SELECT partner_id FROM merchant WHERE id = t.object_id)
    ELSE (SELECT partner_id FROM txn WHERE id = t.object_id) END`;
const NOT_HELD = `NOT EXISTS (SELECT 1 FROM partner p
    WHERE p.moves_held_since IS NOT NULL AND p.id = ${PARTNER_OF_TASK})`;

export function taskRepository(db: Db) {
  const upsert = db.prepare<[string, number, number]>(
    `INSERT INTO scheduled_task (kind, object_id, due_time) VALUES (?, ?, ?)
     ON CONFLICT (kind, object_id) DO UPDATE SET due_time = excluded.due_time`,
  );
  const remove = db.prepare<[string, number]>(
    'DELETE FROM scheduled_task WHERE kind = ? AND object_id = ?',
  );
  const due = db.prepare<[number, number], ScheduledTask>(
    `SELECT kind, object_id AS objectId, due_time AS dueTime FROM scheduled_task
     WHERE due_time <= ? ORDER BY due_time LIMIT ?`,
  );
  const next = db.prepare<[], { dueTime: number }>(
    'SELECT MIN(due_time) AS dueTime FROM scheduled_task',
  );
  // While some partner holds its moves, its tasks are passed over (they stay, and run once
  // released). Nobody holds in the usual case: the plain queries serve.
  const anyHeld = db
    .prepare<[], number>('SELECT EXISTS (SELECT 1 FROM partner WHERE moves_held_since IS NOT NULL)')
    .pluck(true);
  const dueNotHeld = db.prepare<[number, number], ScheduledTask>(
    `SELECT kind, object_id AS objectId, due_time AS dueTime FROM scheduled_task t
     WHERE due_time <= ? AND ${NOT_HELD} ORDER BY due_time LIMIT ?`,
  );
  const nextNotHeld = db.prepare<[], { dueTime: number }>(
    `SELECT MIN(due_time) AS dueTime FROM scheduled_task t WHERE ${NOT_HELD}`,
  );
  const ofObject = db.prepare<[number, number], ScheduledTask>(
    `SELECT kind, object_id AS objectId, due_time AS dueTime FROM scheduled_task t
     WHERE object_id = ? AND ${PARTNER_OF_TASK} = ? ORDER BY due_time`,
  );
  const ofPartner = db.prepare<[number, number], ScheduledTask>(
    `SELECT kind, object_id AS objectId, due_time AS dueTime FROM scheduled_task t
     WHERE ${PARTNER_OF_TASK} = ? ORDER BY due_time LIMIT ?`,
  );
  return {
    /** A partner's pending moves, soonest first. */
    ofPartner: (partnerId: number, limit: number) => ofPartner.all(partnerId, limit),
    /** A partner's pending moves of one object (tasks of every kind on that id, its own). */
    ofObject: (partnerId: number, objectId: number) => ofObject.all(objectId, partnerId),
    schedule(kind: string, objectId: number, dueTime: number) {
      upsert.run(kind, objectId, dueTime);
    },
    cancel(kind: string, objectId: number) {
      remove.run(kind, objectId);
    },
    due: (now: number, limit: number) =>
      anyHeld.get() ? dueNotHeld.all(now, limit) : due.all(now, limit),
    nextDueTime: (): number | null =>
      (anyHeld.get() ? nextNotHeld.get() : next.get())?.dueTime ?? null,
  };
}
