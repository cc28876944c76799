// Scheduled tasks: the sandbox's delayed moves (KYC review, quotes, settlement), kept in the
// database so that a move due while the process was down still happens when it comes back.
import type { Db } from './db';

export interface ScheduledTask {
  kind: string;
  objectId: number;
  dueTime: number;
}

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
  return {
    schedule(kind: string, objectId: number, dueTime: number) {
      upsert.run(kind, objectId, dueTime);
    },
    cancel(kind: string, objectId: number) {
      remove.run(kind, objectId);
    },
    due: (now: number, limit: number) => due.all(now, limit),
    nextDueTime: (): number | null => next.get()?.dueTime ?? null,
  };
}
