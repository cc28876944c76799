// Runs the sandbox's delayed moves when they fall due. Tasks live in the database, so a move
// that fell due while the process was down runs as soon as it starts again.
import type { FastifyBaseLogger } from 'fastify';
import type { DomainContext } from './domain/context';

export type TaskHandler = (ctx: DomainContext, objectId: number) => void;

const BATCH = 100;
// Another process (the CLI's scenario load) may add tasks: the table is looked at again at least
// this often (one indexed query).
const MAX_WAIT_MS = 2000;

export function createScheduler(
  ctx: DomainContext,
  handlers: Record<string, TaskHandler>,
  log: FastifyBaseLogger,
) {
  let timer: NodeJS.Timeout | undefined;
  let armedFor: number | undefined;
  let running = false;

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
    clearTimeout(timer);
    timer = undefined;
    armedFor = undefined;
    for (;;) {
      const tasks = ctx.store.tasks.due(ctx.now(), BATCH);
      for (const task of tasks) run(task);
      if (tasks.length < BATCH) break;
    }
    arm();
  }

  function arm() {
    if (!running) return;
    const next = ctx.store.tasks.nextDueTime() ?? Infinity;
    if (timer && armedFor !== undefined && armedFor <= next) return;
    clearTimeout(timer);
    const wait = Math.min(MAX_WAIT_MS, Math.max(0, next - ctx.now()));
    armedFor = ctx.now() + wait;
    timer = setTimeout(runDue, wait);
    timer.unref();
  }

  return {
    start() {
      running = true;
      runDue();
    },
    stop() {
      running = false;
      clearTimeout(timer);
      timer = undefined;
    },
    /** Called after a task is stored: wakes earlier if it is due before the armed time. */
    scheduled(dueTime: number) {
      if (!running) return;
      if (armedFor === undefined || dueTime < armedFor) {
        clearTimeout(timer);
        timer = undefined;
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
      clearTimeout(timer);
      timer = undefined;
      armedFor = undefined;
      if (running) runDue();
    },
  };
}
