// Runs the sandbox's delayed moves when they fall due. Tasks live in the database, so a move
// that fell due while the process was down runs as soon as it starts again.
import type { FastifyBaseLogger } from 'fastify';
import type { DomainContext } from './domain/context';
import { waitFor, wakeTimer } from './wake-timer';

export type TaskHandler = (ctx: DomainContext, objectId: number) => void;

const BATCH = 100;

export function createScheduler(
  ctx: DomainContext,
  handlers: Record<string, TaskHandler>,
  log: FastifyBaseLogger,
) {
  const timer = wakeTimer(runDue);
  let armedFor: number | undefined;

  function run(task: { kind: string; objectId: number }) {
    const { store } = ctx;
    try {
      // The task's removal and its effects land together, or not at all.
      store.write(() => {
        store.tasks.cancel(task.kind, task.objectId);
        handlers[task.kind]?.(ctx, task.objectId);
      });
    } catch (error) {
      log.error({ err: error, task }, 'scheduled task failed; dropping it');
      store.tasks.cancel(task.kind, task.objectId);
    }
  }

  function runDue() {
    // Called directly too (a test, a move run now): the armed timer goes, or it would be
    // orphaned and fire after stop(), on a closed database.
    timer.clear();
    armedFor = undefined;
    for (;;) {
      const tasks = ctx.store.tasks.due(ctx.now(), BATCH);
      for (const task of tasks) run(task);
      if (tasks.length < BATCH) break;
    }
    arm();
  }

  function arm() {
    if (!timer.running()) return;
    const next = ctx.store.tasks.nextDueTime() ?? Infinity;
    if (timer.armed() && armedFor !== undefined && armedFor <= next) return;
    const wait = waitFor(next, ctx.now());
    armedFor = ctx.now() + wait;
    timer.wakeIn(wait);
  }

  return {
    start: timer.start,
    stop: timer.stop,
    /** Called after a task is stored: wakes earlier if it is due before the armed time. */
    scheduled(dueTime: number) {
      if (!timer.running()) return;
      if (armedFor === undefined || dueTime < armedFor) {
        timer.clear();
        armedFor = undefined;
        arm();
      }
    },
    runDue,
    /** Runs one pending move now, whenever it was due and whether or not moves are held. */
    runNow(kind: string, objectId: number) {
      run({ kind, objectId });
      arm();
    },
    /** After moves were released: what fell due meanwhile runs at once. */
    released() {
      timer.clear();
      armedFor = undefined;
      if (timer.running()) runDue();
    },
  };
}
